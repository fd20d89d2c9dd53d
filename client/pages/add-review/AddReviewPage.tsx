import { StarOutlined } from '@ant-design/icons';
import { Button, Card, Empty } from 'antd';
import { useState } from 'react';
import { useMyRentals, type Rental } from '../../api/rentals.js';
import { ButtonLink } from '../../components/ButtonLink.js';
import { decorativeIcon } from '../../components/decorative-icon.js';
import { PageHeading } from '../../components/PageHeading.js';
import { DateTime } from '../../components/DateTime.js';
import { RentalsLoadState } from '../../components/rental-display.js';
import { AddReviewModal } from './AddReviewModal.js';

/**
 * Spec section 4: paid (totalPaid truthy) and not reviewed yet; and ridden: the server reviews only a returned rental
 * paid in full (status paid), so a booking paid ahead is not offered to then be refused (issue 20 item 17).
 */
export const isReviewable = (rental: Rental): boolean => Boolean(rental.totalPaid) && rental.status === 'paid' && !rental.reviewAdded;

function ReviewableCard({ rental, onReview }: { rental: Rental; onReview(): void }) {
  const titleId = `review-rental-${rental._id}`;
  return (
    <Card className="rental-card" role="article" aria-labelledby={titleId}>
      <h3 id={titleId} className="rental-card-title">
        {rental.bikeId.name}
      </h3>
      <dl className="rental-facts rental-facts-compact">
        <div>
          <dt>Booking Date</dt>
          <dd>
            <DateTime value={rental.startTime} />
          </dd>
        </div>
        <div>
          <dt>Return Date</dt>
          <dd>
            <DateTime value={rental.returnTime} />
          </dd>
        </div>
      </dl>
      <div className="rental-actions">
        <Button type="primary" icon={<StarOutlined {...decorativeIcon} />} onClick={onReview} aria-label={`Add Review for ${rental.bikeId.name}`}>
          Add Review
        </Button>
      </div>
    </Card>
  );
}

export default function AddReviewPage() {
  const rentals = useMyRentals();
  const [reviewing, setReviewing] = useState<Rental | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  // The rental leaves the list as soon as its review is saved, before the refetch confirms it.
  const [reviewed, setReviewed] = useState<ReadonlySet<string>>(new Set());

  let content;
  if (rentals.isPending || rentals.isError) {
    content = <RentalsLoadState rentals={rentals} className="rental-grid" label="Loading paid rentals" cards={3} rows={2} />;
  } else {
    const open = rentals.data.filter((r) => isReviewable(r) && !reviewed.has(r._id));
    content =
      open.length === 0 ? (
        <Card>
          <Empty className="okb-empty" description="No paid rentals waiting for a review. Once you pay for a returned bike, you can review it here.">
            <ButtonLink to="/dashboard/rentals" type="primary">
              Go to My Rentals
            </ButtonLink>
          </Empty>
        </Card>
      ) : (
        <ul className="rental-grid">
          {open.map((rental) => (
            <li key={rental._id}>
              <ReviewableCard rental={rental} onReview={() => {
                  setReviewing(rental);
                  setModalOpen(true);
                }} />
            </li>
          ))}
        </ul>
      );
  }

  return (
    <div className="my-rentals-page">
      <PageHeading title="Paid Rentals" lead="Tell other riders how your ride went: rate and review the bikes you have paid for." />
      {content}
      <AddReviewModal
        rental={reviewing}
        open={modalOpen}
        onClose={() => setModalOpen(false)}
        onReviewed={(rental) => {
          setReviewed((current) => new Set(current).add(rental._id));
          setModalOpen(false);
        }}
      />
    </div>
  );
}
