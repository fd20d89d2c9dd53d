import type { LoaderFunctionArgs } from 'react-router-dom';
import { allRentalsQuery } from '../../api/rentals.js';
import { requireSession } from '../../app/guards.js';
import { loaderContext } from '../../app/router-context.js';
import { prefetchForFirstPaint } from '../../app/prefetch.js';

export async function returnBikesLoader(args: LoaderFunctionArgs): Promise<null> {
  await requireSession('admin')(args);
  const { queryClient, api } = loaderContext(args.context);
  await prefetchForFirstPaint(queryClient, allRentalsQuery(api));
  return null;
}
