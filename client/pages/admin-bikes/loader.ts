import type { LoaderFunctionArgs } from 'react-router';
import { ADMIN_BIKES_PAGE_SIZE } from '../../api/admin-bikes.js';
import { bikesQuery } from '../../api/bikes.js';
import { requireSession } from '../../app/guards.js';
import { loaderContext } from '../../app/router-context.js';
import { pageFromSearch, prefetchForFirstPaint } from '../dashboard-home/loader.js';

export async function adminBikesLoader(args: LoaderFunctionArgs): Promise<null> {
  await requireSession('admin')(args);
  const { queryClient, api } = loaderContext(args.context);
  await prefetchForFirstPaint(queryClient, bikesQuery(api, { page: pageFromSearch(new URL(args.request.url).searchParams), limit: ADMIN_BIKES_PAGE_SIZE }));
  return null;
}
