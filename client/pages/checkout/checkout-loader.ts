import { data, type LoaderFunctionArgs } from 'react-router-dom';
import { isApiError } from '../../api/http.js';
import { rentalCheckoutQuery } from '../../api/rentals.js';
import { requireSession } from '../../app/guards.js';
import { loaderContext } from '../../app/router-context.js';

export interface CheckoutLoaderData {
  /** False when the caller has no rental with this payment reference (the page explains; HTTP 404). */
  found: boolean;
}

const userOnly = requireSession('user');

/** /checkout/:id: role user (spec section 6), then the rental by its paymentId, in the server's HTML. */
export async function checkoutLoader(args: LoaderFunctionArgs) {
  await userOnly(args);
  const { queryClient, api } = loaderContext(args.context);
  try {
    // After paying, the back button must not offer Pay Now from a stale copy.
    await queryClient.ensureQueryData({ ...rentalCheckoutQuery(api, args.params.id ?? ''), revalidateIfStale: true });
    return { found: true } satisfies CheckoutLoaderData;
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 400)) {
      return data<CheckoutLoaderData>({ found: false }, { status: 404 });
    }
    throw error;
  }
}
