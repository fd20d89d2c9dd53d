import type { LoaderFunctionArgs } from 'react-router-dom';
import { myRentalsQuery } from '../../api/rentals.js';
import { requireSession } from '../../app/guards.js';
import { loaderContext } from '../../app/router-context.js';

const userOnly = requireSession('user');

/** My Rentals and Add Review: role user (spec section 6), with the caller's rentals in the server's HTML. */
export async function myRentalsLoader(args: LoaderFunctionArgs): Promise<null> {
  await userOnly(args);
  const { queryClient, api } = loaderContext(args.context);
  await queryClient.ensureQueryData(myRentalsQuery(api));
  return null;
}
