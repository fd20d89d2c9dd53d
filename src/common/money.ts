/**
 * The one place the server converts money between minor units (cents, poisha: integers, what the database stores)
 * and major units (what the API, emails, documents and exports show). Amounts from outside (DTOs, settings) are
 * converted exactly or refused; nothing here rounds a client's amount silently.
 */

/** The largest amount an amount column (int4) holds, in minor units. */
export const MAX_MINOR = 2_147_483_647;

/** Minor units (cents, poisha) to the major-unit number the API shows: 4800 -> 48. */
export const toMajor = (minor: number): number => minor / 100;

/** Minor units as a plain 2-decimal amount, without currency: 4800 -> '48.00' (CSV exports, messages). */
export const amountText = (minor: number): string => toMajor(minor).toFixed(2);

/**
 * A major-unit number the server itself produced (an API DTO kept in an event, an email's data) back to minor
 * units, rounded to the nearest minor unit (undoes the float's binary error: 0.29 * 100 = 28.999999999999996).
 * Never for amounts from a client or a setting: those go through `toMinor` / `toMinorExact`.
 */
export const minorOfOwnMajor = (major: number): number => Math.round(major * 100);

/** Major units (as a client sends them) to minor units, or null when the value has more than 2 decimals. */
export function toMinorExact(major: number): number | null {
  const minor = Math.round(major * 100);
  return Math.abs(major * 100 - minor) < 1e-6 ? minor : null;
}

const SYMBOLS: Record<string, string> = { BDT: 'Tk ', USD: '$', EUR: '€', GBP: '£', INR: '₹' };

/** 'Tk 100.00', '$48.00', 'CHF 12.50'. */
export function formatMoney(minor: number, currency: string): string {
  const amount = toMajor(minor).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${SYMBOLS[currency] ?? `${currency} `}${amount}`;
}

/**
 * Major units to minor units where the value was already validated to 2 decimals (DTOs); throws when it is not
 * exact, so no conversion in the app rounds silently.
 */
export function toMinor(major: number): number {
  const minor = toMinorExact(major);
  if (minor === null) throw new RangeError(`${major} has more than 2 decimals`);
  return minor;
}

/** Nullable variant for optional prices: null stays null. */
export const toMinorOrNull = (major: number | null | undefined): number | null => (major === null || major === undefined ? null : toMinor(major));
export const toMajorOrNull = (minor: number | null): number | null => (minor === null ? null : toMajor(minor));
