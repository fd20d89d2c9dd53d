import type { LoaderFunctionArgs } from 'react-router-dom';
import { calendarFeedsQuery, openingHoursQuery } from '../../api/shop.js';
import { requireSession } from '../../app/guards.js';
import { loaderContext } from '../../app/router-context.js';
import { prefetchForFirstPaint } from '../../app/prefetch.js';

export async function shopSettingsLoader(args: LoaderFunctionArgs): Promise<null> {
  await requireSession('admin')(args);
  const { queryClient, api } = loaderContext(args.context);
  await Promise.all([prefetchForFirstPaint(queryClient, openingHoursQuery(api)), prefetchForFirstPaint(queryClient, calendarFeedsQuery(api))]);
  return null;
}
