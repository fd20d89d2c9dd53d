import type { LoaderFunctionArgs } from 'react-router-dom';
import { dashboardSummaryQuery } from '../../api/dashboard.js';
import { favouritesQuery } from '../../api/favourites.js';
import { meQuery, sessionQuery } from '../../api/users.js';
import { prefetchForFirstPaint } from '../../app/prefetch.js';
import { loaderContext } from '../../app/router-context.js';

/** Dashboard home: the admin's summary, or the user's favourites. The parent route guards the session. */
export async function dashboardHomeLoader({ context }: LoaderFunctionArgs): Promise<null> {
  const { queryClient, api } = loaderContext(context);
  const session = await queryClient.ensureQueryData(sessionQuery(api));
  // The account's age picks the greeting (greeting.ts); the server's session carries no creation date.
  const me = session ? prefetchForFirstPaint(queryClient, meQuery(api)) : Promise.resolve();
  if (session?.role === 'admin') await prefetchForFirstPaint(queryClient, dashboardSummaryQuery(api));
  else if (session?.role === 'user') await prefetchForFirstPaint(queryClient, favouritesQuery(api));
  await me;
  return null;
}
