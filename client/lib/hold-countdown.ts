/**
 * The unpaid hold's countdown (issue 26): a visible mm:ss clock, and what a screen reader hears. The clock ticks
 * every second but is not a live region; the announcement changes only when the hold first shows, at 10, 5 and 1
 * minutes left, and when it ends, so a screen reader is told at sensible moments, not every second.
 */

import { formatMessage, type Locale, type MessageId } from '../../locales/index.js';

type Say = (id: MessageId, values?: Record<string, string | number>) => string;
const english: Say = (id, values) => formatMessage('en', id, values);

/** Minutes left at which the remaining time is announced. */
export const ANNOUNCE_AT_MINUTES = [10, 5, 1] as const;

/** "14:05" (or "1:02:03" beyond an hour) for `ms` left, never negative; in the language's digits (Bangla: ১৪:০৫). */
export function formatRemaining(ms: number, locale: Locale = 'en'): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const digits = new Intl.NumberFormat(locale, { useGrouping: false });
  const two = new Intl.NumberFormat(locale, { useGrouping: false, minimumIntegerDigits: 2 });
  return h > 0 ? `${digits.format(h)}:${two.format(m)}:${two.format(s)}` : `${digits.format(m)}:${two.format(s)}`;
}

/**
 * Which announcement is due with `ms` left: a key that changes only at the thresholds, and its sentence. `start`
 * is the first one (the whole minutes left, rounded up); then the last threshold passed; then the end.
 */
export function holdAnnouncement(ms: number, firstMs: number, say: Say = english): { key: string; text: string } {
  if (ms <= 0) return { key: 'over', text: say('hold.over') };
  const passed = ANNOUNCE_AT_MINUTES.filter((m) => ms <= m * 60_000 && firstMs > m * 60_000);
  if (passed.length > 0) {
    const m = passed[passed.length - 1];
    return { key: `m${m}`, text: say('hold.minutesLeft', { n: m }) };
  }
  const left = Math.max(1, Math.ceil(firstMs / 60_000));
  return { key: 'start', text: say('hold.start', { n: left }) };
}
