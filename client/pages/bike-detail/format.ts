/** Prices: spec section 1 shows them in USD with a dollar sign; another currency keeps its own symbol. */
export function formatPrice(amount: number, currency = 'USD'): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2 }).format(amount);
  } catch {
    return `${currency} ${amount.toFixed(2)}`;
  }
}

const REVIEW_DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A calendar date that reads the same on the server and in any browser (hydration must match). */
export function formatDate(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : REVIEW_DATE.format(at);
}

/** "1 review", "12 reviews". */
export const reviewCountText = (count: number): string => `${count} ${count === 1 ? 'review' : 'reviews'}`;
