import { QuoteLineRow } from '../../database/schema/rentals.js';

export const HOUR_MS = 3_600_000;
export const DAY_HOURS = 24;
export const WEEK_HOURS = 7 * DAY_HOURS;

export interface Rates {
  pricePerHourCents: number;
  pricePerDayCents: number | null;
  pricePerWeekCents: number | null;
}

export interface PriceQuote {
  totalMinor: number;
  lines: QuoteLineRow[];
}

/** Started hours of a window: 3 h 1 min is 4 hours; never less than 1. */
export const startedHours = (ms: number): number => Math.max(1, Math.ceil(ms / HOUR_MS));

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The cheapest combination of whole weeks, whole days and started hours that covers `ms`, times `quantity`.
 * Hours and days not offered (null) are skipped. Ties prefer fewer, longer units (1 day over 24 hours).
 */
export function priceWindow(rates: Rates, ms: number, quantity: number): PriceQuote {
  const hours = startedHours(ms);
  const hourly = rates.pricePerHourCents;
  const daily = rates.pricePerDayCents;
  const weekly = rates.pricePerWeekCents;
  let best = { cost: Infinity, weeks: 0, days: 0, hrs: 0 };
  const maxWeeks = weekly === null ? 0 : Math.ceil(hours / WEEK_HOURS);
  for (let weeks = maxWeeks; weeks >= 0; weeks--) {
    const rest = Math.max(0, hours - weeks * WEEK_HOURS);
    const maxDays = daily === null ? 0 : Math.ceil(rest / DAY_HOURS);
    for (let days = maxDays; days >= 0; days--) {
      const hrs = Math.max(0, rest - days * DAY_HOURS);
      const cost = weeks * (weekly ?? 0) + days * (daily ?? 0) + hrs * hourly;
      if (cost < best.cost) best = { cost, weeks, days, hrs };
    }
  }
  const lines: QuoteLineRow[] = [];
  const add = (count: number, unit: string, price: number) => {
    if (count === 0) return;
    const label = quantity === 1 ? plural(count, unit) : `${plural(count, unit)} × ${quantity} bikes`;
    lines.push({ label, quantity: count * quantity, unitAmountMinor: price, amountMinor: count * quantity * price });
  };
  add(best.weeks, 'week', weekly ?? 0);
  add(best.days, 'day', daily ?? 0);
  add(best.hrs, 'hour', hourly);
  return { totalMinor: best.cost * quantity, lines };
}

/** Started hours after `dueMs + graceMs` at `rateMinor` per unit and hour; 0 when back within the grace. */
export function lateFeeMinor(dueMs: number, returnMs: number, graceMs: number, rateMinor: number, quantity: number): number {
  const late = returnMs - (dueMs + graceMs);
  if (late <= 0) return 0;
  return Math.ceil(late / HOUR_MS) * rateMinor * quantity;
}
