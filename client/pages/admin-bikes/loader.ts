import type { LoaderFunctionArgs } from 'react-router-dom';
import { fleetQuery } from '../../api/bikes.js';
import { requireSession } from '../../app/guards.js';
import { loaderContext } from '../../app/router-context.js';
import { prefetchForFirstPaint } from '../../app/prefetch.js';

/** The whole fleet, once: the table filters and pages it on the client (spec: the admin filters are client-side). */
export async function adminBikesLoader(args: LoaderFunctionArgs): Promise<null> {
  await requireSession('admin')(args);
  const { queryClient, api } = loaderContext(args.context);
  // Moving between pages changes only `?page=`: the fleet already loaded serves it (the page refreshes it when stale).
  const query = fleetQuery(api);
  if (queryClient.getQueryData(query.queryKey) === undefined) await prefetchForFirstPaint(queryClient, query);
  return null;
}
