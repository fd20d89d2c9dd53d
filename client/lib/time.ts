import { formatMessage, type MessageId } from '../../locales/index.js';
/**
 * The one time formatter of the web app (issue 14 item 12, issue 12 item 5): every time is shown in the shop's
 * time zone (an IANA name from the app settings, 'UTC' by default), named, so the server's HTML and the browser
 * print the same text and a customer abroad reads the shop's clock. datetime-local inputs hold the shop's
 * wall-clock time too: `zonedInputToIso` reads them in that zone, `toZonedInputValue` writes them.
 */

export const DEFAULT_TIME_ZONE = 'UTC';

/** A zone name Intl accepts, else UTC (a bad setting must not break every page). */
const checkedZones = new Map<string, string>();

export function safeTimeZone(zone: string | null | undefined): string {
  if (!zone) return DEFAULT_TIME_ZONE;
  // Building a DateTimeFormat is what checks a zone, and it is costly: every zone is checked once per process.
  let safe = checkedZones.get(zone);
  if (safe === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      safe = zone;
    } catch {
      safe = DEFAULT_TIME_ZONE;
    }
    if (checkedZones.size < 100) checkedZones.set(zone, safe);
  }
  return safe;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** `locale`: the reader's language; English reads as 'en-US' ('Nov 24, 2026'), German '24.11.2026', Bangla with Bangla digits. */
function formatter(key: string, options: Intl.DateTimeFormatOptions, locale = 'en'): Intl.DateTimeFormat {
  const tag = locale === 'en' ? 'en-US' : locale;
  key = `${tag}|${key}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(tag, options);
    formatters.set(key, found);
  }
  return found;
}

const toDate = (value: string | number | Date): Date | null => {
  const at = value instanceof Date ? value : new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
};

/** 'Nov 24, 2026, 1:30 PM GMT+6'. */
export function formatDateTime(value: string | number | Date, zone: string, locale = 'en'): string {
  const at = toDate(value);
  if (!at) return '';
  const tz = safeTimeZone(zone);
  return formatter(`dt|${tz}`, { timeZone: tz, dateStyle: 'medium', timeStyle: 'short' }, locale).format(at) + ` ${zoneLabel(at, tz)}`;
}

/** 'Nov 24, 2026'. */
export function formatDate(value: string | number | Date, zone: string, locale = 'en'): string {
  const at = toDate(value);
  if (!at) return '';
  const tz = safeTimeZone(zone);
  return formatter(`d|${tz}`, { timeZone: tz, dateStyle: 'medium' }, locale).format(at);
}

/** The zone as people read it: 'UTC', 'GMT+6', 'CET'. */
export function zoneLabel(at: Date, zone: string): string {
  const tz = safeTimeZone(zone);
  const part = formatter(`z|${tz}`, { timeZone: tz, timeZoneName: 'short' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? tz;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

function wallClock(at: Date, zone: string): WallClock {
  const tz = safeTimeZone(zone);
  const parts = formatter(`w|${tz}`, {
    timeZone: tz,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour') % 24, minute: get('minute') };
}

/** Minutes the zone is ahead of UTC at that instant. */
function offsetMinutes(at: Date, zone: string): number {
  const w = wallClock(at, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  return Math.round((asUtc - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DDTHH:mm' of an instant on the shop's clock: the value format of <input type="datetime-local">. */
export function toZonedInputValue(value: string | number | Date, zone: string): string {
  const at = toDate(value);
  if (!at) return '';
  const w = wallClock(at, zone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** A datetime-local value read as the shop's wall-clock time -> an ISO instant (null when empty or malformed). */
export function zonedInputToIso(value: string, zone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number);
  const guess = Date.UTC(y, mo - 1, d, h, mi);
  if (Number.isNaN(guess)) return null;
  // Two passes settle the offset across a daylight-saving change.
  let utc = guess - offsetMinutes(new Date(guess), zone) * 60_000;
  utc = guess - offsetMinutes(new Date(utc), zone) * 60_000;
  return new Date(utc).toISOString();
}

/**
 * The first moment of the shop's calendar day `day` ('YYYY-MM-DD', as a date input gives it), plus `days` days: an
 * ISO instant, null when malformed. A last day included ends at `shopDay(day, zone, 1)`.
 */
export function shopDay(day: string, zone: string, days = 0): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day.trim());
  if (!match) return null;
  const d = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days));
  return zonedInputToIso(`${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T00:00`, zone);
}

/** Start of the shop's calendar day that contains `at`, plus `days` days (an ISO instant). */
export function shopDayStart(at: Date, zone: string, days = 0): string {
  const w = wallClock(at, zone);
  return shopDay(`${w.year}-${pad(w.month)}-${pad(w.day)}`, zone, days) ?? at.toISOString();
}

/** '2 h', '1 day 3 h', '1 week 2 days': a window's length, for the quote. */
export function formatDuration(ms: number, format: (id: MessageId, values?: Record<string, number>) => string = (id, values) => formatMessage('en', id, values)): string {
  if (!(ms > 0)) return format('duration.zero');
  const totalMinutes = Math.ceil(ms / 60_000);
  const weeks = Math.floor(totalMinutes / (7 * 24 * 60));
  const days = Math.floor((totalMinutes % (7 * 24 * 60)) / (24 * 60));
  const hours = Math.floor((totalMinutes % (24 * 60)) / 60);
  const minutes = totalMinutes % 60;
  const parts: string[] = [];
  if (weeks) parts.push(format('duration.weeks', { n: weeks }));
  if (days) parts.push(format('duration.days', { n: days }));
  if (hours) parts.push(format('duration.hours', { n: hours }));
  if (minutes) parts.push(format('duration.minutes', { n: minutes }));
  return parts.join(' ');
}
