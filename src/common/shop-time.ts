import { invalidField } from './field-error.js';

/**
 * The shop's time zone (SHOP_TIME_ZONE, an IANA name, default UTC). A time sent without an offset, such as an HTML
 * datetime-local value `2026-11-24T07:30`, is a wall-clock time in the shop's zone; one with an offset (`Z`,
 * `+06:00`) is that instant. Exact across daylight-saving changes: the zone's offsets come from the platform's Intl.
 */

/** A zone-less ISO 8601 local date-time: date, hours and minutes, optional seconds and fraction. */
const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?$/;
const HAS_OFFSET = /T\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;
const DAY_MS = 24 * 60 * 60 * 1000;

let processZone = 'UTC';

/**
 * The zone the server was started with. Set once from the validated configuration (AppConfig); every app in one
 * process shares it, which is what a process serving one shop needs.
 */
export function shopTimeZone(): string {
  return processZone;
}

export function setShopTimeZone(zone: string): void {
  processZone = zone;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The zone's offset from UTC at instant `utcMs`, in milliseconds (east positive; New York in winter: -5 h). */
export function zoneOffsetMs(zone: string, utcMs: number): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(new Date(utcMs))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour % 24, parts.minute, parts.second);
  return wall - (utcMs - (((utcMs % 1000) + 1000) % 1000));
}

/**
 * The instant of wall-clock time `wallMs` (the local fields read as if they were UTC) in `zone`. In the hour a
 * daylight-saving change skips, the time is moved forward by the gap (02:30 that does not exist becomes 03:30);
 * in the hour that repeats, the earlier of the two instants is taken (as Temporal's 'compatible' does).
 */
export function wallTimeToInstant(wallMs: number, zone: string): number {
  const before = zoneOffsetMs(zone, wallMs - DAY_MS);
  const after = zoneOffsetMs(zone, wallMs + DAY_MS);
  const candidates = [...new Set([before, after])]
    .filter((offset) => zoneOffsetMs(zone, wallMs - offset) === offset)
    .map((offset) => wallMs - offset)
    .sort((a, b) => a - b);
  if (candidates.length) return candidates[0];
  // In a gap: the offset in force before the change puts the time after the gap, by the gap's length.
  return wallMs - before;
}

/**
 * Reads an API date-time: with an offset, that instant; without one, a wall-clock time in `zone` (default: the
 * shop's). Returns an Invalid Date for anything else (the caller answers 400 naming its field).
 */
export function parseShopTime(value: string, zone: string = shopTimeZone()): Date {
  const text = value.trim();
  if (HAS_OFFSET.test(text)) return new Date(text);
  const m = LOCAL_TIME.exec(text);
  if (!m) return new Date(Number.NaN);
  const [year, month, day, hour, minute, second = 0] = m.slice(1, 7).map((v) => (v === undefined ? 0 : Number(v)));
  const ms = m[7] ? Number(`0.${m[7]}`) * 1000 : 0;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second, Math.floor(ms));
  const check = new Date(wall);
  // 2026-02-30 or 25:00 roll over in Date.UTC: refuse them instead.
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    check.getUTCHours() !== hour ||
    check.getUTCMinutes() !== minute
  ) {
    return new Date(Number.NaN);
  }
  return new Date(wallTimeToInstant(wall, zone));
}

/** parseShopTime in the shop's zone, or a 400 naming `field`: the one way the API reads a date-time it was sent. */
export function readShopTime(value: string, field: string): Date {
  const at = parseShopTime(value);
  if (Number.isNaN(at.getTime())) throw invalidField(field, `${field} must be an ISO 8601 date-time`);
  return at;
}

