import { Link } from 'react-router-dom';
import { LegalPage, type LegalSection } from '../../components/LegalPage.js';

const SECTIONS: LegalSection[] = [
  {
    id: 'data-we-collect',
    title: 'Data we collect',
    body: (
      <ul>
        <li>Account data you give us when you sign up: name, email address, phone number, postal address and a password (stored only as a secure hash).</li>
        <li>Rental data: the bikes you book, start and return times, quantities, costs, booking fees and payment status.</li>
        <li>Reviews, ratings, helpful votes and favourite bikes you add.</li>
        <li>Messages you send us through the Contact page.</li>
        <li>Technical data our servers log for security: IP address, browser type and the time of each request.</li>
      </ul>
    ),
  },
  {
    id: 'how-we-use-it',
    title: 'How we use your data',
    body: (
      <ul>
        <li>To create and manage your account and your rentals, and to hand over and take back bikes.</li>
        <li>To calculate what you owe and to take payments.</li>
        <li>To answer your questions and send messages about your bookings.</li>
        <li>To keep the service secure and to prevent fraud and abuse.</li>
      </ul>
    ),
  },
  {
    id: 'payments',
    title: 'Payments',
    body: (
      <p>
        Booking fees and rental payments are taken through our payment gateway. Your card or mobile wallet details are entered on the gateway&apos;s
        own page and never reach our servers; we keep only the payment reference, amount and status the gateway returns to us.
      </p>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <>
        <p>We use two cookies, both needed for the site to work; we use no advertising or tracking cookies.</p>
        <ul>
          <li>
            <code>okb_token</code>: your session cookie. It keeps you signed in, is not readable by scripts (httpOnly) and is removed when you log out or
            when the session expires.
          </li>
          <li>
            <code>okb_theme</code>: remembers whether you chose the light or dark theme.
          </li>
        </ul>
        <p>
          Your browser&apos;s local storage also keeps a <code>userAuth</code> entry that tells the site whether you are signed in and with which role.
          It holds no password or session token, and logging out marks it as signed out.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share data with',
    body: (
      <p>
        We share data only with our payment gateway (to take payments), our hosting provider (to run the service) and authorities when the law requires
        it. We never sell your data.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep data',
    body: (
      <ul>
        <li>Account data: while your account is open, and deleted within 30 days after you ask us to close it.</li>
        <li>Rental and payment records: for 7 years, as tax and accounting law requires.</li>
        <li>Contact messages: for 2 years. Security logs: for 90 days.</li>
      </ul>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <p>
        You may see, correct, export or delete your personal data, object to how we use it and withdraw consent at any time. You can edit your profile
        in your dashboard; for anything else, <Link to="/contact">contact us</Link> and we respond in 1-2 business days.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about this policy or your data: write to <a href="mailto:privacy@okaybike.com">privacy@okaybike.com</a> or use our{' '}
        <Link to="/contact">Contact page</Link>. Okay Bike, House 12, Road 5, Dhanmondi, Dhaka 1205, Bangladesh.
      </p>
    ),
  },
];

export default function PrivacyPolicyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated="1 January 2026"
      intro={<p>This policy explains what personal data Okay Bike collects when you use our website and rent our bikes, and how we protect it.</p>}
      sections={SECTIONS}
    />
  );
}
