import type { LoaderFunctionArgs } from 'react-router-dom';
import { bikesQuery } from '../../api/bikes.js';
import { loaderContext } from '../../app/router-context.js';
import { prefetchOrForget } from '../../app/prefetch.js';
import { FEATURED_PAGES, featuredParams, PROMO_SEARCH } from './home-content.js';

/** Home: the featured bikes and the promoted bike's page are in the server's HTML. */
export async function homeLoader({ context }: LoaderFunctionArgs): Promise<null> {
  const { queryClient, api } = loaderContext(context);
  const pages = Array.from({ length: FEATURED_PAGES }, (_, i) => prefetchOrForget(queryClient, bikesQuery(api, featuredParams(i + 1))));
  const loading = Promise.all([...pages, prefetchOrForget(queryClient, bikesQuery(api, { searchTerm: PROMO_SEARCH }))]);
  // The server's HTML carries the bikes; in the browser the page opens at once and its three featured skeletons
  // stand where the bikes load (prefetchOrForget never rejects).
  if (typeof window === 'undefined') await loading;
  return null;
}
