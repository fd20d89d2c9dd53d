import type { LoaderFunctionArgs } from 'react-router-dom';
import { addonsQuery, couponsQuery } from '../../api/addons.js';
import { requireSession } from '../../app/guards.js';
import { prefetchForFirstPaint } from '../../app/prefetch.js';
import { loaderContext } from '../../app/router-context.js';

export async function addonsLoader(args: LoaderFunctionArgs): Promise<null> {
  await requireSession('admin')(args);
  const { queryClient, api } = loaderContext(args.context);
  await Promise.all([prefetchForFirstPaint(queryClient, addonsQuery(api)), prefetchForFirstPaint(queryClient, couponsQuery(api))]);
  return null;
}
