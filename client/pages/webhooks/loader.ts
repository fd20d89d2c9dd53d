import type { LoaderFunctionArgs } from 'react-router-dom';
import { webhooksQuery } from '../../api/notifications.js';
import { requireSession } from '../../app/guards.js';
import { loaderContext } from '../../app/router-context.js';
import { prefetchForFirstPaint } from '../../app/prefetch.js';

export async function webhooksLoader(args: LoaderFunctionArgs): Promise<null> {
  await requireSession('admin')(args);
  const { queryClient, api } = loaderContext(args.context);
  await prefetchForFirstPaint(queryClient, webhooksQuery(api));
  return null;
}
