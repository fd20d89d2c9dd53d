import type { LoaderFunctionArgs } from 'react-router-dom';
import { agreementVersionsQuery, currentAgreementQuery, rentalAgreementQuery, signedAgreementsQuery } from '../../api/agreements.js';
import { requireSession } from '../../app/guards.js';
import { prefetchForFirstPaint } from '../../app/prefetch.js';
import { loaderContext } from '../../app/router-context.js';

/** The signing page: the rental's customer, or staff on the counter's tablet (the API answers 404 to anyone else). */
export async function signAgreementLoader(args: LoaderFunctionArgs): Promise<null> {
  await requireSession()(args);
  const { queryClient, api } = loaderContext(args.context);
  await prefetchForFirstPaint(queryClient, rentalAgreementQuery(api, args.params.id ?? ''));
  return null;
}

export async function agreementAdminLoader(args: LoaderFunctionArgs): Promise<null> {
  await requireSession('admin')(args);
  const { queryClient, api } = loaderContext(args.context);
  await Promise.all([
    prefetchForFirstPaint(queryClient, currentAgreementQuery(api)),
    prefetchForFirstPaint(queryClient, agreementVersionsQuery(api)),
    prefetchForFirstPaint(queryClient, signedAgreementsQuery(api, 1)),
  ]);
  return null;
}
