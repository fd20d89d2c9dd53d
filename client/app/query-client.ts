import { QueryClient, type DehydratedState } from '@tanstack/react-query';
import { isApiError } from '../api/http.js';

/** Spec section 7: cached data is kept 60 seconds after last use; queries refetch on focus, reconnect and mount. */
export const CACHE_TIME_MS = 60_000;

/**
 * A new client per server render (never a module-level singleton on the server) and one for the browser's
 * lifetime. Data rendered on the server counts as fresh for a short while, so hydration does not refetch it at once.
 */
export function createQueryClient({ server }: { server: boolean }): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // On the server the client lives for one request: no garbage-collection timers.
        gcTime: server ? Infinity : CACHE_TIME_MS,
        staleTime: 15_000,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
        refetchOnMount: true,
        retry: server
          ? false
          : (failures, error) => failures < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}

/**
 * The server's data as of the page's arrival in the browser: each query's `dataUpdatedAt` becomes `now`. An anonymous
 * page can come from the page cache (up to PAGE_CACHE_TTL_MS, 30 s, and emptied on every change of what it shows), so
 * its data was fetched up to 30 s before the visitor got it; judged by that time it is already stale (staleTime 15 s)
 * and hydration asked the API again for exactly what the HTML shows. The HTML and its data are one answer: both are
 * as current as the page, and the data ages from when the visitor has them.
 */
export function asOfArrival(state: DehydratedState, now: number): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) =>
      query.state.status === 'success' ? { ...query, state: { ...query.state, dataUpdatedAt: now } } : query,
    ),
  };
}
