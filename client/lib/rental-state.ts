import type { Rental } from '../api/rentals.js';

/** What is still owed: the server's amountDue when it says, else the spec's rule (unpaid: the total cost). */
export const amountDue = (rental: Rental): number => rental.amountDue ?? (rental.totalPaid ? 0 : rental.totalCost);

/** A cancelled booking that owes nothing: shown apart from what is still to pay (issue 14 item 7). */
export const isSettledCancellation = (rental: Rental): boolean => rental.status === 'cancelled' && amountDue(rental) <= 0;

/**
 * The booking-fee checkout to go back to while the hold lasts: `resume=1` makes the payment result page send the
 * browser straight on to the payment's hosted page while it is still payable (and show the outcome otherwise).
 */
export const resumeFeeLink = (rental: Rental): string | null =>
  rental.status === 'pending_fee' && rental.bookingFee?._id && rental.bookingFee.status === 'pending'
    ? `/payment/result?payment=${encodeURIComponent(rental.bookingFee._id)}&resume=1`
    : null;

/**
 * A booking still held whose last booking-fee try was declined, cancelled or abandoned: the customer may pay the fee
 * again until the hold ends (POST rentals/{id}/booking-fee; issue 20 item 14).
 */
export const feeNeedsRetry = (rental: Rental, now = Date.now()): boolean =>
  rental.status === 'pending_fee' &&
  rental.bookingFee?.status !== 'pending' &&
  rental.holdExpiresAt !== null &&
  rental.holdExpiresAt !== undefined &&
  new Date(rental.holdExpiresAt).getTime() > now;
