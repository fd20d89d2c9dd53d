import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from './api-context.js';
import type { HttpClient } from './http.js';
import { useApiMutation } from './mutations.js';
import type { Schemas } from './types.js';

/** Issue 26: the shop's opening hours and closed dates, the staff's calendar feeds, a bike's day-by-day calendar. */

export type OpeningHours = Schemas['OpeningHoursDto'];
export type UpdateOpeningHours = Schemas['UpdateOpeningHoursDto'];
export type DayInput = Schemas['DayHoursInputDto'];
export type CalendarFeeds = Schemas['CalendarFeedsDto'];
export type BikeCalendar = Schemas['CalendarDto'];

export const SHOP_KEYS = {
  hours: ['shop', 'hours'] as const,
  feeds: ['shop', 'feeds'] as const,
  calendar: (bikeId: string, from: string, to: string, quantity: number) => ['bikes', bikeId, 'calendar', from, to, quantity] as const,
};

export const openingHoursQuery = (api: HttpClient) =>
  queryOptions({ queryKey: SHOP_KEYS.hours, queryFn: async () => (await api.get<OpeningHours>('shop/hours')).data });

export const calendarFeedsQuery = (api: HttpClient) =>
  queryOptions({ queryKey: SHOP_KEYS.feeds, queryFn: async () => (await api.get<CalendarFeeds>('shop/feeds')).data });

export const bikeCalendarQuery = (api: HttpClient, bikeId: string, from: string, to: string, quantity: number) =>
  queryOptions({
    queryKey: SHOP_KEYS.calendar(bikeId, from, to, quantity),
    queryFn: async () => (await api.get<BikeCalendar>(`bikes/${encodeURIComponent(bikeId)}/calendar`, { query: { from, to, quantity } })).data,
  });

export const useOpeningHours = () => useQuery(openingHoursQuery(useApi()));
export const useCalendarFeeds = () => useQuery(calendarFeedsQuery(useApi()));

export const useUpdateOpeningHours = () =>
  useApiMutation(async (api, body: UpdateOpeningHours) => (await api.request<OpeningHours>('PUT', 'shop/hours', { body })).data, [SHOP_KEYS.hours, ['bikes']]);

export const useRotateFeeds = () => useApiMutation(async (api, _: void) => (await api.post<CalendarFeeds>('shop/feeds/rotate')).data, [SHOP_KEYS.feeds]);
