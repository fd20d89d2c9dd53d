import type { AddonRow } from '../../database/schema/addons.js';
import type { QuoteLineRow } from '../../database/schema/rentals.js';

const DAY_MS = 86_400_000;

/** Started days of a window: 25 hours are 2 days; never less than 1. */
export const startedDays = (ms: number): number => Math.max(1, Math.ceil(ms / DAY_MS));

export type AddonRates = Pick<AddonRow, 'id' | 'name' | 'pricePerRentalCents' | 'pricePerDayCents'>;

/** One piece's price for a window: the price per rental plus the price per started day. */
export const addonUnitMinor = (a: AddonRates, ms: number): number => a.pricePerRentalCents + a.pricePerDayCents * startedDays(ms);

/** The quote line of `quantity` pieces for a window ("Helmet × 2"). */
export function addonLine(a: AddonRates, ms: number, quantity: number): QuoteLineRow {
  const unit = addonUnitMinor(a, ms);
  return { label: quantity === 1 ? a.name : `${a.name} × ${quantity}`, quantity, unitAmountMinor: unit, amountMinor: unit * quantity, kind: 'addon', ref: a.id };
}
