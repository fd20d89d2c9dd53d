import type { BikeListParams } from '../../api/bikes.js';

/** Bike listing page size (spec section 9). */
export const LISTING_LIMIT = 3;

export interface ListingState {
  page: number;
  brand: string;
  model: string;
  recently: boolean;
}

/** The listing's state lives in the URL (page, brand, model, recently) so a view can be shared and reloaded. */
export function readListingState(params: URLSearchParams): ListingState {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    page: Number.isFinite(page) && page > 0 ? page : 1,
    brand: (params.get('brand') ?? '').trim(),
    model: (params.get('model') ?? '').trim(),
    recently: params.get('recently') === 'true',
  };
}

export function listingSearch(state: ListingState): string {
  const params = new URLSearchParams();
  if (state.page > 1) params.set('page', String(state.page));
  if (state.brand) params.set('brand', state.brand);
  if (state.model) params.set('model', state.model);
  if (state.recently) params.set('recently', 'true');
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** Spec section 4: All means recentlyAdded false, Recently means true. */
export const listingQueryParams = (state: ListingState): BikeListParams => ({
  page: state.page,
  limit: LISTING_LIMIT,
  brand: state.brand,
  model: state.model,
  recentlyAdded: state.recently,
});
