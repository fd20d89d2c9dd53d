import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from './api-context.js';
import type { HttpClient } from './http.js';
import { queryKeys } from './query-keys.js';
import type { Schemas, Session, User } from './types.js';

export const toSession = (user: Pick<User, '_id' | 'name' | 'email' | 'role'> & { createdAt?: string; language?: string | null }): Session => ({
  id: user._id,
  name: user.name,
  email: user.email,
  role: user.role,
  language: user.language ?? null,
  ...(user.createdAt ? { createdAt: user.createdAt } : {}),
});

export async function fetchMe(api: HttpClient): Promise<User> {
  return (await api.get<User>('users/me')).data;
}

/** The signed-in caller, or null when the cookie is missing, expired or revoked (200 either way: no console noise). */
export async function fetchSession(api: HttpClient): Promise<Session | null> {
  const user = (await api.get<User | null>('auth/session')).data;
  return user ? toSession(user) : null;
}

export type ProfileInput = Partial<Pick<User, 'name' | 'email' | 'phone' | 'address' | 'language'>>;

export async function updateMe(api: HttpClient, input: ProfileInput): Promise<User> {
  return (await api.put<User>('users/me', input)).data;
}

export const sessionQuery = (api: HttpClient) =>
  queryOptions({ queryKey: queryKeys.session, queryFn: () => fetchSession(api), staleTime: 60_000 });

export const meQuery = (api: HttpClient) => queryOptions({ queryKey: queryKeys.users.me(), queryFn: () => fetchMe(api) });

/** Who is signed in (null when nobody). Server-rendered pages hydrate it, so it is known on the first paint. */
export function useSession(): Session | null {
  const api = useApi();
  return useQuery(sessionQuery(api)).data ?? null;
}

export function useMe() {
  const api = useApi();
  return useQuery(meQuery(api));
}

export function useUpdateMe() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => updateMe(api, input),
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.users.me(), user);
      queryClient.setQueryData(queryKeys.session, toSession(user));
      return queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
    },
  });
}

export type PasswordChange = Schemas['ChangePasswordDto'];

/** Changes the password; the server ends every other session and sets a new cookie for this one. */
export async function changePassword(api: HttpClient, input: PasswordChange): Promise<User> {
  return (await api.put<User>('users/me/password', input)).data;
}

export function useChangePassword() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PasswordChange) => changePassword(api, input),
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.users.me(), user);
      queryClient.setQueryData(queryKeys.session, toSession(user));
    },
  });
}
