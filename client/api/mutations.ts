import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useApi } from './api-context.js';
import type { HttpClient } from './http.js';

/** Marks the cached data under each key stale (screens showing it fetch again); resolves once all have refetched. */
export function useInvalidate(keys: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** A mutation through the API client that refreshes the cached data under `keys` when it succeeds. */
export function useApiMutation<TVariables, TData>(send: (api: HttpClient, variables: TVariables) => Promise<TData>, keys: readonly QueryKey[]) {
  const api = useApi();
  const invalidate = useInvalidate(keys);
  return useMutation({ mutationFn: (variables: TVariables) => send(api, variables), onSuccess: invalidate });
}
