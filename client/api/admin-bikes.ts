import type { Bike } from './bikes.js';
import type { HttpClient } from './http.js';
import { useApiMutation } from './mutations.js';
import { queryKeys } from './query-keys.js';
import type { Schemas } from './types.js';

/** The fields an admin sends to add or replace a bike (all required; isAvailable defaults to true on create). */
export type BikeInput = Pick<Schemas['CreateBikeDto'], 'name' | 'description' | 'pricePerHour' | 'cc' | 'year' | 'model' | 'brand' | 'imgageurl' | 'quantity'> &
  Partial<Pick<Schemas['CreateBikeDto'], 'isAvailable' | 'depositAmount'>>;

/** Spec section 9: the admin bike table pages by 3. */
export const ADMIN_BIKES_PAGE_SIZE = 3;

export async function createBike(api: HttpClient, input: BikeInput): Promise<Bike> {
  return (await api.post<Bike>('bikes', input)).data;
}

/**
 * An edit also sends `loadedQuantity`, the quantity the form was filled with: the server then changes the fleet by
 * the difference only, so a booking or a return since the form loaded never creates or retires units.
 */
export type BikeUpdateInput = BikeInput & { loadedQuantity?: number };

export async function updateBike(api: HttpClient, id: string, input: BikeUpdateInput): Promise<Bike> {
  return (await api.put<Bike>(`bikes/${encodeURIComponent(id)}`, input)).data;
}

export async function deleteBike(api: HttpClient, id: string): Promise<void> {
  await api.delete<null>(`bikes/${encodeURIComponent(id)}`);
}

// Listings, detail pages, favourites and the fleet total on the dashboard all show bike data.
const BIKE_DATA_KEYS = [queryKeys.bikes.all, queryKeys.favourites.all, queryKeys.dashboard.all];

export function useCreateBike() {
  return useApiMutation((api, input: BikeInput) => createBike(api, input), BIKE_DATA_KEYS);
}

export function useUpdateBike() {
  return useApiMutation((api, { id, input }: { id: string; input: BikeUpdateInput }) => updateBike(api, id, input), BIKE_DATA_KEYS);
}

export function useDeleteBike() {
  return useApiMutation((api, id: string) => deleteBike(api, id), BIKE_DATA_KEYS);
}
