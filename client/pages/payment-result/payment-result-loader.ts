import { redirect, redirectDocument, type LoaderFunctionArgs } from 'react-router-dom';
import { paymentQuery, paymentStatusQuery, type Payment } from '../../api/payments.js';
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
  const params = new URL(request.url).searchParams;
  const id = params.get('payment')?.trim() ?? '';
  if (!session && !id) throw redirect('/login');
  if (id) {
    if (session && params.get('resume') === '1') {
      // My Rentals' 'Pay booking fee': straight on to the payment's hosted page while it can still be paid (a full
      // page load: the gateway's page is not one of the app's routes). Fresh, not cached: it may have ended since.
      await queryClient.fetchQuery({ ...paymentQuery(api, id), staleTime: 0 }).catch(() => undefined);
      const payment = queryClient.getQueryData(paymentQuery(api, id).queryKey);
      if (resumable(payment)) throw redirectDocument(payment.payment_url);
    }
    await prefetchOrForget(queryClient, session ? paymentQuery(api, id) : paymentStatusQuery(api, id));
  }
  return null;
}

/** A payment the payer can still pay on its hosted page: pending, with a page, before its deadline. */
export function resumable(payment: Payment | undefined, now = Date.now()): payment is Payment & { payment_url: string } {
  return (
    payment !== undefined &&
    payment.status === 'pending' &&
    typeof payment.payment_url === 'string' &&
    payment.payment_url !== '' &&
    (!payment.expiresAt || new Date(payment.expiresAt).getTime() > now)
  );
}
