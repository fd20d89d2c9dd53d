import { CalendarOutlined, FilePdfOutlined } from '@ant-design/icons';
import type { Rental } from '../api/rentals.js';
import { decorativeIcon } from './decorative-icon.js';
import { useT } from '../app/i18n.js';

/** The rental fields the links depend on. */
type RentalForDocuments = Pick<Rental, '_id' | 'status' | 'totalPaid'> & { bookingFee: Pick<NonNullable<Rental['bookingFee']>, 'status'> | null };

/**
 * Download links for a rental's PDFs (issue 16): the booking-fee receipt, the rental payment's receipt and the
 * itemised invoice, each shown once there is something to show, and a booked rental's calendar event (.ics). Plain
 * links: the session cookie authorises them.
 */
/** Each link is a target of at least 24 px in height (WCAG 2.5.8), also when the list wraps on a phone. */
const LINK_STYLE = { display: 'inline-flex', alignItems: 'center', gap: 4, minHeight: 24 } as const;

export function RentalDocuments({ rental }: { rental: RentalForDocuments }) {
  const t = useT();
  const feePaid = rental.bookingFee?.status === 'succeeded' || rental.bookingFee?.status === 'refunded';
  const links: [string, string][] = [];
  if (feePaid) links.push([t('rentals.feeReceipt'), `/api/rentals/${rental._id}/receipts/booking_fee`]);
  if (rental.totalPaid !== null && rental.totalPaid > 0) links.push([t('rentals.paymentReceipt'), `/api/rentals/${rental._id}/receipts/rental`]);
  if (feePaid || rental.status === 'returned' || rental.status === 'paid') links.push([t('rentals.invoice'), `/api/rentals/${rental._id}/invoice`]);
  // Issue 26: a booking still ahead or under way goes into the customer's own calendar (an .ics file).
  const calendar = rental.status === 'booked' ? `/api/rentals/${rental._id}/calendar.ics` : null;
  if (!links.length && !calendar) return null;
  return (
    <p className="rental-documents" style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 16px', margin: '8px 0 0', fontSize: 14 }}>
      {calendar ? (
        <a href={calendar} download rel="nofollow" style={LINK_STYLE}>
          <CalendarOutlined {...decorativeIcon} /> {t('rentals.addToCalendar')}
        </a>
      ) : null}
      {links.map(([label, href]) => (
        <a key={href} href={href} download rel="nofollow" style={LINK_STYLE}>
          <FilePdfOutlined {...decorativeIcon} /> {t('rentals.pdf', { label })}
        </a>
      ))}
    </p>
  );
}
