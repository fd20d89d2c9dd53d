import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from './api-context.js';
import type { HttpClient } from './http.js';
import { queryKeys } from './query-keys.js';

/** A bike as the API shows it (`imgageurl` is spelled so in the public contract). */
export interface Bike {
  _id: string;
  name: string;
  description: string;
  imgageurl: string;
  /** Major units of `currency`. */
  pricePerHour: number;
  currency: string;
  cc: number;
  year: number;
  model: string;
  brand: string;
  /** Units free now (spec's figure): active, not in maintenance now, not held by a booking covering now. */
  quantity: number;
  /** Optional day and week prices (major units); a window is charged the cheapest mix of weeks, days and hours. */
  pricePerDay?: number | null;
  pricePerWeek?: number | null;
  /** Active units in the fleet (the engine adds it; absent on an older server). */
  totalUnits?: number;
  isAvailable: boolean;
  createdAt: string;
  updatedAt: string;
}

/** GET bikes/{id}: the bike plus its rating summary. */
export interface BikeDetail extends Bike {
  averageRating: number | null;
  reviewCount: number;
}

export interface BikePage {
  bikes: Bike[];
  currentPage: number;
  /** At least 1. */
  totalPages: number;
  totalCount: number;
}

export interface BikeListParams {
  page?: number;
  limit?: number;
  brand?: string;
  model?: string;
  /** true: newest first; false: the default order (spec: All means false, Recently means true). */
  recentlyAdded?: boolean;
  searchTerm?: string;
}

/**
 * Drops empty values, so screens asking for the same bikes share one cache entry whatever optional fields they
 * spell out (Home's featured page 1 and the listing's unfiltered page 1 are the same request).
 */
export function normalizeBikeParams(params: BikeListParams): BikeListParams {
  const normalized: BikeListParams = {};
  if (params.page !== undefined) normalized.page = params.page;
  if (params.limit !== undefined) normalized.limit = params.limit;
  const brand = params.brand?.trim();
  if (brand) normalized.brand = brand;
  const model = params.model?.trim();
  if (model) normalized.model = model;
  if (params.recentlyAdded !== undefined) normalized.recentlyAdded = params.recentlyAdded;
  const searchTerm = params.searchTerm?.trim();
  if (searchTerm) normalized.searchTerm = searchTerm;
  return normalized;
}

export async function fetchBikes(api: HttpClient, params: BikeListParams): Promise<BikePage> {
  const { recentlyAdded, ...rest } = normalizeBikeParams(params);
  const query = { ...rest, recentlyAdded: recentlyAdded === undefined ? undefined : String(recentlyAdded) };
  return (await api.get<BikePage>('bikes', { query })).data;
}

/** The API's largest page (GET bikes: limit at most 100). */
export const BIKES_MAX_LIMIT = 100;

/** Every bike: the first page of 100, then the other pages at once. */
export async function fetchFleet(api: HttpClient): Promise<Bike[]> {
  const first = await fetchBikes(api, { page: 1, limit: BIKES_MAX_LIMIT });
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.totalPages - 1) }, (_, i) => fetchBikes(api, { page: i + 2, limit: BIKES_MAX_LIMIT })),
  );
  // A bike added between two requests may appear on two pages: keep its first row.
  const seen = new Set<string>();
  const bikes: Bike[] = [];
  for (const bike of [first, ...rest].flatMap((page) => page.bikes)) {
    if (seen.has(bike._id)) continue;
    seen.add(bike._id);
    bikes.push(bike);
  }
  return bikes;
}

export async function fetchBike(api: HttpClient, id: string): Promise<BikeDetail> {
  return (await api.get<BikeDetail>(`bikes/${encodeURIComponent(id)}`)).data;
}

export async function fetchRelatedBikes(api: HttpClient, id: string): Promise<Bike[]> {
  return (await api.get<Bike[]>(`bikes/related/${encodeURIComponent(id)}`)).data;
}

export const bikesQuery = (api: HttpClient, params: BikeListParams) => {
  const normalized = normalizeBikeParams(params);
  return queryOptions({
    queryKey: queryKeys.bikes.list({ ...normalized }),
    queryFn: () => fetchBikes(api, normalized),
  });
};

export const fleetQuery = (api: HttpClient) => queryOptions({ queryKey: queryKeys.bikes.fleet(), queryFn: () => fetchFleet(api) });

export const bikeQuery = (api: HttpClient, id: string) =>
  queryOptions({ queryKey: queryKeys.bikes.detail(id), queryFn: () => fetchBike(api, id) });

export const relatedBikesQuery = (api: HttpClient, id: string) =>
  queryOptions({ queryKey: queryKeys.bikes.related(id), queryFn: () => fetchRelatedBikes(api, id) });

export function useBikes(params: BikeListParams) {
  const api = useApi();
  return useQuery(bikesQuery(api, params));
}

export function useFleet() {
  const api = useApi();
  return useQuery(fleetQuery(api));
}

/** One bike; nothing is asked for while `id` is empty (`GET bikes/` would be the listing). */
export function useBike(id: string) {
  const api = useApi();
  return useQuery({ ...bikeQuery(api, id), enabled: id !== '' });
}

export function useRelatedBikes(id: string) {
  const api = useApi();
  return useQuery(relatedBikesQuery(api, id));
}

/** One line of a quote: '2 days x 1' and its amount (major units). */
export interface QuoteLine {
  label: string;
  quantity: number;
  unitAmount: number;
  amount: number;
}

/** What a rental costs and the rules around it, fixed at booking. */
export interface QuoteTerms {
  lateFeePerHour: number;
  lateGraceMinutes: number;
  freeCancellationHours: number;
  bookingFee: number;
  bookingFeeCurrency: string;
}

/** GET bikes/{id}/quote: the price of a window and how many units are free for the whole of it. */
export interface Quote {
  total: number;
  currency: string;
  lines: QuoteLine[];
  /** Units free for the whole window. */
  available: number;
  startTime: string;
  endTime: string;
  terms: QuoteTerms;
}

export interface QuoteParams {
  /** ISO instants. */
  startTime: string;
  endTime: string;
  quantity: number;
}

export interface AvailabilityInterval {
  start: string;
  end: string;
  free: number;
}

/** GET bikes/{id}/availability: units free over [from, to) as a step function. */
export interface Availability {
  bikeId: string;
  totalUnits: number;
  from: string;
  to: string;
  intervals: AvailabilityInterval[];
}

export async function fetchQuote(api: HttpClient, id: string, params: QuoteParams, signal?: AbortSignal): Promise<Quote> {
  return (await api.get<Quote>(`bikes/${encodeURIComponent(id)}/quote`, { query: { ...params }, signal })).data;
}

export async function fetchAvailability(api: HttpClient, id: string, from: string, to: string): Promise<Availability> {
  return (await api.get<Availability>(`bikes/${encodeURIComponent(id)}/availability`, { query: { from, to } })).data;
}

export const quoteQuery = (api: HttpClient, id: string, params: QuoteParams) =>
  queryOptions({
    queryKey: queryKeys.bikes.quote(id, params.startTime, params.endTime, params.quantity),
    queryFn: ({ signal }) => fetchQuote(api, id, params, signal),
    // Availability changes as others book: a quote is fresh for 15 s, then asked again.
    staleTime: 15_000,
    retry: false,
  });

/** The live quote and availability of a window; idle until both times are set. Keeps the last answer while the next loads. */
export function useQuote(id: string, params: QuoteParams | null) {
  const api = useApi();
  return useQuery({
    ...quoteQuery(api, id, params ?? { startTime: '', endTime: '', quantity: 1 }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

export function useAvailability(id: string, from: string, to: string, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.bikes.availability(id, from, to),
    queryFn: () => fetchAvailability(api, id, from, to),
    enabled,
  });
}
