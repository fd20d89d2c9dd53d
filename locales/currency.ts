/**
 * Money in any ISO 4217 currency (issue 27), the one helper the server (src/common/money.ts) and the pages
 * (client/lib/money.ts) share. Amounts are integers in the currency's minor units; the exponent is the currency's
 * own (JPY 0, USD 2, KWD 3, from the ICU data Intl carries), and every conversion rounds by one rule:
 * half away from zero, on the minor unit.
 */

const exponents = new Map<string, number>();

/** ISO 4217 codes in Intl's list (Intl.supportedValuesOf), where the runtime has it. */
const KNOWN: ReadonlySet<string> | null = typeof Intl.supportedValuesOf === 'function' ? new Set(Intl.supportedValuesOf('currency')) : null;

/** An ISO 4217 code in Intl's list of currencies ('USD', 'JPY'); anything else ('XYZ') is not a currency. */
export function isCurrencyCode(code: unknown): code is string {
  if (typeof code !== 'string' || !/^[A-Z]{3}$/.test(code)) return false;
  if (KNOWN) return KNOWN.has(code);
  try {
    new Intl.NumberFormat('en', { style: 'currency', currency: code });
    return true;
  } catch {
    return false;
  }
}

/** Decimal places of a currency's minor unit: JPY 0, USD 2, KWD 3. Throws for a code that is not a currency. */
export function currencyExponent(currency: string): number {
  let exponent = exponents.get(currency);
  if (exponent === undefined) {
    if (!isCurrencyCode(currency)) throw new RangeError(`${String(currency)} is not an ISO 4217 currency code`);
    exponent = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    exponents.set(currency, exponent);
  }
  return exponent;
}

/** The one rounding rule of money: to the nearest integer, halves away from zero (2.5 -> 3, -2.5 -> -3). */
export const roundHalfAwayFromZero = (value: number): number => Math.sign(value) * Math.round(Math.abs(value));

/** Minor units to major units: 4800 USD -> 48, 4800 JPY -> 4800, 4800 KWD -> 4.8. */
export const minorToMajor = (minor: number, currency: string): number => minor / 10 ** currencyExponent(currency);

/**
 * Major units to minor units, exactly or null: null when `major` has more decimals than the currency has
 * (12.5 JPY, 1.2345 KWD). The float's binary error is undone (0.29 USD -> 29, not 28.999…).
 */
export function majorToMinorExact(major: number, currency: string): number | null {
  const scaled = major * 10 ** currencyExponent(currency);
  const minor = roundHalfAwayFromZero(scaled);
  return Math.abs(scaled - minor) < 1e-6 ? minor : null;
}

/** Major units the server itself computed (a share, a percentage) to minor units, by the one rounding rule. */
export const majorToMinorRounded = (major: number, currency: string): number => roundHalfAwayFromZero(major * 10 ** currencyExponent(currency));

/** A share of an amount in minor units (a percentage coupon, a late fee's part), by the one rounding rule. */
export const shareOfMinor = (minor: number, numerator: number, denominator: number): number => roundHalfAwayFromZero((minor * numerator) / denominator);

/**
 * Stripe's amount for minor units of `currency`. Stripe counts in the ISO minor unit, except where its own rules
 * differ: three-decimal currencies must be sent as a multiple of 10 (the last digit 0), and ISK, HUF, TWD and
 * UGX are sent with two decimals though ISO (or Stripe's payout) uses none. Returns null when the amount cannot
 * be charged exactly (a KWD amount ending in 1-9): the caller refuses it instead of rounding the customer's price.
 */
export function stripeAmount(minor: number, currency: string): number | null {
  const exponent = currencyExponent(currency);
  if (TWO_DECIMAL_AT_STRIPE.has(currency) && exponent === 0) return minor * 100;
  if (exponent === 3) return minor % 10 === 0 ? minor : null;
  return minor;
}

/** Currencies Stripe takes with two decimals although ISO 4217 gives them none (Stripe's "special cases"). */
const TWO_DECIMAL_AT_STRIPE = new Set(['ISK', 'HUF', 'TWD', 'UGX']);

/** Stripe's amount back to minor units of `currency` (webhooks, refunds read from Stripe). */
export function fromStripeAmount(amount: number, currency: string): number {
  const exponent = currencyExponent(currency);
  if (TWO_DECIMAL_AT_STRIPE.has(currency) && exponent === 0) return roundHalfAwayFromZero(amount / 100);
  return amount;
}

const formats = new Map<string, Intl.NumberFormat>();

/** Minor units formatted for the reader's locale with the currency's own decimals: '¥4,800', '4,800 د.ك.‏', '১২.৫০ US$'. */
export function formatMinor(minor: number, currency: string, locale: string): string {
  const key = `${locale} ${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    if (formats.size < 200) formats.set(key, format);
  }
  return format.format(minorToMajor(minor, currency));
}
