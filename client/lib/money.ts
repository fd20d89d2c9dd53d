/**
 * The one money formatter of the web app (issue 14 item 12): one style per kind of amount.
 * - The booking fee is charged in BDT and reads as the spec writes it: 'Tk 100' (no decimals when whole).
 * - Prices and rental amounts are in USD and read with a dollar sign and two decimals: '$12.50'.
 * - Any other currency keeps its own symbol (Intl), or its code when Intl does not know it.
 */
export function formatMoney(amount: number, currency = 'USD'): string {
  if (currency === 'BDT') return `Tk ${amount.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2 }).format(amount);
  } catch {
    return `${currency} ${amount.toFixed(2)}`;
  }
}

/** A price per unit of time: '$12.50/hour', '$50.00/day'. */
export const formatRate = (amount: number, currency: string, per: 'hour' | 'day' | 'week'): string => `${formatMoney(amount, currency)}/${per}`;

/** Chart axes: '$1,200' rather than '$1,200.00'. */
export const formatMoneyShort = (amount: number, currency = 'USD'): string => formatMoney(amount, currency).replace(/\.00$/, '');
