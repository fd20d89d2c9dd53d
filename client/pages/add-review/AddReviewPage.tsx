import { StarOutlined } from '@ant-design/icons';
import { Button, Card, Empty } from 'antd';
import { useState } from 'react';
import { useMyRentals, type Rental } from '../../api/rentals.js';
import { ButtonLink } from '../../components/ButtonLink.js';
import { decorativeIcon } from '../../components/decorative-icon.js';
import { PageHeading } from '../../components/PageHeading.js';
import { DateTime } from '../../components/DateTime.js';
import { RentalsLoadState } from '../../components/rental-display.js';
import { useT } from '../../app/i18n.js';
import { AddReviewModal } from './AddReviewModal.js';

/**
 * Spec section 4: paid (totalPaid truthy) and not reviewed yet; and ridden: the server reviews only a returned rental
 * paid in full (status paid), so a booking paid ahead is not offered to then be refused (issue 20 item 17).
 */
export const isReviewable = (rental: Rental): boolean => Boolean(rental.totalPaid) && rental.status === 'paid' && !rental.reviewAdded;

function ReviewableCard({ rental, onReview }: { rental: Rental; onReview(): void }) {
  const titleId = `review-rental-${rental._id}`;
  const t = useT();
  return (
    <Card className="rental-card" role="article" aria-labelledby={titleId}>
      <h2 id={titleId} className="rental-card-title">
        {rental.bikeId.name}
      </h2>
      <dl className="rental-facts rental-facts-compact">
        <div>
          <dt>{t('addReview.bookingDate')}</dt>
          <dd>
            <DateTime value={rental.startTime} />
          </dd>
        </div>
        <div>
          <dt>{t('addReview.returnDate')}</dt>
          <dd>
            <DateTime value={rental.returnTime} />
          </dd>
        </div>
      </dl>
      <div className="rental-actions">
        <Button type="primary" icon={<StarOutlined {...decorativeIcon} />} onClick={onReview} aria-label={t('addReview.addFor', { bike: rental.bikeId.name })}>
          {t('addReview.add')}
        </Button>
      </div>
    </Card>
  );
}

export default function AddReviewPage() {
  const rentals = useMyRentals();
  const t = useT();
  const [reviewing, setReviewing] = useState<Rental | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  // The rental leaves the list as soon as its review is saved, before the refetch confirms it.
  const [reviewed, setReviewed] = useState<ReadonlySet<string>>(new Set());

  let content;
  if (rentals.isPending || rentals.isError) {
    content = <RentalsLoadState rentals={rentals} className="rental-grid" label={t('addReview.loading')} cards={3} rows={2} />;
  } else {
    const open = rentals.data.filter((r) => isReviewable(r) && !reviewed.has(r._id));
    content =
      open.length === 0 ? (
        <Card>
          <Empty className="okb-empty" description={t('addReview.none')}>
            <ButtonLink to="/dashboard/rentals" type="primary">
              {t('payment.goToRentals')}
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
      <PageHeading title={t('addReview.title')} lead={t('addReview.lead')} />
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
