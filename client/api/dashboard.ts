import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from './api-context.js';
import { isApiError, type HttpClient } from './http.js';
import { queryKeys } from './query-keys.js';
import type { Schemas } from './types.js';

export type Money = Schemas['MoneyDto'];

export type DashboardTotals = Schemas['DashboardTotalsDto'];

/** One returned rental, for the cost-per-rental chart. */
export type DashboardRental = Schemas['DashboardRentalDto'];

export type MonthlySignups = Schemas['MonthlySignupsDto'];

export type DailySignups = Schemas['DailySignupsDto'];

export type NewUser = Schemas['NewUserDto'];

export type DashboardSummary = Schemas['DashboardSummaryDto'];

export async function fetchDashboardSummary(api: HttpClient): Promise<DashboardSummary> {
  return (await api.get<DashboardSummary>('dashboard/summary')).data;
}

/**
 * One quick retry in the browser, then the dashboard says 'Error loading data.' (with its Retry button) instead
 * of several seconds of skeletons behind the default back-off. The server render never retries.
 */
export const dashboardSummaryQuery = (api: HttpClient) =>
  queryOptions({
    queryKey: queryKeys.dashboard.summary(),
    queryFn: () => fetchDashboardSummary(api),
    retry: (failures: number, error: unknown) =>
      typeof window !== 'undefined' && failures < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
    retryDelay: 300,
  });

/** Admin only: rental totals, the charts' data and the newest accounts. */
export function useDashboardSummary() {
  const api = useApi();
  // A failure the route's loader just met is shown as it is, not asked again on mount (Retry asks again).
  return useQuery({ ...dashboardSummaryQuery(api), retryOnMount: false });
}
