import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { paymentQuery, paymentStatusQuery } from '../../api/payments.js';
import { sessionQuery } from '../../api/users.js';
import { prefetchOrForget } from '../../app/prefetch.js';
import { loaderContext } from '../../app/router-context.js';

/**
 * /payment/result?payment=<id>: where the gateway sends the payer back. Signed in, the payment is loaded for the
 * first paint (a missing or foreign one is the page's own message rather than a bare 404); not signed in (a
 * client on another origin, another browser), only its outcome, by the payment's unguessable id (issue 12).
 */
export async function paymentResultLoader({ request, context }: LoaderFunctionArgs): Promise<null> {
  const { queryClient, api } = loaderContext(context);
  const session = await queryClient.ensureQueryData(sessionQuery(api));
  const id = new URL(request.url).searchParams.get('payment')?.trim() ?? '';
  if (!session && !id) throw redirect('/login');
  if (id) {
    await prefetchOrForget(queryClient, session ? paymentQuery(api, id) : paymentStatusQuery(api, id));
  }
  return null;
}
