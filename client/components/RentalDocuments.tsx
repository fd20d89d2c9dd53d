import { CalendarOutlined, FilePdfOutlined } from '@ant-design/icons';
import type { Rental } from '../api/rentals.js';
import { decorativeIcon } from './decorative-icon.js';

/** The rental fields the links depend on. */
type RentalForDocuments = Pick<Rental, '_id' | 'status' | 'totalPaid'> & { bookingFee: Pick<NonNullable<Rental['bookingFee']>, 'status'> | null };

/**
 * Download links for a rental's PDFs (issue 16): the booking-fee receipt, the rental payment's receipt and the
 * itemised invoice, each shown once there is something to show, and a booked rental's calendar event (.ics). Plain
 * links: the session cookie authorises them.
 */
export function RentalDocuments({ rental }: { rental: RentalForDocuments }) {
  const feePaid = rental.bookingFee?.status === 'succeeded' || rental.bookingFee?.status === 'refunded';
  const links: [string, string][] = [];
  if (feePaid) links.push(['Booking fee receipt', `/api/rentals/${rental._id}/receipts/booking_fee`]);
  if (rental.totalPaid !== null && rental.totalPaid > 0) links.push(['Payment receipt', `/api/rentals/${rental._id}/receipts/rental`]);
  if (feePaid || rental.status === 'returned' || rental.status === 'paid') links.push(['Invoice', `/api/rentals/${rental._id}/invoice`]);
  // Issue 26: a booking still ahead or under way goes into the customer's own calendar (an .ics file).
  const calendar = rental.status === 'booked' ? `/api/rentals/${rental._id}/calendar.ics` : null;
  if (!links.length && !calendar) return null;
  return (
    <p className="rental-documents" style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 16px', margin: '8px 0 0', fontSize: 14 }}>
      {calendar ? (
        <a href={calendar} download rel="nofollow">
          <CalendarOutlined {...decorativeIcon} /> Add to calendar
        </a>
      ) : null}
      {links.map(([label, href]) => (
        <a key={href} href={href} download rel="nofollow">
          <FilePdfOutlined {...decorativeIcon} /> {label} (PDF)
        </a>
      ))}
    </p>
  );
}
