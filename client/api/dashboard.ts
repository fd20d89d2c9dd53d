import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from './api-context.js';
import { isApiError, type HttpClient } from './http.js';
import { queryKeys } from './query-keys.js';

export interface Money {
  /** Major units. */
  amount: number;
  currency: string;
}

export interface DashboardTotals {
  /** Units rented: the quantities of every rental whose booking fee was paid. */
  totalRented: number;
  /** Money actually paid for rentals, in major units of `currency`. */
  totalEarn: number;
  currency: string;
  /** Booking fees are charged in their own currency, so they are reported apart from totalEarn. */
  bookingFees: Money;
  /** Units in the fleet: stock of every bike plus the units out on rentals. */
  totalBikes: number;
  totalUsers: number;
}

/** One returned rental, for the cost-per-rental chart. */
export interface DashboardRental {
  _id: string;
  bikeName: string;
  /** The rental's total cost, major units of the totals' currency. */
  cost: number;
  userEmail: string;
  quantity: number;
}

export interface MonthlySignups {
  /** 'YYYY-MM' (UTC). */
  month: string;
  count: number;
}

export interface DailySignups {
  /** 'YYYY-MM-DD' (UTC). */
  date: string;
  weekday: string;
  count: number;
}

export interface NewUser {
  _id: string;
  name: string;
  email: string;
  createdAt: string;
}

export interface DashboardSummary {
  totals: DashboardTotals;
  rentals: DashboardRental[];
  signupsByMonth: MonthlySignups[];
  /** Always 7 entries, oldest first, ending today. */
  signupsLast7Days: DailySignups[];
  newUsers: NewUser[];
}

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
