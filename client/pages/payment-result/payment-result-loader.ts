import { redirect, type LoaderFunctionArgs } from 'react-router';
import { paymentQuery } from '../../api/payments.js';
import { sessionQuery } from '../../api/users.js';
import { loaderContext } from '../../app/router-context.js';

/**
 * /payment/result?payment=<id>: where the gateway sends the payer back. Signed-in only; the payment is loaded for
 * the first paint, but a missing or foreign one is the page's own message rather than a bare 404.
 */
export async function paymentResultLoader({ request, context }: LoaderFunctionArgs): Promise<null> {
  const { queryClient, api } = loaderContext(context);
  const session = await queryClient.ensureQueryData(sessionQuery(api));
  if (!session) throw redirect('/login');
  const id = new URL(request.url).searchParams.get('payment')?.trim() ?? '';
  if (id) {
    const query = paymentQuery(api, id);
    await queryClient.prefetchQuery(query);
    // Failed queries are not sent to the browser, which starts them afresh: render them that way on the server too.
    if (queryClient.getQueryState(query.queryKey)?.status === 'error') queryClient.removeQueries({ queryKey: query.queryKey, exact: true });
  }
  return null;
}
