import { Button, Card } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Rental } from '../../api/rentals.js';
import { ButtonLink } from '../../components/ButtonLink.js';
import { FactList } from '../../components/FactList.js';
import { RentalDocuments } from '../../components/RentalDocuments.js';
import { DateTime, formatMoney, RentalStatusTag } from './rental-display.js';

/** What the rental's state means for the renter, in one sentence (no sentence where the numbers say it all). */
function stateNote(rental: Rental): ReactNode {
  switch (rental.status) {
    case 'pending_fee':
      return (
        <>
          The booking fee is not paid yet. Finish it on the payment page that opened when you booked; the bike is held for you until{' '}
          <DateTime value={rental.holdExpiresAt} fallback="the hold ends" />, then the booking is cancelled automatically.
        </>
      );
    case 'booked':
      return 'Enjoy your ride! The total cost is calculated when the bike is returned; you can pay it then.';
    case 'returned':
      return 'The bike is back. Pay the total cost to settle this rental.';
    case 'cancelled':
      return (
        <>
          This booking was cancelled because its booking fee was not completed in time. Nothing is owed. <Link to={`/bike/${rental.bikeId._id}`}>Book this bike again</Link>
        </>
      );
    default:
      return null;
  }
}

/** One rental on My Rentals: the spec's fields (bike name, start, return, quantity, total cost) and its state. */
export function RentalCard({ rental }: { rental: Rental }) {
  const paid = Boolean(rental.totalPaid);
  const note = paid ? null : stateNote(rental);
  const payable = rental.totalCost > 0;
  const titleId = `rental-${rental._id}-title`;
  return (
    <Card className="rental-card" role="article" aria-labelledby={titleId}>
      <div className="rental-card-head">
        <h3 id={titleId} className="rental-card-title">
          {rental.bikeId.name}
        </h3>
        <RentalStatusTag status={rental.status} />
      </div>
      <FactList
        className="rental-facts"
        facts={[
          { term: 'Start', value: <DateTime value={rental.startTime} /> },
          {
            term: 'Return',
            value: <DateTime value={rental.returnTime} fallback={rental.status === 'cancelled' ? 'N/A' : 'Not returned yet'} />,
          },
          { term: 'Quantity', value: rental.quantity },
          { term: 'Total Cost', value: formatMoney(rental.totalCost, rental.currency), valueClassName: 'rental-cost' },
        ]}
      />
      {note ? <p className="rental-note">{note}</p> : null}
      <RentalDocuments rental={rental} />
      {/* A cancelled booking owes nothing and never will: no Pay Now at all rather than one that stays disabled. */}
      {!paid && rental.status !== 'cancelled' ? (
        <div className="rental-actions">
          {payable ? (
            <ButtonLink to={`/checkout/${encodeURIComponent(rental.paymentId)}`} type="primary" aria-label={`Pay Now for ${rental.bikeId.name}`}>
              Pay Now
            </ButtonLink>
          ) : (
            // Spec: Pay Now is disabled while the total cost is 0 (the bike is not back yet).
            <Button type="primary" disabled aria-label={`Pay Now for ${rental.bikeId.name}`}>
              Pay Now
            </Button>
          )}
        </div>
      ) : null}
    </Card>
  );
}
