import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from './api-context.js';
import { isApiError, type HttpClient } from './http.js';
import { queryKeys } from './query-keys.js';
import type { QueryParams, Schemas } from './types.js';

/** A bike as the API shows it (`imgageurl` is spelled so in the public contract). */
export type Bike = Schemas['BikeDto'];

/** GET bikes/{id}: the bike plus its rating summary. */
export type BikeDetail = Schemas['BikeDetailDto'];

export type BikePage = Schemas['BikePageDto'];

/** GET bikes' query; `recentlyAdded` as a boolean (spec: All means false, Recently means true), sent as 'true'/'false'. */
export type BikeListParams = Omit<QueryParams<'listBikes'>, 'recentlyAdded'> & { recentlyAdded?: boolean };

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
  return (await api.get<BikePage>('bikes', { query, timeoutMs: LISTING_TIMEOUT_MS })).data;
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

/**
 * A listing that fails says so within seconds (issue 20 item 20): a short limit per request and one quick retry,
 * instead of the default 15 s limit and two retries with back-off.
 */
export const LISTING_TIMEOUT_MS = 5_000;

export const bikesQuery = (api: HttpClient, params: BikeListParams) => {
  const normalized = normalizeBikeParams(params);
  return queryOptions({
    queryKey: queryKeys.bikes.list({ ...normalized }),
    queryFn: () => fetchBikes(api, normalized),
    retry: (failures: number, error: Error) => failures < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
    retryDelay: 500,
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
export type QuoteLine = Schemas['QuoteLineDto'];

/** What a rental costs and the rules around it, fixed at booking. */
export type QuoteTerms = Schemas['QuoteTermsDto'];

/** GET bikes/{id}/quote: the price of a window and how many units are free for the whole of it. */
export type Quote = Schemas['QuoteDto'];

/**
 * GET bikes/{id}/quote's query: ISO instants and a quantity; rentalId for a reschedule (its own units count as free);
 * addons as '<id>:<qty>,...' and a discount code (issue 25).
 */
export type QuoteParams = Required<Pick<QueryParams<'quote'>, 'startTime' | 'endTime' | 'quantity'>> & Pick<QueryParams<'quote'>, 'rentalId' | 'addons' | 'coupon'>;

export async function fetchQuote(api: HttpClient, id: string, params: QuoteParams, signal?: AbortSignal): Promise<Quote> {
  return (await api.get<Quote>(`bikes/${encodeURIComponent(id)}/quote`, { query: { ...params }, signal })).data;
}

export const quoteQuery = (api: HttpClient, id: string, params: QuoteParams) =>
  queryOptions({
    queryKey: queryKeys.bikes.quote(id, params.startTime, params.endTime, params.quantity, params.rentalId, params.addons, params.coupon),
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
