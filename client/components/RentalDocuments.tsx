import { FilePdfOutlined } from '@ant-design/icons';
import type { Rental } from '../api/rentals.js';
import { decorativeIcon } from './decorative-icon.js';

/** The rental fields the links depend on. */
type RentalForDocuments = Pick<Rental, '_id' | 'status' | 'totalPaid'> & { bookingFee: Pick<NonNullable<Rental['bookingFee']>, 'status'> | null };

/**
 * Download links for a rental's PDFs (issue 16): the booking-fee receipt, the rental payment's receipt and the
 * itemised invoice, each shown once there is something to show. Plain links: the session cookie authorises them.
 */
export function RentalDocuments({ rental }: { rental: RentalForDocuments }) {
  const feePaid = rental.bookingFee?.status === 'succeeded' || rental.bookingFee?.status === 'refunded';
  const links: [string, string][] = [];
  if (feePaid) links.push(['Booking fee receipt', `/api/rentals/${rental._id}/receipts/booking_fee`]);
  if (rental.totalPaid !== null && rental.totalPaid > 0) links.push(['Payment receipt', `/api/rentals/${rental._id}/receipts/rental`]);
  if (feePaid || rental.status === 'returned' || rental.status === 'paid') links.push(['Invoice', `/api/rentals/${rental._id}/invoice`]);
  if (!links.length) return null;
  return (
    <p className="rental-documents" style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 16px', margin: '8px 0 0', fontSize: 14 }}>
      {links.map(([label, href]) => (
        <a key={href} href={href} download rel="nofollow">
          <FilePdfOutlined {...decorativeIcon} /> {label} (PDF)
        </a>
      ))}
    </p>
  );
}
