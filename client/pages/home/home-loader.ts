import type { LoaderFunctionArgs } from 'react-router';
import { bikesQuery } from '../../api/bikes.js';
import { loaderContext } from '../../app/router-context.js';
import { prefetchOrForget } from '../search/search-loader.js';
import { FEATURED_PAGES, featuredParams, PROMO_SEARCH } from './home-content.js';

/** Home: the featured bikes and the promoted bike's page are in the server's HTML. */
export async function homeLoader({ context }: LoaderFunctionArgs): Promise<null> {
  const { queryClient, api } = loaderContext(context);
  const pages = Array.from({ length: FEATURED_PAGES }, (_, i) => prefetchOrForget(queryClient, bikesQuery(api, featuredParams(i + 1))));
  await Promise.all([...pages, prefetchOrForget(queryClient, bikesQuery(api, { searchTerm: PROMO_SEARCH }))]);
  return null;
}
