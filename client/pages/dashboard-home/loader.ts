import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { dashboardSummaryQuery } from '../../api/dashboard.js';
import { favouritesQuery } from '../../api/favourites.js';
import { meQuery, sessionQuery } from '../../api/users.js';
import { loaderContext } from '../../app/router-context.js';

/**
 * Loads what a page shows on first paint without failing the route: on the server a failed request leaves no cache
 * entry, so the server renders the loading state, the browser hydrates the same markup and retries, and the page
 * shows its own error state (with a retry) if the call fails again.
 */
export async function prefetchForFirstPaint<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  queryClient: QueryClient,
  query: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): Promise<void> {
  await queryClient.prefetchQuery(query);
  // In the browser the failure stays in the cache: the page shows its error at once instead of asking again.
  if (typeof window === 'undefined' && queryClient.getQueryState(query.queryKey)?.status === 'error') {
    queryClient.removeQueries({ queryKey: query.queryKey, exact: true });
  }
}

/** Positive page number from `?page=`, 1 when absent or malformed. */
export function pageFromSearch(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

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
