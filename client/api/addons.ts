import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from './api-context.js';
import type { HttpClient } from './http.js';
import { queryKeys } from './query-keys.js';
import type { Schemas } from './types.js';

/** Something rented with a bike (issue 25): a helmet, a lock, insurance; stock held per window like units. */
export type Addon = Schemas['AddonDto'];

/** An add-on offered with one bike, with what is free for a window and its price for it. */
export type BikeAddon = Schemas['BikeAddonDto'];

export type AddonInput = Schemas['CreateAddonDto'];
export type AddonChanges = Schemas['UpdateAddonDto'];

/** Admin: per add-on and day, the most pieces held at once and what stays free. */
export type AddonStock = Schemas['AddonStockDto'];

/** A discount code with its uses and the revenue it brought (admin). */
export type Coupon = Schemas['CouponStatsDto'];
export type CouponInput = Schemas['CreateCouponDto'];
export type CouponChanges = Schemas['UpdateCouponDto'];

/** One add-on of a booking. */
export interface AddonPick {
  addonId: string;
  quantity: number;
}

/** The quote's `addons` parameter: '<id>:<qty>,...' (only the picked ones, in a stable order). */
export const addonsParam = (picks: AddonPick[]): string =>
  picks
    .filter((p) => p.quantity > 0)
    .sort((a, b) => a.addonId.localeCompare(b.addonId))
    .map((p) => `${p.addonId}:${p.quantity}`)
    .join(',');

const addonPath = (id: string) => `addons/${encodeURIComponent(id)}`;
const couponPath = (id: string) => `coupons/${encodeURIComponent(id)}`;

export async function fetchBikeAddons(api: HttpClient, bikeId: string, params: { startTime: string; endTime: string; quantity: number }, signal?: AbortSignal): Promise<BikeAddon[]> {
  return (await api.get<BikeAddon[]>(`bikes/${encodeURIComponent(bikeId)}/addons`, { query: { ...params }, signal })).data;
}

/** The add-ons that fit a bike for a window; idle until the window is set. */
export function useBikeAddons(bikeId: string, params: { startTime: string; endTime: string; quantity: number } | null) {
  const api = useApi();
  const p = params ?? { startTime: '', endTime: '', quantity: 1 };
  return useQuery({
    queryKey: queryKeys.bikes.addons(bikeId, p.startTime, p.endTime, p.quantity),
    queryFn: ({ signal }) => fetchBikeAddons(api, bikeId, p, signal),
    enabled: params !== null,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    retry: false,
  });
}

export async function fetchAddons(api: HttpClient): Promise<Addon[]> {
  return (await api.get<Addon[]>('addons', { query: { all: 'true' } })).data;
}

export async function fetchAddonStock(api: HttpClient, from: string, days: number): Promise<AddonStock[]> {
  return (await api.get<AddonStock[]>('addons/stock', { query: { from, days } })).data;
}

export const addonsQuery = (api: HttpClient) => queryOptions({ queryKey: queryKeys.addons.list(), queryFn: () => fetchAddons(api) });

export const addonStockQuery = (api: HttpClient, from: string, days: number) =>
  queryOptions({ queryKey: queryKeys.addons.stock(from, days), queryFn: () => fetchAddonStock(api, from, days) });

export function useAddons() {
  return useQuery(addonsQuery(useApi()));
}

export function useAddonStock(from: string, days: number) {
  return useQuery({ ...addonStockQuery(useApi(), from, days), placeholderData: keepPreviousData });
}

export async function fetchCoupons(api: HttpClient): Promise<Coupon[]> {
  return (await api.get<Coupon[]>('coupons')).data;
}

export const couponsQuery = (api: HttpClient) => queryOptions({ queryKey: queryKeys.coupons.list(), queryFn: () => fetchCoupons(api) });

export function useCoupons() {
  return useQuery(couponsQuery(useApi()));
}

function useAdminMutation<I, O>(run: (api: HttpClient, input: I) => Promise<O>) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => run(api, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.addons.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.coupons.all }),
      ]),
  });
}

export const useCreateAddon = () => useAdminMutation(async (api, input: AddonInput) => (await api.post<Addon>('addons', input)).data);
export const useUpdateAddon = () =>
  useAdminMutation(async (api, { id, ...changes }: AddonChanges & { id: string }) => (await api.request<Addon>('PATCH', addonPath(id), { body: changes })).data);
export const useCreateCoupon = () => useAdminMutation(async (api, input: CouponInput) => (await api.post<Coupon>('coupons', input)).data);
export const useUpdateCoupon = () =>
  useAdminMutation(async (api, { id, ...changes }: CouponChanges & { id: string }) => (await api.request<Coupon>('PATCH', couponPath(id), { body: changes })).data);
