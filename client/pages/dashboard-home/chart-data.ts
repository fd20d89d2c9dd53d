import type { DailySignups, DashboardRental, MonthlySignups } from '../../api/dashboard.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-04' -> 'Apr 2026', the same on the server and in every browser (no locale or zone involved). */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-');
  const name = MONTHS[Number(m) - 1];
  return name && year ? `${name} ${year}` : month;
}

export interface SignupPoint {
  label: string;
  count: number;
}

export type SignupRange = 'all' | 'week';

/** All time: one point per month; past week: one per day, named by weekday (spec section 2). */
export function signupPoints(range: SignupRange, byMonth: MonthlySignups[], last7Days: DailySignups[]): SignupPoint[] {
  return range === 'all'
    ? byMonth.map((m) => ({ label: monthLabel(m.month), count: m.count }))
    : last7Days.map((d) => ({ label: d.weekday, count: d.count }));
}

export interface RentalCostPoint extends DashboardRental {
  /** One bar per rental even when several rentals share a bike name. */
  slot: string;
}

/** Oldest first, so the bars read left to right in time (the API lists the newest first). */
export function rentalCostPoints(rentals: DashboardRental[]): RentalCostPoint[] {
  return [...rentals].reverse().map((rental, index) => ({ ...rental, slot: String(index) }));
}
