import type { DepositStatus } from '../../database/schema/deposits.js';

/**
 * What stops a hand-over at the counter, as codes. ALL check-out preconditions live here, in one place: the
 * counter refuses a check-out while this list is not empty, unless an admin overrides it with a reason that is kept
 * (rental_checkouts.override_reason). Hard refusals (a rental that is not booked, already handed over) are not
 * blockers: nobody can override them (CounterService.checkOut answers 409 for those).
 *
 * `AGREEMENT_NOT_SIGNED`: the shop has a rental agreement and not every rider has signed it (agreements module).
 */
export const CHECKOUT_BLOCKERS = {
  DEPOSIT_NOT_HELD: 'The security deposit is not held yet',
  AGREEMENT_NOT_SIGNED: 'Not every rider has signed the rental agreement',
} as const;
export type CheckoutBlocker = keyof typeof CHECKOUT_BLOCKERS;

/** What a blocker check reads of the rental. */
export interface CheckoutFacts {
  /** The deposit's status ('none' when the rental has no deposit). */
  depositStatus: DepositStatus;
  /** What the agreements module says of the riders' signatures (required false: the shop has no agreement). */
  agreement?: { required: boolean; complete: boolean };
}

/** The blockers of a rental's check-out, in a stable order (empty: it may be handed over). */
export function checkoutBlockers(rental: CheckoutFacts): CheckoutBlocker[] {
  const blockers: CheckoutBlocker[] = [];
  if (rental.depositStatus !== 'none' && rental.depositStatus !== 'held') blockers.push('DEPOSIT_NOT_HELD');
  if (rental.agreement?.required && !rental.agreement.complete) blockers.push('AGREEMENT_NOT_SIGNED');
  return blockers;
}
