import { Card, Skeleton, Tag } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import type { RentalStatus } from '../api/rentals.js';
import './rentals.css';
import { LoadError } from './LoadError.js';
import { useT, type MessageId } from '../app/i18n.js';

const STATUS_LABELS: Record<RentalStatus, MessageId> = {
  pending_fee: 'rentals.status.pending_fee',
  booked: 'rentals.status.booked',
  returned: 'rentals.status.returned',
  paid: 'rentals.status.paid',
  cancelled: 'rentals.status.cancelled',
};

/** antd's preset tag colours fall below 4.5:1 on light cards; rentals.css gives each state a contrast-checked pair. */
export function RentalStatusTag({ status }: { status: RentalStatus }) {
  const t = useT();
  const label = STATUS_LABELS[status] as MessageId | undefined;
  return <Tag className={`rental-status-tag rental-status-${status}`}>{label ? t(label) : status}</Tag>;
}

/**
 * The rental lists' loading and error states (My Rentals, Add Review): skeleton cards while the rentals load, an
 * error with Retry when they could not. Null once they are there, for the page to render them.
 */
export function RentalsLoadState({
  rentals,
  className,
  label,
  cards,
  rows,
}: {
  rentals: UseQueryResult<unknown>;
  className: string;
  label: string;
  cards: number;
  rows: number;
}) {
  const t = useT();
  if (rentals.isPending) {
    return (
      <div className={className} aria-busy="true" aria-label={label}>
        {Array.from({ length: cards }, (_, i) => (
          <Card key={i}>
            <Skeleton active paragraph={{ rows }} />
          </Card>
        ))}
      </div>
    );
  }
  if (rentals.isError) {
    return (
      <LoadError title={t('rentals.loadError')} description={rentals.error.message} onRetry={() => rentals.refetch()} />
    );
  }
  return null;
}
