import { QueryClient } from '@tanstack/react-query';
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
