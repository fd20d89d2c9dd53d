import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from './api-context.js';
import type { HttpClient } from './http.js';
import { useApiMutation } from './mutations.js';
import { queryKeys } from './query-keys.js';
import type { Schemas, User } from './types.js';

/** Spec section 9: the All Users screen pages by 3. */
export const USERS_PAGE_SIZE = 3;

export type UsersPage = Schemas['UsersPageDto'];

export async function fetchUsers(api: HttpClient, page: number, limit: number): Promise<UsersPage> {
  return (await api.get<UsersPage>('users/allusers', { query: { page, limit } })).data;
}

/** Promote: no body, the server makes the user an admin. */
export async function promoteUser(api: HttpClient, id: string): Promise<User> {
  return (await api.put<User>(`users/${encodeURIComponent(id)}/role`)).data;
}

export async function deleteUser(api: HttpClient, id: string): Promise<void> {
  await api.delete<null>(`users/${encodeURIComponent(id)}`);
}

export const usersQuery = (api: HttpClient, page: number, limit: number = USERS_PAGE_SIZE) =>
  queryOptions({ queryKey: queryKeys.users.list(page, limit), queryFn: () => fetchUsers(api, page, limit) });

/** One page of accounts; the previous page stays on screen while the next one loads. */
export function useUsers(page: number, limit: number = USERS_PAGE_SIZE) {
  const api = useApi();
  return useQuery({ ...usersQuery(api, page, limit), placeholderData: keepPreviousData });
}

// The dashboard's newest-users list and signup counts change with the accounts.
const USER_DATA_KEYS = [queryKeys.users.all, queryKeys.dashboard.all];

export function usePromoteUser() {
  return useApiMutation((api, id: string) => promoteUser(api, id), USER_DATA_KEYS);
}

export function useDeleteUser() {
  return useApiMutation((api, id: string) => deleteUser(api, id), USER_DATA_KEYS);
}
