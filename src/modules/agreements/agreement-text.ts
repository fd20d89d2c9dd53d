import { formatMoney } from '../../common/money.js';
import type { Locale } from '../../../locales/index.js';
import { shopTimeZone } from '../../common/shop-time.js';
import type { RentalView } from '../rentals/rentals.repository.js';

/** The placeholders an agreement's Markdown may use; each is filled per rental. */
export const PLACEHOLDERS = {
  customer: "the customer's name and email",
  bikes: 'quantity x bike name, with the unit labels once assigned',
  window: 'pick-up and planned return in the shop time zone',
  deposit: "the security deposit held for the rental, or 'none'",
} as const;
export type Placeholder = keyof typeof PLACEHOLDERS;

const PLACEHOLDER = /\{\{\s*([A-Za-z_]+)\s*\}\}/g;

/** Placeholders in `body` that are not known (`{{ foo }}`), each once. */
export function unknownPlaceholders(body: string): string[] {
  const unknown = new Set<string>();
  for (const m of body.matchAll(PLACEHOLDER)) if (!(m[1] in PLACEHOLDERS)) unknown.add(m[1]);
  return [...unknown];
}

/** A time as the shop reads it: "Mon, 1 Jun 2026, 09:00 CEST"; in another language (de, bn) as it reads it. */
export function formatInShopZone(at: Date, zone = shopTimeZone(), locale: Locale = 'en'): string {
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : locale, {
    timeZone: zone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: undefined,
    timeZoneName: 'short',
  }).format(at);
}

/** What the placeholders say for one rental. */
export function placeholderValues(view: RentalView): Record<Placeholder, string> {
  const { rental, bike, user, units, deposit } = view;
  const unitLabels = units.length ? ` (units ${units.map((u) => u.label).join(', ')})` : '';
  const zone = shopTimeZone();
  return {
    customer: `${user.name} (${user.email})`,
    bikes: `${rental.quantity} x ${bike.name}${unitLabels}`,
    window: `${formatInShopZone(rental.startTime, zone)} to ${rental.endTime ? formatInShopZone(rental.endTime, zone) : 'an open-ended return'} (${zone})`,
    deposit: deposit && deposit.amountMinor > 0 ? formatMoney(deposit.amountMinor, deposit.currency) : 'none',
  };
}

/** The agreement's Markdown with the rental's values in place of its placeholders. */
export function fillPlaceholders(body: string, values: Record<Placeholder, string>): string {
  return body.replace(PLACEHOLDER, (whole, name: string) => (name in values ? values[name as Placeholder] : whole));
}

/** A rider's name folded for comparison: trimmed, single spaces, lower case (so "Ada  Lovelace" is "ada lovelace"). */
export const foldName = (name: string): string => name.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();

/** Age in whole years on `date` (both `YYYY-MM-DD`). */
export function ageOn(birthDate: string, date: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [y, m, d] = date.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** The calendar date (`YYYY-MM-DD`) of instant `at` in `zone`. */
export function dateInZone(at: Date, zone = shopTimeZone()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}
