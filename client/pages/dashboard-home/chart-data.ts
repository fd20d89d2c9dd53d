import type { DailySignups, DashboardRental, MonthlySignups } from '../../api/dashboard.js';
import { sumMoney } from '../../lib/money.js';

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

/** One bar of the cost chart: a rental, or the rentals below the top ones taken together. */
export interface CostBar {
  key: string;
  /** The bike's name, or 'N other rentals'. */
  label: string;
  cost: number;
  /** The renter's email, or how many riders the grouped rentals had. */
  detail: string;
  grouped: boolean;
}

/** Bars shown one by one; the rest are one grouped bar, so a long tail never shrinks the chart to slivers. */
export const COST_BARS_SHOWN = 8;

/**
 * Cost per rental, largest first: the top rentals each get a bar (bike name, renter), the others are summed into
 * one last bar. Ties keep the API's order (newest first).
 */
export function costBars(rentals: DashboardRental[], shown: number = COST_BARS_SHOWN, currency = 'USD'): CostBar[] {
  const sorted = [...rentals].sort((a, b) => b.cost - a.cost);
  const top = sorted.length > shown + 1 ? sorted.slice(0, shown) : sorted;
  const rest = sorted.slice(top.length);
  const bars: CostBar[] = top.map((rental) => ({ key: rental._id, label: rental.bikeName, cost: rental.cost, detail: rental.userEmail, grouped: false }));
  if (rest.length > 0) {
    const riders = new Set(rest.map((rental) => rental.userEmail)).size;
    bars.push({
      key: 'others',
      label: `${rest.length} other rentals`,
      cost: sumMoney(rest.map((rental) => rental.cost), currency),
      detail: `${riders} rider${riders === 1 ? '' : 's'}`,
      grouped: true,
    });
  }
  return bars;
}
