import './payment-result.css';
import { LoadingOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Result, Skeleton } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isApiError } from '../../api/http.js';
import { usePayment, usePaymentStatus, type Payment, type PaymentOutcomeView, type PaymentKind, type PaymentStatus } from '../../api/payments.js';
import { queryKeys } from '../../api/query-keys.js';
import { useMyRentals, type Rental } from '../../api/rentals.js';
import { useSession } from '../../api/users.js';
import { amountDue, feeNeedsRetry } from '../../lib/rental-state.js';
import { SHOP_ADDRESS } from '../../lib/shop.js';
import { RetryFeeButton } from '../../components/RetryFeeButton.js';
import { ButtonLink } from '../../components/ButtonLink.js';
import { DateTime } from '../../components/DateTime.js';
import { formatMoney } from '../../lib/money.js';

/** The gateway's notification may land a moment after the browser comes back: ask again every 2 s, for a minute. */
const POLL_MS = 2000;
const POLL_FOR_MS = 60_000;

/** What a payment of each kind pays for, as the result page names it. */
const KIND_LABEL: Record<PaymentKind, string> = { booking_fee: 'Booking fee', rental: 'Rental', late_fee: 'Late return fee' };

const purpose = (payment: Payment): string =>
  payment.kind === 'rental' ? `Rental of ${payment.rental.bikeName}` : `${KIND_LABEL[payment.kind]} for ${payment.rental.bikeName}`;

interface Outcome {
  status: 'success' | 'error' | 'warning' | 'info';
  title: string;
  text: string;
}

/** What the signed-in payer's rental says about the outcome (the public view knows nothing of it). */
interface RentalContext {
  /** The booking is still held after a failed fee: it can be paid again. */
  held?: boolean;
  /** A fixed window (its price is known now), or open-ended (priced at the return). */
  fixed?: boolean;
  /** The bike is back (a paid rental may then be reviewed). */
  returned?: boolean;
}

function outcomeOf(payment: Pick<Payment, 'kind' | 'status'>, waitedTooLong: boolean, rental: RentalContext = {}): Outcome {
  const booking = payment.kind === 'booking_fee';
  const afterFee = rental.fixed
    ? 'Its price is fixed: pay it from My Rentals now, or by the return.'
    : 'The rental is charged by the hour: pay it after you return the bike.';
  const outcomes: Record<PaymentStatus, Outcome> = {
    succeeded: booking
      ? { status: 'success', title: 'Booking confirmed', text: `Your booking fee is paid and the bike is reserved for you. ${afterFee}` }
      : {
          status: 'success',
          title: 'Payment received',
          text: rental.returned
            ? 'Your rental is paid in full. Thank you for riding with Okay Bike! You can now review it.'
            : 'Your rental is paid in full. Enjoy the ride: after you return the bike you can review it.',
        },
    failed: booking
      ? rental.held
        ? { status: 'error', title: 'Payment failed', text: 'The booking fee could not be charged. The bike is still held for you until the time below: pay the booking fee again to keep the booking.' }
        : { status: 'error', title: 'Payment failed', text: 'The booking fee could not be charged, so the booking was cancelled and the bike released. You can book again.' }
      : { status: 'error', title: 'Payment failed', text: 'The payment could not be completed and your rental is still unpaid. You can try again from your rentals.' },
    cancelled: booking
      ? rental.held
        ? { status: 'warning', title: 'Payment cancelled', text: 'You cancelled the booking fee payment; nothing was charged. The bike is still held for you until the time below: pay the booking fee to keep the booking.' }
        : { status: 'warning', title: 'Payment cancelled', text: 'You cancelled the booking fee payment, so the booking was cancelled and nothing was charged.' }
      : { status: 'warning', title: 'Payment cancelled', text: 'You cancelled the payment. Your rental is still unpaid; you can pay it from your rentals.' },
    expired: booking
      ? { status: 'warning', title: 'Payment expired', text: 'The booking fee was not paid in time, so the booking was cancelled and the bike released.' }
      : { status: 'warning', title: 'Payment expired', text: 'The payment session timed out. Your rental is still unpaid; you can pay it from your rentals.' },
    refunded: booking
      ? { status: 'info', title: 'Booking fee refunded', text: 'The booking was cancelled in time, so the booking fee was refunded to you.' }
      : { status: 'info', title: 'Payment refunded', text: 'This payment was refunded to you.' },
    pending: waitedTooLong
      ? { status: 'info', title: 'Payment still processing', text: 'The payment provider has not confirmed this payment yet. Check again in a moment; nothing is charged twice.' }
      : { status: 'info', title: 'Confirming your payment…', text: 'We are waiting for the payment provider to confirm. This usually takes a few seconds.' },
  };
  return outcomes[payment.status];
}

const RESUME_OUTCOME: Outcome = { status: 'info', title: 'Booking fee not paid yet', text: 'The bike is held for you until the time below. Continue to the payment page to pay the booking fee.' };

/** Only a payment that went through was paid for (issue 20 item 14). */
const purposeTerm = (status: PaymentStatus): string => (status === 'succeeded' || status === 'refunded' ? 'Paid for' : 'Payment for');

function PaymentDetails({ payment }: { payment: Payment }) {
  const rows: [string, ReactNode][] = [
    ['Amount', <strong key="amount">{formatMoney(payment.amount, payment.currency)}</strong>],
    [purposeTerm(payment.status), purpose(payment)],
    ['Quantity', String(payment.rental.quantity)],
    ['Reference', <code key="ref">{payment.rental.paymentId}</code>],
    [payment.status === 'succeeded' ? 'Paid on' : payment.completedAt ? 'Ended' : 'Started', <DateTime key="when" value={payment.completedAt ?? payment.createdAt} />],
  ];
  if (payment.status === 'pending' && payment.expiresAt) rows.push(['Pay by', <DateTime key="by" value={payment.expiresAt} />]);
  return (
    <dl className="payment-details">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function PaymentView({
  payment,
  waitedTooLong,
  resuming,
  onCheckAgain,
  checking,
}: {
  payment: Payment;
  waitedTooLong: boolean;
  /** Opened to pay an open booking fee (My Rentals' 'Pay booking fee'), not back from the gateway. */
  resuming: boolean;
  onCheckAgain(): void;
  checking: boolean;
}) {
  const session = useSession();
  const rentals = useMyRentals({ enabled: session?.role === 'user' });
  const rental = rentals.data?.find((r) => r._id === payment.rental._id);
  const held = rental ? feeNeedsRetry(rental) : false;
  const context: RentalContext = { held, fixed: Boolean(rental?.endTime), returned: payment.rental.isReturned };
  const outcome = resuming && payment.status === 'pending' ? RESUME_OUTCOME : outcomeOf(payment, waitedTooLong, context);
  const pending = payment.status === 'pending';
  const bikeLink = `/bike/${payment.rental.bikeId._id}`;
  const rentalsLink = session?.role === 'user' ? '/dashboard/rentals' : '/dashboard';

  const actions: ReactNode[] = [];
  if (pending && resuming && payment.payment_url) {
    // Came to pay a booking fee that is still open (the loader sends the browser on; this is the way if it could not).
    actions.push(
      <Button key="continue" type="primary" onClick={() => window.location.assign(payment.payment_url as string)}>
        Continue to payment
      </Button>,
    );
  } else if (pending && waitedTooLong) {
    actions.push(
      <Button key="again" type="primary" loading={checking} onClick={onCheckAgain}>
        Check again
      </Button>,
    );
    if (payment.payment_url) {
      actions.push(
        <Button key="continue" onClick={() => window.location.assign(payment.payment_url as string)}>
          Continue to payment
        </Button>,
      );
    }
  }
  if (held && rental && payment.kind === 'booking_fee' && payment.status !== 'pending') actions.push(<RetryFeeButton key="retry" rental={rental} />);
  if (payment.status === 'succeeded' && payment.kind === 'rental' && payment.rental.status === 'paid' && session?.role === 'user') {
    actions.push(
      <ButtonLink key="review" to="/dashboard/myrentals" type="primary">
        Add a review
      </ButtonLink>,
    );
  }
  actions.push(
    <ButtonLink key="rentals" to={rentalsLink} type={actions.length === 0 ? 'primary' : 'default'}>
      {session?.role === 'user' ? 'Go to My Rentals' : 'Go to Dashboard'}
    </ButtonLink>,
    <ButtonLink key="bike" to={bikeLink}>
      {payment.status === 'succeeded' || pending ? 'View the bike' : 'Back to the bike'}
    </ButtonLink>,
  );

  return (
    <Result
      status={outcome.status}
      icon={pending && !waitedTooLong ? <LoadingOutlined aria-hidden="true" /> : undefined}
      title={<h1 className="payment-result-title">{outcome.title}</h1>}
      subTitle={
        <span role="status" aria-live="polite">
          {outcome.text}
        </span>
      }
      extra={actions}
    >
      <PaymentDetails payment={payment} />
      {rental && rental.status !== 'cancelled' ? <BookingDetails rental={rental} /> : null}
    </Result>
  );
}

/**
 * The booking the payment belongs to, as the confirmation a customer keeps (issue 20 item 17): the window, the units,
 * the price, what is paid and what is still due and when, and where to pick the bike up.
 */
function BookingDetails({ rental }: { rental: Rental }) {
  const due = amountDue(rental);
  const feePaid = rental.bookingFee?.status === 'succeeded';
  const rows: [string, ReactNode][] = [
    ['Pick-up', <DateTime key="start" value={rental.startTime} />],
    ['Return', rental.returnTime ? <DateTime key="ret" value={rental.returnTime} /> : rental.endTime ? <DateTime key="end" value={rental.endTime} /> : 'Open-ended: when you bring it back'],
    ['Units', rental.units && rental.units.length > 0 ? `${rental.quantity} × ${rental.bikeId.name} (${rental.units.map((u) => u.label).join(', ')})` : `${rental.quantity} × ${rental.bikeId.name}`],
    ['Rental price', rental.endTime || rental.returnTime ? formatMoney(rental.totalCost, rental.currency) : `${formatMoney(rental.bikeId.pricePerHour ?? 0, rental.currency)} per hour and bike, charged at the return`],
    [
      'Paid',
      [
        rental.bookingFee && feePaid ? `Booking fee ${formatMoney(rental.bookingFee.amount, rental.bookingFee.currency)}` : null,
        rental.totalPaid ? `Rental ${formatMoney(rental.totalPaid, rental.currency)}` : null,
      ]
        .filter(Boolean)
        .join(' · ') || 'Nothing yet',
    ],
    [
      'Still due',
      rental.status === 'pending_fee'
        ? `The booking fee${rental.bookingFee ? ` (${formatMoney(rental.bookingFee.amount, rental.bookingFee.currency)})` : ''}, before the hold ends`
        : due > 0
          ? `${formatMoney(due, rental.currency)}, ${rental.status === 'returned' ? 'now' : 'by the return (or now, from My Rentals)'}`
          : rental.endTime || rental.returnTime
            ? 'Nothing'
            : 'The rental price, after the return',
    ],
    ['Pick up at', SHOP_ADDRESS],
  ];
  return (
    <section className="payment-booking" aria-labelledby="payment-booking-title">
      <h2 id="payment-booking-title" className="payment-booking-title">
        Your booking
      </h2>
      <dl className="payment-details">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * A visitor who is not signed in (back from the gateway in another browser, or a client on another origin that
 * sent the payer here): the outcome only, read by the payment's unguessable id, nothing about the rental or the payer.
 */
function PublicPaymentView({ payment, waitedTooLong }: { payment: PaymentOutcomeView; waitedTooLong: boolean }) {
  const outcome = outcomeOf(payment, waitedTooLong);
  const pending = payment.status === 'pending';
  const rows: [string, ReactNode][] = [
    ['Amount', <strong key="amount">{formatMoney(payment.amount, payment.currency)}</strong>],
    [purposeTerm(payment.status), KIND_LABEL[payment.kind]],
    [payment.status === 'succeeded' ? 'Paid on' : payment.completedAt ? 'Ended' : 'Started', <DateTime key="when" value={payment.completedAt ?? payment.createdAt} />],
  ];
  return (
    <Result
      status={outcome.status}
      icon={pending && !waitedTooLong ? <LoadingOutlined aria-hidden="true" /> : undefined}
      title={<h1 className="payment-result-title">{outcome.title}</h1>}
      subTitle={
        <span role="status" aria-live="polite">
          {outcome.text}
        </span>
      }
      extra={[
        <ButtonLink key="login" to="/login" type="primary">
          Login to see your rentals
        </ButtonLink>,
        <ButtonLink key="bikes" to="/allbikes">
          Browse bikes
        </ButtonLink>,
      ]}
    >
      <dl className="payment-details">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Result>
  );
}

function Message({ status, title, text, retry }: { status: 'warning' | 'error'; title: string; text: string; retry?(): void }) {
  return (
    <Result
      status={status}
      title={<h1 className="payment-result-title">{title}</h1>}
      subTitle={text}
      extra={[
        retry ? (
          <Button key="retry" type="primary" onClick={retry}>
            Try again
          </Button>
        ) : null,
        <ButtonLink key="rentals" to="/dashboard" type={retry ? 'default' : 'primary'}>
          Go to Dashboard
        </ButtonLink>,
      ]}
    />
  );
}

/** /payment/result?payment=<id>: where the payment gateway returns the payer. */
export default function PaymentResultPage() {
  const [params] = useSearchParams();
  const id = params.get('payment')?.trim() ?? '';
  const resuming = params.get('resume') === '1';
  const [polling, setPolling] = useState(true);
  const [round, setRound] = useState(0);
  const signedIn = Boolean(useSession());
  const own = usePayment(id, { pollMs: polling ? POLL_MS : 0, enabled: signedIn });
  const outcomeOnly = usePaymentStatus(id, { pollMs: polling ? POLL_MS : 0, enabled: !signedIn });
  const payment = signedIn ? own : outcomeOnly;
  const status = payment.data?.status;
  const queryClient = useQueryClient();

  useEffect(() => {
    if (status !== 'pending') return;
    const timer = setTimeout(() => setPolling(false), POLL_FOR_MS);
    return () => clearTimeout(timer);
  }, [status, round]);

  // A final payment changed the rental (and, when a booking ended, the stock): cached lists are out of date.
  useEffect(() => {
    if (!status || status === 'pending') return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.rentals.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.bikes.all });
  }, [status, queryClient]);

  let body: ReactNode;
  if (!id) {
    body = <Message status="warning" title="No payment to show" text="This page shows a payment after you pay. Your rentals and their payments are in your dashboard." />;
  } else if (!signedIn && outcomeOnly.data) {
    body = <PublicPaymentView payment={outcomeOnly.data} waitedTooLong={!polling} />;
  } else if (own.data) {
    body = (
      <PaymentView
        payment={own.data}
        waitedTooLong={!polling}
        resuming={resuming}
        checking={payment.isFetching}
        onCheckAgain={() => {
          setPolling(true);
          setRound((r) => r + 1);
          void payment.refetch();
        }}
      />
    );
  } else if (payment.isError) {
    const missing = isApiError(payment.error) && (payment.error.status === 404 || payment.error.status === 400);
    body = missing ? (
      <Message status="warning" title="Payment not found" text="We could not find this payment on your account. Your rentals and their payments are in your dashboard." />
    ) : (
      <Message status="error" title="Payment status unavailable" text="We could not load this payment right now." retry={() => void payment.refetch()} />
    );
  } else {
    body = <Skeleton active paragraph={{ rows: 5 }} />;
  }

  return <div className="page-container page-section payment-result">{body}</div>;
}
