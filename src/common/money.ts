/**
 * The one place the server converts money between minor units (cents, poisha: integers, what the database stores)
 * and major units (what the API, emails, documents and exports show). Amounts from outside (DTOs, settings) are
 * converted exactly or refused; nothing here rounds a client's amount silently.
 */
import { invalidField } from './field-error.js';
import { currencyExponent, majorToMinorExact, majorToMinorRounded, minorToMajor } from '../../locales/currency.js';

export { currencyExponent, formatMinor, stripeAmount, fromStripeAmount, shareOfMinor } from '../../locales/currency.js';

/** The largest amount an amount column (int4) holds, in minor units. */
export const MAX_MINOR = 2_147_483_647;

/** Minor units (cents, poisha) to the major-unit number the API shows: 4800 -> 48 (USD), 4800 (JPY), 4.8 (KWD). */
export const toMajor = (minor: number, currency: string): number => minorToMajor(minor, currency);

/** Minor units as a plain amount with the currency's decimals, without currency: 4800 -> '48.00' (CSV exports, messages). */
export const amountText = (minor: number, currency: string): string => toMajor(minor, currency).toFixed(currencyExponent(currency));

/**
 * A major-unit number the server itself produced (an API DTO kept in an event, an email's data) back to minor
 * units, rounded to the nearest minor unit (undoes the float's binary error: 0.29 * 100 = 28.999999999999996).
 * Never for amounts from a client or a setting: those go through `toMinor` / `toMinorExact`.
 */
export const minorOfOwnMajor = (major: number, currency: string): number => majorToMinorRounded(major, currency);

/** Major units (as a client sends them) to minor units, or null when the value has more decimals than the currency. */
export function toMinorExact(major: number, currency: string): number | null {
  return majorToMinorExact(major, currency);
}

const SYMBOLS: Record<string, string> = { BDT: 'Tk ', USD: '$', EUR: '€', GBP: '£', INR: '₹' };

/** 'Tk 100.00', '$48.00', 'CHF 12.50', 'JPY 4,800' (the currency's own decimals). English; `formatMinor` for a reader's locale. */
export function formatMoney(minor: number, currency: string): string {
  const digits = currencyExponent(currency);
  const amount = toMajor(minor, currency).toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return `${SYMBOLS[currency] ?? `${currency} `}${amount}`;
}

/**
 * Major units to minor units where the value was already validated to 2 decimals (DTOs); throws when it is not
 * exact, so no conversion in the app rounds silently.
 */
export function toMinor(major: number, currency: string): number {
  const minor = toMinorExact(major, currency);
  if (minor === null) throw new RangeError(`${major} has more than ${currencyExponent(currency)} decimals`);
  return minor;
}

/** Nullable variant for optional prices: null stays null. */
export const toMinorOrNull = (major: number | null | undefined, currency: string): number | null => (major === null || major === undefined ? null : toMinor(major, currency));
export const toMajorOrNull = (minor: number | null, currency: string): number | null => (minor === null ? null : toMajor(minor, currency));

/**
 * An amount a client sent for a field (major units of `currency`) in minor units, or 400 naming the field when it
 * has more decimals than the currency has (12.5 JPY, 1.2345 KWD): the DTOs allow up to 3 decimals (the most any
 * shop currency in use has), this refuses what the shop's own currency cannot hold.
 */
export function minorOfField(major: number, currency: string, field: string): number {
  const minor = toMinorExact(major, currency);
  if (minor === null) throw invalidField(field, `${field} must be an amount with at most ${currencyExponent(currency)} decimals (${currency})`);
  return minor;
}
