import { invalidField } from '../../common/field-error.js';
import { parseShopTime, readShopTime } from '../../common/shop-time.js';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
/** Clock skew allowed for a start time "now". */
export const START_SKEW_MS = 5 * MINUTE_MS;
/** Bookings start at most a year ahead. */
export const MAX_AHEAD_MS = 365 * DAY_MS;
/** A fixed window lasts at most a year. */
export const MAX_WINDOW_MS = 365 * DAY_MS;

export { invalidField };

/**
 * The one place the rentals module reads a time the client sent. Times without an offset (an HTML datetime-local
 * value) are read in the shop's time zone, SHOP_TIME_ZONE (src/common/shop-time.ts), whatever the server's own.
 */
export function parseApiTime(value: string): Date {
  return parseShopTime(value);
}

/** parseApiTime, or a 400 naming `field`. */
export const readTime = readShopTime;

export interface BookingWindow {
  start: Date;
  /** null = open-ended. */
  end: Date | null;
}

/**
 * A booking window as the rules want it: start not in the past (skew allowed) and at most a year ahead; end,
 * when given, after the start and at most a year later. 400 naming the field otherwise.
 */
export function readWindow(startTime: string, endTime: string | undefined | null, now: Date, fields = { start: 'startTime', end: 'endTime' }): BookingWindow {
  const start = readTime(startTime, fields.start);
  if (start.getTime() < now.getTime() - START_SKEW_MS) throw invalidField(fields.start, `${fields.start} must not be in the past`);
  if (start.getTime() > now.getTime() + MAX_AHEAD_MS) throw invalidField(fields.start, `${fields.start} must be at most one year ahead`);
  if (endTime === undefined || endTime === null || endTime === '') return { start, end: null };
  const end = readTime(endTime, fields.end);
  if (end.getTime() <= start.getTime()) throw invalidField(fields.end, `${fields.end} must be after ${fields.start}`);
  if (end.getTime() - start.getTime() > MAX_WINDOW_MS) throw invalidField(fields.end, `${fields.end} must be at most one year after ${fields.start}`);
  return { start, end };
}
