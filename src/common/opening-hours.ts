import { wallTimeToInstant, zoneOffsetMs } from './shop-time.js';

/**
 * Opening hours and closed dates, read in the shop's time zone. Pure: the shop-settings module stores them, the
 * booking rules and the calendar ask these questions of them.
 */

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface DayHours {
  open: string;
  close: string;
}

export interface OpeningRules {
  /** Monday..Sunday; null entry = closed that weekday; null = no hours set (every time open). */
  openingHours: (DayHours | null)[] | null;
  /** `YYYY-MM-DD` dates the shop is closed. */
  closedDates: string[];
}

export const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The wall-clock date, weekday (0 = Monday) and minute of the day of `at` in `zone`. */
export function wallClock(at: Date, zone: string): { date: string; weekday: number; minutes: number } {
  const wall = new Date(at.getTime() + zoneOffsetMs(zone, at.getTime()));
  return {
    date: wall.toISOString().slice(0, 10),
    weekday: (wall.getUTCDay() + 6) % 7,
    minutes: wall.getUTCHours() * 60 + wall.getUTCMinutes() + (wall.getUTCSeconds() > 0 || wall.getUTCMilliseconds() > 0 ? 1 / 60 : 0),
  };
}

/** Is `YYYY-MM-DD` a valid calendar date? */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** The weekday (0 = Monday) of a `YYYY-MM-DD` date. */
export const weekdayOf = (date: string): number => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;

/** The instant the date begins in `zone` (midnight, or the first instant after a gap). */
export const startOfDate = (date: string, zone: string): Date => new Date(wallTimeToInstant(Date.parse(`${date}T00:00:00Z`), zone));

/** The next calendar date. */
export const nextDate = (date: string): string => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Is the shop closed all of `date` (a closed date, or a weekday without hours)? With no hours set, never. */
export function isClosedDate(rules: OpeningRules, date: string): boolean {
  if (rules.closedDates.includes(date)) return true;
  if (!rules.openingHours) return false;
  return rules.openingHours[weekdayOf(date)] === null;
}

/** Why a pick-up or return at `at` is not possible (a sentence), or null when the shop is open then. */
export function closedReason(rules: OpeningRules, at: Date, zone: string): string | null {
  const { date, weekday, minutes } = wallClock(at, zone);
  if (rules.closedDates.includes(date)) return `the shop is closed on ${date}`;
  if (!rules.openingHours) return null;
  const day = rules.openingHours[weekday];
  const name = WEEKDAYS[weekday][0].toUpperCase() + WEEKDAYS[weekday].slice(1);
  if (!day) return `the shop is closed on ${name}s`;
  if (minutes < minutesOf(day.open) || minutes > minutesOf(day.close)) return `the shop is open ${day.open}-${day.close} on ${name}s`;
  return null;
}
