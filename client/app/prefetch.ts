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
  // In the browser the failure stays in the cache: a page whose query says so (`enabled: unlessFailed` below, or
  // `retryOnMount: false` when it only mounts with it) shows its error at once instead of asking again.
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
 * prefetchForFirstPaint for a query whose options are spelled loosely. On the server a failure is forgotten (failed
 * queries are not sent to the browser, which starts them afresh: both render the same loading state, no hydration
 * mismatch). In the browser the failure stays in the cache for the page to show: forgetting it there made the page
 * ask again itself, with its own retry, after the loader had already asked twice (issue 20 item 20).
 */
export async function prefetchOrForget(queryClient: QueryClient, query: { queryKey: QueryKey; queryFn?: unknown }): Promise<void> {
  await prefetchForFirstPaint(queryClient, query as FetchQueryOptions<unknown, Error, unknown, QueryKey>);
}

/**
 * `enabled` for a page's query that its route loader prefetches: the page does not ask again on its own for a query
 * it finds failed, because the loader just asked (with the query's retry) before the page showed. TanStack Query's
 * `retryOnMount: false` is not enough: it only covers an observer's mount, and a page that stays mounted while the URL
 * changes its key refetches the new key whenever it is stale, which a failed query without data always is.
 * The page shows the error with its Retry (`refetch()` runs whatever `enabled` says); a new navigation's loader asks
 * again; a key not fetched yet (the browser's first paint after the server forgot a failure) loads as usual.
 */
export function unlessFailed(query: { state: { status: string } }): boolean {
  return query.state.status !== 'error';
}
