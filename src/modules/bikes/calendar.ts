import { isClosedDate, nextDate, OpeningRules, startOfDate } from '../../common/opening-hours.js';
import type { CalendarDayDto } from './fleet.dto.js';
import type { ReservationRange } from './fleet.repository.js';

export interface CalendarInput {
  /** Consecutive dates `YYYY-MM-DD` in the shop's zone. */
  dates: string[];
  zone: string;
  now: Date;
  /** Active units of the bike. */
  totalUnits: number;
  /** Reservations of active units overlapping the dates (bookings and maintenance; never two at once on one unit). */
  ranges: ReservationRange[];
  quantity: number;
  /** false: the bike is switched off, nothing can be booked. */
  bookable: boolean;
  rules: OpeningRules;
}

/**
 * Per day in the shop's zone: how many units are free for all of it (what is left of it, today), and whether
 * `quantity` units are free all day (free), at some time of it (partial), never (booked), or the shop is closed.
 * The same questions the engine asks when it books: a unit is free over a window when none of its reservations
 * overlaps it; `quantity` units are free at an instant when fewer than total − quantity units are held then.
 */
export function calendarDays(input: CalendarInput): CalendarDayDto[] {
  const { zone, now, totalUnits, ranges, quantity } = input;
  return input.dates.map((date) => {
    if (isClosedDate(input.rules, date)) return { date, status: 'closed', freeUnits: 0 };
    const dayEnd = startOfDate(nextDate(date), zone).getTime();
    const start = Math.max(startOfDate(date, zone).getTime(), now.getTime());
    if (!input.bookable || start >= dayEnd) return { date, status: 'booked', freeUnits: 0 };
    const overlapping = ranges.filter((r) => r.start.getTime() < dayEnd && (r.end === null || r.end.getTime() > start));
    const freeUnits = totalUnits - new Set(overlapping.map((r) => r.unitId)).size;
    if (freeUnits >= quantity) return { date, status: 'free', freeUnits };
    return { date, status: mostFreeAtOnce(overlapping, start, dayEnd, totalUnits) >= quantity ? 'partial' : 'booked', freeUnits };
  });
}

/** The most units free at one instant of [from, to): a sweep over the reservations' starts and ends. */
function mostFreeAtOnce(ranges: ReservationRange[], from: number, to: number, totalUnits: number): number {
  const deltas = new Map<number, number>();
  const bump = (t: number, d: number) => deltas.set(t, (deltas.get(t) ?? 0) + d);
  for (const r of ranges) {
    bump(Math.max(r.start.getTime(), from), 1);
    const end = r.end === null ? to : Math.min(r.end.getTime(), to);
    if (end < to) bump(end, -1);
  }
  let held = 0;
  let best = 0;
  const times = [...new Set([from, ...deltas.keys()])].sort((a, b) => a - b);
  times.forEach((t, i) => {
    held += deltas.get(t) ?? 0;
    const next = i + 1 < times.length ? times[i + 1] : to;
    if (next > t) best = Math.max(best, totalUnits - held);
  });
  return best;
}
