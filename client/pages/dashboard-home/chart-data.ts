import type { DailySignups, DashboardRental, MonthlySignups } from '../../api/dashboard.js';
import { sumMoney } from '../../lib/money.js';
import { formatMessage, type Locale } from '../../../locales/index.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-04' -> 'Apr 2026', the same on the server and in every browser (no locale or zone involved). */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-');
  const name = MONTHS[Number(m) - 1];
  return name && year ? `${name} ${year}` : month;
}

export interface SignupPoint {
  /** The month ('2026-04') or day ('2026-05-04') counted. */
  key: string;
  /** The whole name: 'Apr 2026', 'Mon' (English); 'Apr. 2026', 'সোম' in other languages. */
  label: string;
  /** Under the column: the month's or weekday's short name. */
  name: string;
  /** Under a month's column when the year starts (its first column and each January); null for days. */
  year: string | null;
  count: number;
}

export type SignupRange = 'all' | 'week';

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A month's or day's part in a language, read in UTC (the API counts in UTC days), so server and browser agree. */
function datePart(locale: Locale, options: Intl.DateTimeFormatOptions, date: string): string {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    dateFormats.set(key, format);
  }
  return format.format(new Date(`${date}T12:00:00Z`));
}

/**
 * All time: one point per month; past week: one per day, named by weekday (spec section 2). English names them as
 * the spec does ('Apr 2026', 'Mon'); other languages by Intl ('Apr. 2026', 'এপ্রি, ২০২৬', 'সোম').
 */
export function signupPoints(range: SignupRange, byMonth: MonthlySignups[], last7Days: DailySignups[], locale: Locale = 'en'): SignupPoint[] {
  if (range === 'week') {
    return last7Days.map((d) => {
      const weekday = locale === 'en' ? d.weekday : datePart(locale, { weekday: 'short' }, d.date);
      return { key: d.date, label: weekday, name: weekday, year: null, count: d.count };
    });
  }
  return byMonth.map((m, index) => {
    const [year, month] = m.month.split('-');
    const english = locale === 'en' || !year || !MONTHS[Number(month) - 1];
    const day = `${m.month}-01`;
    return {
      key: m.month,
      label: english ? monthLabel(m.month) : datePart(locale, { month: 'short', year: 'numeric' }, day),
      name: english ? (MONTHS[Number(month) - 1] ?? m.month) : datePart(locale, { month: 'short' }, day),
      // A month's year shows under its first column and under each January.
      year: index === 0 || month === '01' ? (english ? (year ?? null) : datePart(locale, { year: 'numeric' }, day)) : null,
      count: m.count,
    };
  });
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

type ChartWords = (id: 'admin.chart.otherRentals' | 'admin.chart.riders', values: { count: number }) => string;

/**
 * Cost per rental, largest first: the top rentals each get a bar (bike name, renter), the others are summed into
 * one last bar. Ties keep the API's order (newest first). `t` names the grouped bar in the page's language.
 */
export function costBars(
  rentals: DashboardRental[],
  shown: number = COST_BARS_SHOWN,
  currency = 'USD',
  t: ChartWords = (id, values) => formatMessage('en', id, values),
): CostBar[] {
  const sorted = [...rentals].sort((a, b) => b.cost - a.cost);
  const top = sorted.length > shown + 1 ? sorted.slice(0, shown) : sorted;
  const rest = sorted.slice(top.length);
  const bars: CostBar[] = top.map((rental) => ({ key: rental._id, label: rental.bikeName, cost: rental.cost, detail: rental.userEmail, grouped: false }));
  if (rest.length > 0) {
    const riders = new Set(rest.map((rental) => rental.userEmail)).size;
    bars.push({
      key: 'others',
      label: t('admin.chart.otherRentals', { count: rest.length }),
      cost: sumMoney(rest.map((rental) => rental.cost), currency),
      detail: t('admin.chart.riders', { count: riders }),
      grouped: true,
    });
  }
  return bars;
}
