/**
 * The booking fee as the spec fixes it (section 9: 'Booking fee: fixed 100, button "Pay Tk 100 to Book"'). The
 * server charges BOOKING_FEE_AMOUNT in BOOKING_FEE_CURRENCY, 100 BDT by default; the button text follows the spec.
 */
export const BOOKING_FEE_LABEL = 'Tk 100';

/** The fee in another language than English, as that language writes whole amounts ('100 BDT', '১০০৳'). */
export const bookingFeeLabel = (locale: string): string =>
  locale === 'en' ? BOOKING_FEE_LABEL : new Intl.NumberFormat(locale, { style: 'currency', currency: 'BDT', maximumFractionDigits: 0 }).format(100);

/** Spec section 9: the stepper's maximum when the stock is unknown. The API also books at most 10 units at once. */
export const MAX_UNITS_PER_BOOKING = 10;

/** Stepper maximum: the units in stock, never more than one booking may take. */
export const maxBookableUnits = (quantity: number | undefined): number =>
  Math.min(quantity ?? MAX_UNITS_PER_BOOKING, MAX_UNITS_PER_BOOKING);
