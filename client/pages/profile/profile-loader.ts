import type { LoaderFunctionArgs } from 'react-router-dom';
import { favouritesQuery } from '../../api/favourites.js';
import { myReviewsQuery } from '../../api/reviews.js';
import { meQuery, sessionQuery } from '../../api/users.js';
import { requireSession } from '../../app/guards.js';
import { loaderContext } from '../../app/router-context.js';

const signedIn = requireSession();

/**
 * Profile: the account is required for the page; reviews and favourites are prefetched but may fail on their own
 * (their cards then load in the browser, with skeletons and a retry).
 */
export async function profileLoader(args: LoaderFunctionArgs): Promise<null> {
  await signedIn(args);
  const { queryClient, api } = loaderContext(args.context);
  const session = queryClient.getQueryData(sessionQuery(api).queryKey);
  await Promise.all([
    queryClient.ensureQueryData(meQuery(api)),
    queryClient.prefetchQuery(myReviewsQuery(api)),
    // Admins cannot keep favourites (spec section 6): their card explains that without asking the server.
    session?.role === 'user' ? queryClient.prefetchQuery(favouritesQuery(api)) : null,
  ]);
  return null;
}

/** Update Profile: the account, in the server's HTML. */
export async function updateProfileLoader(args: LoaderFunctionArgs): Promise<null> {
  await signedIn(args);
  const { queryClient, api } = loaderContext(args.context);
  await queryClient.ensureQueryData(meQuery(api));
  return null;
}
