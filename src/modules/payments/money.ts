/** Minor units (cents, poisha) to the major-unit number the API shows: 4800 -> 48. */
export const toMajor = (minor: number): number => minor / 100;

/** Major units (as a client sends them) to minor units, or null when the value has more than 2 decimals. */
export function toMinorExact(major: number): number | null {
  const minor = Math.round(major * 100);
  return Math.abs(major * 100 - minor) < 1e-6 ? minor : null;
}

const SYMBOLS: Record<string, string> = { BDT: 'Tk ', USD: '$', EUR: '€', GBP: '£', INR: '₹' };

/** 'Tk 100.00', '$48.00', 'CHF 12.50'. */
export function formatMoney(minor: number, currency: string): string {
  const amount = (minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${SYMBOLS[currency] ?? `${currency} `}${amount}`;
}
