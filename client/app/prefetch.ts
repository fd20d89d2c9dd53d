import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';

/*
 * What route loaders share: prefetching a page's data so the server's HTML carries it, without failing the route.
 */

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

/**
 * Failed queries are not sent to the browser, which starts them afresh; forgetting them on the server too makes
 * both render the same loading state (no hydration mismatch).
 */
export async function prefetchOrForget(queryClient: QueryClient, query: { queryKey: QueryKey; queryFn?: unknown }): Promise<void> {
  await queryClient.prefetchQuery(query as Parameters<QueryClient['prefetchQuery']>[0]);
  if (queryClient.getQueryState(query.queryKey)?.status === 'error') queryClient.removeQueries({ queryKey: query.queryKey, exact: true });
}
