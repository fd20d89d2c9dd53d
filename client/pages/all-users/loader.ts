import type { LoaderFunctionArgs } from 'react-router-dom';
import { USERS_PAGE_SIZE, usersQuery } from '../../api/admin-users.js';
import { requireSession } from '../../app/guards.js';
import { loaderContext } from '../../app/router-context.js';
import { pageFromSearch, prefetchForFirstPaint } from '../../app/prefetch.js';

export async function allUsersLoader(args: LoaderFunctionArgs): Promise<null> {
  await requireSession('admin')(args);
  const { queryClient, api } = loaderContext(args.context);
  await prefetchForFirstPaint(queryClient, usersQuery(api, pageFromSearch(new URL(args.request.url).searchParams), USERS_PAGE_SIZE));
  return null;
}
