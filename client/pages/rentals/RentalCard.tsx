import { Button, Card } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Rental } from '../../api/rentals.js';
import { ButtonLink } from '../../components/ButtonLink.js';
import { DateTime } from '../../components/DateTime.js';
import { FactList, type Fact } from '../../components/FactList.js';
import { formatMoney } from '../../lib/money.js';
import { formatDuration } from '../../lib/time.js';
import { RentalStatusTag } from '../../components/rental-display.js';
import { BookingChangeButtons } from './RentalActions.js';
import { RetryFeeButton } from '../../components/RetryFeeButton.js';
import { amountDue, feeNeedsRetry, resumeFeeLink } from '../../lib/rental-state.js';
import { RentalDocuments } from '../../components/RentalDocuments.js';
import { DepositState } from '../../components/DepositState.js';

/** What the rental's state means for the renter, in one sentence (no sentence where the numbers say it all). */
function stateNote(rental: Rental): ReactNode {
  switch (rental.status) {
    case 'pending_fee':
      if (feeNeedsRetry(rental)) {
        return (
          <>
            Your booking fee payment did not go through ({rental.bookingFee?.status === 'cancelled' ? 'cancelled' : rental.bookingFee?.status === 'expired' ? 'not finished' : 'declined'}). The bike is
            still held for you until <DateTime value={rental.holdExpiresAt} fallback="the hold ends" />: pay the booking fee to keep the booking, or it is
            cancelled automatically then.
          </>
        );
      }
      return (
        <>
          The booking fee is not paid yet. {resumeFeeLink(rental) ? 'Continue to the payment page to finish it;' : 'Finish it on the payment page that opened when you booked;'} the
          bike is held for you until <DateTime value={rental.holdExpiresAt} fallback="the hold ends" />, then the booking is cancelled automatically.
        </>
      );
    case 'booked':
      if (rental.endTime) {
        return rental.overdue ? (
          <>
            This rental was due back <DateTime value={rental.endTime} />. A late fee is added per started hour until the bike is returned.
          </>
        ) : (
          'Your window is booked and its price is fixed: you can pay it now, or after the ride.'
        );
      }
      return 'Enjoy your ride! The total cost is calculated when the bike is returned; you can pay it then.';
    case 'returned':
      return rental.lateFee
        ? `The bike came back late: a late fee of ${formatMoney(rental.lateFee, rental.currency)} is included. Pay the total to settle this rental.`
        : 'The bike is back. Pay the total cost to settle this rental.';
    case 'cancelled':
      return (
        <>
          {rental.bookingFee?.status === 'refunded'
            ? 'This booking was cancelled and its booking fee refunded.'
            : rental.bookingFee?.status === 'succeeded'
              ? 'This booking was cancelled after the free-cancellation window, so its booking fee was kept.'
              : 'This booking was cancelled because its booking fee was not completed in time.'}{' '}
          Nothing is owed. <Link to={`/bike/${rental.bikeId._id}`}>Book this bike again</Link>
        </>
      );
    default:
      return null;
  }
}

/**
 * The spec's 'total cost', said truthfully: an open-ended booking has none until the return, a cancelled one costs
 * nothing (issue 20 item 18).
 */
function totalCostText(rental: Rental): string {
  if (rental.status === 'cancelled') return 'Nothing (cancelled)';
  if (!rental.endTime && !rental.returnTime && rental.totalCost === 0) return 'Charged by the hour at return';
  return formatMoney(rental.totalCost, rental.currency);
}

/** One rental on My Rentals: the spec's fields (bike name, start, return, quantity, total cost) and its state. */
export function RentalCard({ rental }: { rental: Rental }) {
  const due = amountDue(rental);
  const paid = Boolean(rental.totalPaid) && due <= 0;
  const note = paid ? null : stateNote(rental);
  const payable = rental.totalCost > 0 && due > 0;
  const resume = resumeFeeLink(rental);
  const titleId = `rental-${rental._id}-title`;
  const facts: Fact[] = [
    { term: 'Start', value: <DateTime value={rental.startTime} /> },
    {
      term: 'Return',
      value: rental.returnTime ? (
        <DateTime value={rental.returnTime} />
      ) : rental.status === 'cancelled' ? (
        'N/A'
      ) : rental.endTime ? (
        <>
          Due <DateTime value={rental.endTime} />
        </>
      ) : (
        'Not returned yet'
      ),
    },
    { term: 'Quantity', value: rental.quantity },
    { term: 'Total Cost', value: totalCostText(rental), valueClassName: 'rental-cost' },
  ];
  if (rental.lateFee) facts.push({ term: 'Late fee', value: formatMoney(rental.lateFee, rental.currency), valueClassName: 'rental-cost' });
  if (rental.totalPaid && due > 0) facts.push({ term: 'Still due', value: formatMoney(due, rental.currency), valueClassName: 'rental-cost' });
  if (rental.deposit && rental.deposit.status !== 'none') facts.push({ term: 'Deposit', value: <DepositState deposit={rental.deposit} /> });
  return (
    <Card className="rental-card" role="article" aria-labelledby={titleId}>
      <div className="rental-card-head">
        <h3 id={titleId} className="rental-card-title">
          {rental.bikeId.name}
        </h3>
        <span className="rental-card-tags">
          {rental.overdue ? <span className="rental-status-tag rental-overdue-tag">Overdue</span> : null}
          <RentalStatusTag status={rental.status} />
        </span>
      </div>
      <FactList className="rental-facts" facts={facts} />
      {rental.quote && rental.quote.lines.length > 0 && !paid && rental.status !== 'cancelled' ? (
        <p className="rental-quote-lines">
          {rental.endTime ? `${formatDuration(new Date(rental.endTime).getTime() - new Date(rental.startTime).getTime())}, priced as ` : ''}
          {rental.quote.lines.map((line) => `${line.label}: ${formatMoney(line.amount, rental.quote?.currency ?? rental.currency)}`).join(' · ')}
        </p>
      ) : null}
      {note ? <p className="rental-note">{note}</p> : null}
      <RentalDocuments rental={rental} />
      {/* A cancelled booking owes nothing and never will: no Pay Now at all rather than one that stays disabled. */}
      {!paid && rental.status !== 'cancelled' ? (
        <div className="rental-actions">
          <BookingChangeButtons rental={rental} />
          {resume ? (
            <ButtonLink to={resume} type="primary" aria-label={`Pay booking fee for ${rental.bikeId.name}`}>
              Pay booking fee
            </ButtonLink>
          ) : feeNeedsRetry(rental) ? (
            <RetryFeeButton rental={rental} />
          ) : null}
          {payable && rental.status !== 'pending_fee' ? (
            <ButtonLink to={`/checkout/${encodeURIComponent(rental.paymentId)}`} type="primary" aria-label={`Pay Now for ${rental.bikeId.name}`}>
              Pay Now
            </ButtonLink>
          ) : (
            // Spec: Pay Now is disabled while the total cost is 0 (the bike is not back yet) or the booking fee is unpaid.
            <Button type="primary" disabled aria-label={`Pay Now for ${rental.bikeId.name}`}>
              Pay Now
            </Button>
          )}
        </div>
      ) : null}
    </Card>
  );
}
