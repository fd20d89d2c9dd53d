import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rememberLogin, rememberLogout } from '../app/auth-storage.js';
import { useApi } from './api-context.js';
import type { ApiSuccess, HttpClient } from './http.js';
import { queryKeys } from './query-keys.js';
import type { LoginInput, SignupInput, User } from './types.js';
import { toSession } from './users.js';

export function login(api: HttpClient, input: LoginInput): Promise<ApiSuccess<User>> {
  return api.post<User>('auth/login', input);
}

/** Signup always asks for role 'user' (spec section 5); the server enforces it too. */
export function signup(api: HttpClient, input: SignupInput): Promise<ApiSuccess<User>> {
  return api.post<User>('auth/signup', { ...input, role: 'user' });
}

export function logout(api: HttpClient): Promise<ApiSuccess<unknown>> {
  return api.post<unknown>('auth/logout');
}

/** Login: remembers `userAuth`, sets the session and invalidates cached user data. */
export function useLogin() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => login(api, input),
    onSuccess: async ({ data }) => {
      rememberLogin(data.role);
      queryClient.setQueryData(queryKeys.session, toSession(data));
      await queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
    },
  });
}

export function useSignup() {
  const api = useApi();
  return useMutation({ mutationFn: (input: SignupInput) => signup(api, input) });
}

/** Logout: clears the cookie on the server, then every cached query of the previous user. */
export function useLogout() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => logout(api),
    onSuccess: () => {
      rememberLogout();
      // Keep the session query itself (components observe it) and set it to signed out.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.session[0] });
      queryClient.setQueryData(queryKeys.session, null);
    },
  });
}
