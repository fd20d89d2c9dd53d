/**
 * The one money formatter of the web app (issue 14 item 12): one style per kind of amount.
 * - The booking fee is charged in BDT and reads as the spec writes it: 'Tk 100' (no decimals when whole).
 * - Prices and rental amounts are in the shop's currency with its own decimals (issue 27): '$12.50', '¥4,800',
 *   'KWD 4.800'; Intl decides the decimals, which are the currency's exponent of locales/currency.ts.
 * - Any other currency keeps its own symbol (Intl), or its code when Intl does not know it.
 */
import { currencyExponent, isCurrencyCode, majorToMinorRounded, minorToMajor } from '../../locales/currency.js';

const BDT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
/** One formatter per locale and currency (building one costs more than formatting many amounts); null: Intl does not know it. */
const byCurrency = new Map<string, Intl.NumberFormat | null>();

function currencyFormat(currency: string, locale: string): Intl.NumberFormat | null {
  const key = `${locale} ${currency}`;
  let format = byCurrency.get(key);
  if (format === undefined) {
    try {
      // English keeps today's 'en-US' reading ('$12.50'); other languages read amounts their own way
      // ('12,50 $' in German, '১২.৫০ US$' in Bangla). The currency's own exponent decides the decimals (JPY 0, KWD 3).
      format = new Intl.NumberFormat(locale === 'en' ? 'en-US' : locale, { style: 'currency', currency });
    } catch {
      format = null;
    }
    if (byCurrency.size < 100) byCurrency.set(key, format);
  }
  return format;
}

/** `locale`: the reader's language (useLocale()); English by default. */
export function formatMoney(amount: number, currency = 'USD', locale = 'en'): string {
  if (currency === 'BDT' && locale === 'en') return `Tk ${BDT.format(amount)}`;
  return currencyFormat(currency, locale)?.format(amount) ?? `${currency} ${PLAIN.format(amount)}`;
}

/** A code Intl refuses as a currency: the amount as it is, to the most decimals any currency has (3). */
const PLAIN = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });

/**
 * Decimals an amount input of `currency` takes (antd InputNumber's `precision`): its exponent, JPY 0, USD 2, KWD 3;
 * 2 for a code that is not a currency.
 */
export const moneyPrecision = (currency: string | null | undefined): number => (currency && isCurrencyCode(currency) ? currencyExponent(currency) : 2);

/** An amount in major units of `currency` with exactly its decimals, as plain text ('12.50', '4800', '4.800'): feeds, JSON-LD. */
export const amountDigits = (amount: number, currency: string): string => amount.toFixed(moneyPrecision(currency));

/** Amounts in major units of `currency` added without a float's binary error (0.1 + 0.2 = 0.3), by whole minor units. */
export const sumMoney = (amounts: number[], currency: string): number => minorToMajor(amounts.reduce((sum, a) => sum + majorToMinorRounded(a, currency), 0), currency);

/** The sign an amount input of `currency` shows before the number: '$' (USD), '¥' (JPY), 'KWD'; the code when Intl has none. */
export function currencyPrefix(currency: string): string {
  const format = currencyFormat(currency, 'en');
  return format?.formatToParts(0).find((p) => p.type === 'currency')?.value ?? currency;
}

/** A price per unit of time: '$12.50/hour', '$50.00/day'. */
export const formatRate = (amount: number, currency: string, per: 'hour' | 'day' | 'week'): string => `${formatMoney(amount, currency)}/${per}`;
