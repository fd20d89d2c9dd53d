import { Alert, Button, Card, Skeleton, Tag } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import type { RentalStatus } from '../../api/rentals.js';
import { useHydrated } from '../../app/use-hydrated.js';
import './rentals.css';

dayjs.extend(utc);

const DATE_TIME = 'MMM D, YYYY h:mm A';
const DATE_ONLY = 'MMM D, YYYY';

/** The viewer's zone as the browser names it ("GMT+6", "CET"); only called after hydration. */
function localZoneName(at: Date): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' }).formatToParts(at).find((p) => p.type === 'timeZoneName');
  return part?.value ?? '';
}

/**
 * A date (and time) that renders identically on the server and during hydration (UTC, zone named), then
 * switches to the viewer's own zone: the server cannot know the viewer's zone, and a mismatch would break hydration.
 */
export function DateTime({ value, dateOnly = false, fallback = 'N/A' }: { value: string | null | undefined; dateOnly?: boolean; fallback?: string }) {
  const hydrated = useHydrated();
  if (!value) return <>{fallback}</>;
  const at = dayjs(value);
  if (!at.isValid()) return <>{fallback}</>;
  const format = dateOnly ? DATE_ONLY : DATE_TIME;
  const text = hydrated
    ? dateOnly
      ? at.format(format)
      : `${at.format(format)} ${localZoneName(at.toDate())}`.trim()
    : `${at.utc().format(format)}${dateOnly ? '' : ' UTC'}`;
  return <time dateTime={at.toISOString()}>{text}</time>;
}

/** Spec: prices in USD with a dollar sign; another currency keeps its own symbol. */
export function formatMoney(amount: number, currency = 'USD'): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2 }).format(amount);
  } catch {
    return `${currency} ${amount.toFixed(2)}`;
  }
}

const STATUS_LABELS: Record<RentalStatus, string> = {
  pending_fee: 'Booking fee pending',
  booked: 'Booked',
  returned: 'Payment due',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

/** antd's preset tag colours fall below 4.5:1 on light cards; rentals.css gives each state a contrast-checked pair. */
export function RentalStatusTag({ status }: { status: RentalStatus }) {
  return <Tag className={`rental-status-tag rental-status-${status}`}>{STATUS_LABELS[status] ?? status}</Tag>;
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
      <Alert
        type="error"
        showIcon
        title="Your rentals could not be loaded."
        description={rentals.error.message}
        action={<Button onClick={() => void rentals.refetch()}>Retry</Button>}
      />
    );
  }
  return null;
}
