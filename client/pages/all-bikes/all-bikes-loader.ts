import type { LoaderFunctionArgs } from 'react-router-dom';
import { bikesQuery } from '../../api/bikes.js';
import { loaderContext } from '../../app/router-context.js';
import { prefetchOrForget } from '../../app/prefetch.js';
import { listingQueryParams, readListingState } from './listing-params.js';

/** /allbikes and /listings: the page the URL names, in the server's HTML. */
export async function allBikesLoader({ request, context }: LoaderFunctionArgs): Promise<null> {
  const { queryClient, api } = loaderContext(context);
  const state = readListingState(new URL(request.url).searchParams);
  await prefetchOrForget(queryClient, bikesQuery(api, listingQueryParams(state)));
  return null;
}
