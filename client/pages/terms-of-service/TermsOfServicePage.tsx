import { Link } from 'react-router-dom';
import { LegalPage, type LegalSection } from '../../components/LegalPage.js';

const SECTIONS: LegalSection[] = [
  {
    id: 'eligibility',
    title: 'Eligibility and licence',
    body: (
      <ul>
        <li>You must be at least 18 years old and hold a valid driving licence for the class of bike you rent.</li>
        <li>Bring the licence and a photo ID when you collect the bike; we may refuse the handover without them.</li>
        <li>Only the person who booked may ride the bike, and never under the influence of alcohol or drugs.</li>
      </ul>
    ),
  },
  {
    id: 'booking',
    title: 'Booking and booking fee',
    body: (
      <p>
        A booking reserves the bike from the start time you choose. To confirm it you pay a booking fee of Tk 100 through our payment gateway. The fee is
        charged per booking and is non-refundable, unless the booking fails: if your fee is taken but the booking cannot be confirmed (for example
        because the bike is no longer in stock, or because of an error on our side), we refund the Tk 100 in full to the account you paid from.
      </p>
    ),
  },
  {
    id: 'pricing',
    title: 'Prices and billing',
    body: (
      <ul>
        <li>Each bike shows its hourly price. Prices can change, but the price shown when you book applies to that booking.</li>
        <li>Rentals are billed by the hour, from the start time to the return time confirmed by our staff, rounded up to the next hour.</li>
        <li>The rental cost is paid after the return, from your dashboard.</li>
      </ul>
    ),
  },
  {
    id: 'cancellation',
    title: 'Cancellation',
    body: (
      <p>
        A booking whose fee is not paid within 15 minutes is cancelled automatically and the bike is released to other riders. You can cancel a booking
        before its start time by <Link to="/contact">contacting us</Link>.
      </p>
    ),
  },
  {
    id: 'care',
    title: 'Care of the bike and damage',
    body: (
      <ul>
        <li>Return the bike in the condition you received it, with the helmet and accessories we provided.</li>
        <li>Report accidents, damage or theft to us and, where required, to the police straight away.</li>
        <li>You pay for damage caused by misuse or negligence, up to the repair cost assessed by our workshop, and for traffic fines during the rental.</li>
      </ul>
    ),
  },
  {
    id: 'late-returns',
    title: 'Late returns',
    body: (
      <p>
        Every started hour past your planned return is billed at the bike&apos;s hourly price. If a bike is not returned within 24 hours of the planned
        time and we cannot reach you, we may report it as missing.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Liability',
    body: (
      <p>
        We service every bike before it is rented. Except where the law says otherwise, we are not liable for indirect losses, such as missed
        appointments, arising from a rental.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these terms: <a href="mailto:support@okaybike.com">support@okaybike.com</a> or our <Link to="/contact">Contact page</Link>. How we
        handle personal data is described in our <Link to="/privacy-policy">Privacy Policy</Link>.
      </p>
    ),
  },
];

export default function TermsOfServicePage() {
  return (
    <LegalPage
      title="Terms of Service"
      updated="1 January 2026"
      intro={<p>These terms apply to every rental booked on the Okay Bike website. By booking a bike you accept them.</p>}
      sections={SECTIONS}
    />
  );
}
