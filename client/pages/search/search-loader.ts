import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { bikesQuery } from '../../api/bikes.js';
import { loaderContext } from '../../app/router-context.js';

/**
 * Failed queries are not sent to the browser, which starts them afresh; forgetting them on the server too makes
 * both render the same loading state (no hydration mismatch).
 */
export async function prefetchOrForget(queryClient: QueryClient, query: { queryKey: QueryKey; queryFn?: unknown }): Promise<void> {
  await queryClient.prefetchQuery(query as Parameters<QueryClient['prefetchQuery']>[0]);
  if (queryClient.getQueryState(query.queryKey)?.status === 'error') queryClient.removeQueries({ queryKey: query.queryKey, exact: true });
}

export const searchTermOf = (url: URL): string => (url.searchParams.get('searchTerm') ?? '').trim();

/** /search?searchTerm=: the matches are in the server's HTML. */
export async function searchLoader({ request, context }: LoaderFunctionArgs): Promise<null> {
  const term = searchTermOf(new URL(request.url));
  if (!term) return null;
  const { queryClient, api } = loaderContext(context);
  await prefetchOrForget(queryClient, bikesQuery(api, { searchTerm: term }));
  return null;
}
