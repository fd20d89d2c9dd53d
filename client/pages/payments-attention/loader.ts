import type { LoaderFunctionArgs } from 'react-router-dom';
import { attentionPaymentsQuery } from '../../api/payments.js';
import { requireSession } from '../../app/guards.js';
import { loaderContext } from '../../app/router-context.js';
import { prefetchForFirstPaint } from '../../app/prefetch.js';

export async function paymentsAttentionLoader(args: LoaderFunctionArgs): Promise<null> {
  await requireSession('admin')(args);
  const { queryClient, api } = loaderContext(args.context);
  await prefetchForFirstPaint(queryClient, attentionPaymentsQuery(api));
  return null;
}
