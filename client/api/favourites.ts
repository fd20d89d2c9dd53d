import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from './api-context.js';
import type { ApiSuccess, HttpClient } from './http.js';
import { queryKeys } from './query-keys.js';
import type { Schemas } from './types.js';

/** A favourite with its bike populated (spec: `bikeId` is the bike object). Deleted bikes are left out. */
export type Favourite = Schemas['FavouriteDto'];

export async function fetchFavourites(api: HttpClient): Promise<Favourite[]> {
  return (await api.get<Favourite[]>('favourite')).data;
}

/** The whole answer: the spec's success toast shows the server's message. */
export function addFavourite(api: HttpClient, bikeId: string): Promise<ApiSuccess<Favourite>> {
  return api.post<Favourite>('favourite', { bikeId });
}

export async function removeFavourite(api: HttpClient, bikeId: string): Promise<ApiSuccess<null>> {
  return api.delete<null>(`favourite/${encodeURIComponent(bikeId)}`);
}

export const favouritesQuery = (api: HttpClient) =>
  queryOptions({ queryKey: queryKeys.favourites.mine(), queryFn: () => fetchFavourites(api) });

/** The signed-in user's favourites, newest first. */
export function useFavourites({ enabled = true }: { enabled?: boolean } = {}) {
  const api = useApi();
  return useQuery({ ...favouritesQuery(api), enabled });
}

export function useAddFavourite() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bikeId: string) => addFavourite(api, bikeId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.favourites.all }),
  });
}

/** Takes the bike's _id (the spec's payload name is bikeId); the list drops the bike at once. */
export function useRemoveFavourite() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bikeId: string) => removeFavourite(api, bikeId),
    onSuccess: (_result, bikeId) => {
      queryClient.setQueryData<Favourite[]>(queryKeys.favourites.mine(), (list) => list?.filter((f) => f.bikeId._id !== bikeId));
      return queryClient.invalidateQueries({ queryKey: queryKeys.favourites.all });
    },
  });
}
