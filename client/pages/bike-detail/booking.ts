/**
 * The booking fee as the spec fixes it (section 9: 'Booking fee: fixed 100, button "Pay Tk 100 to Book"'). The
 * server charges BOOKING_FEE_AMOUNT in BOOKING_FEE_CURRENCY, 100 BDT by default; the button text follows the spec.
 */
export const BOOKING_FEE_LABEL = 'Tk 100';

/** Spec section 9: the stepper's maximum when the stock is unknown. The API also books at most 10 units at once. */
export const MAX_UNITS_PER_BOOKING = 10;

/** Stepper maximum: the units in stock, never more than one booking may take. */
export const maxBookableUnits = (quantity: number | undefined): number =>
  Math.min(quantity ?? MAX_UNITS_PER_BOOKING, MAX_UNITS_PER_BOOKING);

/** 'YYYY-MM-DDTHH:mm' of a local date, the value format of <input type="datetime-local">. */
export function toLocalInputValue(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** A datetime-local value is the visitor's wall-clock time; the API wants an instant. */
export function localInputToIso(value: string): string | null {
  const at = new Date(value);
  return value && !Number.isNaN(at.getTime()) ? at.toISOString() : null;
}
