import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import type { Role } from '../api/types.js';
import { sessionQuery } from '../api/users.js';
import { loaderContext } from './router-context.js';

/**
 * Route guard as a loader: runs on the server (HTTP 302) and in the browser before navigation. Signed out, or a
 * role not in `roles`, goes to /login (spec section 6).
 */
export function requireSession(...roles: Role[]) {
  return async ({ context }: LoaderFunctionArgs): Promise<null> => {
    const { queryClient, api } = loaderContext(context);
    const session = await queryClient.ensureQueryData(sessionQuery(api));
    if (!session || (roles.length > 0 && !roles.includes(session.role))) throw redirect('/login');
    return null;
  };
}
