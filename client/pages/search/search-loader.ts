import type { LoaderFunctionArgs } from 'react-router-dom';
import { bikesQuery, type BikeListParams } from '../../api/bikes.js';
import { loaderContext } from '../../app/router-context.js';
import { pageFromSearch, prefetchOrForget } from '../../app/prefetch.js';

export const searchTermOf = (url: URL): string => (url.searchParams.get('searchTerm') ?? '').trim();

/** Search results per page: every match is reachable through Previous / Next. */
export const SEARCH_PAGE_SIZE = 12;

/** The bikes request of a search page (`?searchTerm=&page=`). */
export const searchParamsOf = (term: string, page: number): BikeListParams => ({ searchTerm: term, page, limit: SEARCH_PAGE_SIZE });

/** /search?searchTerm=: the matches are in the server's HTML. */
export async function searchLoader({ request, context }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const term = searchTermOf(url);
  if (!term) return null;
  const { queryClient, api } = loaderContext(context);
  await prefetchOrForget(queryClient, bikesQuery(api, searchParamsOf(term, pageFromSearch(url.searchParams))));
  return null;
}
