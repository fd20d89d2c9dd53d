/**
 * The one money formatter of the web app (issue 14 item 12): one style per kind of amount.
 * - The booking fee is charged in BDT and reads as the spec writes it: 'Tk 100' (no decimals when whole).
 * - Prices and rental amounts are in USD and read with a dollar sign and two decimals: '$12.50'.
 * - Any other currency keeps its own symbol (Intl), or its code when Intl does not know it.
 */
const BDT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
/** One formatter per currency (building one costs more than formatting many amounts); null: Intl does not know it. */
const byCurrency = new Map<string, Intl.NumberFormat | null>();

function currencyFormat(currency: string): Intl.NumberFormat | null {
  let format = byCurrency.get(currency);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2 });
    } catch {
      format = null;
    }
    if (byCurrency.size < 50) byCurrency.set(currency, format);
  }
  return format;
}

export function formatMoney(amount: number, currency = 'USD'): string {
  if (currency === 'BDT') return `Tk ${BDT.format(amount)}`;
  return currencyFormat(currency)?.format(amount) ?? `${currency} ${amount.toFixed(2)}`;
}

/** A price per unit of time: '$12.50/hour', '$50.00/day'. */
export const formatRate = (amount: number, currency: string, per: 'hour' | 'day' | 'week'): string => `${formatMoney(amount, currency)}/${per}`;
