import type { LoaderFunctionArgs } from 'react-router-dom';
import { emailsQuery } from '../../api/notifications.js';
import { requireSession } from '../../app/guards.js';
import { loaderContext } from '../../app/router-context.js';
import { pageFromSearch, prefetchForFirstPaint } from '../../app/prefetch.js';

export async function emailsLoader(args: LoaderFunctionArgs): Promise<null> {
  await requireSession('admin')(args);
  const { queryClient, api } = loaderContext(args.context);
  await prefetchForFirstPaint(queryClient, emailsQuery(api, pageFromSearch(new URL(args.request.url).searchParams)));
  return null;
}
