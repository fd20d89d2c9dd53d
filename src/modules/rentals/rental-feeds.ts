import { createEvents, EventAttributes } from 'ics';
import { HOUR_MS, MINUTE_MS } from './rental-time.js';
import type { FeedBooking } from './rental-feeds.repository.js';

/** How long a pick-up or return shows in the shop's feed. */
const HANDOVER_MS = 15 * MINUTE_MS;

const utc = (start: number, end: number) =>
  ({ start, end, startInputType: 'utc', startOutputType: 'utc', endInputType: 'utc', endOutputType: 'utc' }) as const;

const label = (b: FeedBooking) => `${b.bikeName}${b.quantity > 1 ? ` ×${b.quantity}` : ''}`;

/** The booking's end on a calendar: its return, its fixed end, else (open-ended, still out) an hour after the start. */
const endOf = (b: FeedBooking): number => (b.returnTime ?? b.end ?? new Date(b.start.getTime() + HOUR_MS)).getTime();

/**
 * An iCalendar (RFC 5545) file. `handovers`: the shop's feed, one short event at each pick-up and each return;
 * otherwise one event per booking over its window (a bike's or a unit's feed, a customer's own booking).
 */
export function bookingsCalendar(name: string, bookings: FeedBooking[], options: { host: string; handovers: boolean; location?: string }): string {
  const events: EventAttributes[] = [];
  for (const b of bookings) {
    const description = `Booking ${b.ref} · ${b.firstName} · ${label(b)}`;
    const common = { description, location: options.location, productId: 'okay-bike', status: 'CONFIRMED' as const };
    if (options.handovers) {
      events.push({ ...common, ...utc(b.start.getTime(), b.start.getTime() + HANDOVER_MS), uid: `${b.id}-pickup@${options.host}`, title: `Pick-up: ${label(b)} · ${b.firstName} (${b.ref})` });
      const end = b.returnTime ?? b.end;
      if (end) events.push({ ...common, ...utc(end.getTime(), end.getTime() + HANDOVER_MS), uid: `${b.id}-return@${options.host}`, title: `Return: ${label(b)} · ${b.firstName} (${b.ref})` });
    } else {
      const open = !b.end && !b.returnTime ? ' (open-ended)' : '';
      events.push({ ...common, ...utc(b.start.getTime(), Math.max(endOf(b), b.start.getTime() + MINUTE_MS)), uid: `${b.id}@${options.host}`, title: `${label(b)} · ${b.firstName} (${b.ref})${open}` });
    }
  }
  if (events.length === 0) return emptyCalendar(name);
  const { error, value } = createEvents(events, { calName: name, productId: 'okay-bike' });
  if (error || !value) throw error ?? new Error('calendar could not be written');
  return value;
}

/** A calendar with no events (the library refuses an empty list). */
function emptyCalendar(name: string): string {
  const escaped = name.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/[\r\n]+/g, ' ');
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'CALSCALE:GREGORIAN', 'PRODID:okay-bike', 'METHOD:PUBLISH', `X-WR-CALNAME:${escaped}`, 'END:VCALENDAR', ''].join('\r\n');
}
