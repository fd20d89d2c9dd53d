import '../../components/payment-outcome.css';
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
import { HoldCountdown } from '../../components/HoldCountdown.js';
import { formatMoney } from '../../lib/money.js';
import { useLocale, useT, type MessageId } from '../../app/i18n.js';

type Translate = ReturnType<typeof useT>;

/** The gateway's notification may land a moment after the browser comes back: ask again every 2 s, for a minute. */
const POLL_MS = 2000;
const POLL_FOR_MS = 60_000;

/** What a payment of each kind pays for, as the result page names it. */
const KIND_LABEL: Record<PaymentKind, MessageId> = { booking_fee: 'payment.kind.booking_fee', rental: 'payment.kind.rental', late_fee: 'payment.kind.late_fee', gift_card: 'payment.kind.gift_card' };

const purpose = (payment: Payment, t: Translate): string =>
  payment.kind === 'rental' ? t('payment.rentalOf', { bike: payment.rental.bikeName }) : t('payment.kindFor', { kind: t(KIND_LABEL[payment.kind]), bike: payment.rental.bikeName });

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

function outcomeOf(payment: Pick<Payment, 'kind' | 'status'>, waitedTooLong: boolean, t: Translate, rental: RentalContext = {}): Outcome {
  const booking = payment.kind === 'booking_fee';
  const afterFee = rental.fixed ? t('payment.afterFeeFixed') : t('payment.afterFeeOpen');
  const outcome = (status: Outcome['status'], title: MessageId, text: MessageId, values?: Record<string, string>): Outcome => ({ status, title: t(title), text: t(text, values) });
  switch (payment.status) {
    case 'succeeded':
      return booking
        ? outcome('success', 'payment.bookingConfirmed', 'payment.bookingConfirmedText', { afterFee })
        : outcome('success', 'payment.received', rental.returned ? 'payment.receivedReturned' : 'payment.receivedRiding');
    case 'failed':
      return outcome('error', 'payment.failed', booking ? (rental.held ? 'payment.failedFeeHeld' : 'payment.failedFee') : 'payment.failedRental');
    case 'cancelled':
      return outcome('warning', 'payment.cancelled', booking ? (rental.held ? 'payment.cancelledFeeHeld' : 'payment.cancelledFee') : 'payment.cancelledRental');
    case 'expired':
      return outcome('warning', 'payment.expired', booking ? 'payment.expiredFee' : 'payment.expiredRental');
    case 'refunded':
      return booking ? outcome('info', 'payment.feeRefunded', 'payment.feeRefundedText') : outcome('info', 'payment.refunded', 'payment.refundedText');
    default:
      return waitedTooLong ? outcome('info', 'payment.stillProcessing', 'payment.stillProcessingText') : outcome('info', 'payment.confirming', 'payment.confirmingText');
  }
}

const resumeOutcome = (t: Translate): Outcome => ({ status: 'info', title: t('payment.resumeTitle'), text: t('payment.resumeText') });

/** Only a payment that went through was paid for (issue 20 item 14). */
const purposeTerm = (status: PaymentStatus, t: Translate): string => (status === 'succeeded' || status === 'refunded' ? t('payment.paidFor') : t('payment.paymentFor'));

/** 'Paid on', 'Ended' or 'Started': when the payment happened, as far as it went. */
const whenTerm = (payment: Pick<Payment, 'status' | 'completedAt'>, t: Translate): string =>
  payment.status === 'succeeded' ? t('payment.paidOn') : payment.completedAt ? t('payment.ended') : t('payment.started');

function PaymentDetails({ payment }: { payment: Payment }) {
  const t = useT();
  const locale = useLocale();
  const rows: [string, ReactNode][] = [
    [t('payment.amount'), <strong key="amount">{formatMoney(payment.amount, payment.currency, locale)}</strong>],
    [purposeTerm(payment.status, t), purpose(payment, t)],
    [t('payment.quantity'), new Intl.NumberFormat(locale).format(payment.rental.quantity)],
    [t('payment.reference'), <code key="ref">{payment.rental.paymentId}</code>],
    [whenTerm(payment, t), <DateTime key="when" value={payment.completedAt ?? payment.createdAt} />],
  ];
  if (payment.status === 'pending' && payment.expiresAt) rows.push([t('payment.payBy'), <DateTime key="by" value={payment.expiresAt} />]);
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
  const t = useT();
  const rentals = useMyRentals({ enabled: session?.role === 'user' });
  const rental = rentals.data?.find((r) => r._id === payment.rental._id);
  const held = rental ? feeNeedsRetry(rental) : false;
  const context: RentalContext = { held, fixed: Boolean(rental?.endTime), returned: payment.rental.isReturned };
  const outcome = resuming && payment.status === 'pending' ? resumeOutcome(t) : outcomeOf(payment, waitedTooLong, t, context);
  const pending = payment.status === 'pending';
  const bikeLink = `/bike/${payment.rental.bikeId._id}`;
  const rentalsLink = session?.role === 'user' ? '/dashboard/rentals' : '/dashboard';

  const actions: ReactNode[] = [];
  if (pending && resuming && payment.payment_url) {
    // Came to pay a booking fee that is still open (the loader sends the browser on; this is the way if it could not).
    actions.push(
      <Button key="continue" type="primary" onClick={() => window.location.assign(payment.payment_url as string)}>
        {t('payment.continue')}
      </Button>,
    );
  } else if (pending && waitedTooLong) {
    actions.push(
      <Button key="again" type="primary" loading={checking} onClick={onCheckAgain}>
        {t('payment.checkAgain')}
      </Button>,
    );
    if (payment.payment_url) {
      actions.push(
        <Button key="continue" onClick={() => window.location.assign(payment.payment_url as string)}>
          {t('payment.continue')}
        </Button>,
      );
    }
  }
  if (held && rental && payment.kind === 'booking_fee' && payment.status !== 'pending') actions.push(<RetryFeeButton key="retry" rental={rental} />);
  if (payment.status === 'succeeded' && payment.kind === 'rental' && payment.rental.status === 'paid' && session?.role === 'user') {
    actions.push(
      <ButtonLink key="review" to="/dashboard/myrentals" type="primary">
        {t('payment.addReview')}
      </ButtonLink>,
    );
  }
  actions.push(
    <ButtonLink key="rentals" to={rentalsLink} type={actions.length === 0 ? 'primary' : 'default'}>
      {session?.role === 'user' ? t('payment.goToRentals') : t('payment.goToDashboard')}
    </ButtonLink>,
    <ButtonLink key="bike" to={bikeLink}>
      {payment.status === 'succeeded' || pending ? t('payment.viewBike') : t('payment.backToBike')}
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
  const t = useT();
  const locale = useLocale();
  const money = (amount: number, currency: string) => formatMoney(amount, currency, locale);
  const count = new Intl.NumberFormat(locale).format(rental.quantity);
  const due = amountDue(rental);
  const feePaid = rental.bookingFee?.status === 'succeeded';
  const rows: [string, ReactNode][] = [
    [t('payment.pickUp'), <DateTime key="start" value={rental.startTime} />],
    [t('payment.return'), rental.returnTime ? <DateTime key="ret" value={rental.returnTime} /> : rental.endTime ? <DateTime key="end" value={rental.endTime} /> : t('payment.openEnded')],
    [t('payment.units'), rental.units && rental.units.length > 0 ? `${count} × ${rental.bikeId.name} (${rental.units.map((u) => u.label).join(', ')})` : `${count} × ${rental.bikeId.name}`],
    [t('payment.rentalPrice'), rental.endTime || rental.returnTime ? money(rental.totalCost, rental.currency) : t('payment.perHourAtReturn', { price: money(rental.bikeId.pricePerHour ?? 0, rental.currency) })],
    [
      t('payment.paid'),
      [
        rental.bookingFee && feePaid ? t('payment.paidFee', { amount: money(rental.bookingFee.amount, rental.bookingFee.currency) }) : null,
        rental.totalPaid ? t('payment.paidRental', { amount: money(rental.totalPaid, rental.currency) }) : null,
      ]
        .filter(Boolean)
        .join(' · ') || t('payment.nothingYet'),
    ],
    [
      t('payment.stillDue'),
      rental.status === 'pending_fee'
        ? rental.bookingFee
          ? t('payment.dueFeeAmount', { amount: money(rental.bookingFee.amount, rental.bookingFee.currency) })
          : t('payment.dueFee')
        : due > 0
          ? t(rental.status === 'returned' ? 'payment.dueNow' : 'payment.dueByReturn', { amount: money(due, rental.currency) })
          : rental.endTime || rental.returnTime
            ? t('payment.nothing')
            : t('payment.dueAfterReturn'),
    ],
    [t('payment.pickUpAt'), SHOP_ADDRESS],
  ];
  return (
    <section className="payment-booking" aria-labelledby="payment-booking-title">
      <h2 id="payment-booking-title" className="payment-booking-title">
        {t('payment.yourBooking')}
      </h2>
      <dl className="payment-details">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {rental.status === 'pending_fee' && rental.holdExpiresAt ? <HoldCountdown until={rental.holdExpiresAt} /> : null}
    </section>
  );
}

/**
 * A visitor who is not signed in (back from the gateway in another browser, or a client on another origin that
 * sent the payer here): the outcome only, read by the payment's unguessable id, nothing about the rental or the payer.
 */
function PublicPaymentView({ payment, waitedTooLong }: { payment: PaymentOutcomeView; waitedTooLong: boolean }) {
  const t = useT();
  const locale = useLocale();
  const outcome = outcomeOf(payment, waitedTooLong, t);
  const pending = payment.status === 'pending';
  const rows: [string, ReactNode][] = [
    [t('payment.amount'), <strong key="amount">{formatMoney(payment.amount, payment.currency, locale)}</strong>],
    [purposeTerm(payment.status, t), t(KIND_LABEL[payment.kind])],
    [whenTerm(payment, t), <DateTime key="when" value={payment.completedAt ?? payment.createdAt} />],
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
          {t('payment.loginToSee')}
        </ButtonLink>,
        <ButtonLink key="bikes" to="/allbikes">
          {t('payment.browseBikes')}
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
  const t = useT();
  return (
    <Result
      status={status}
      title={<h1 className="payment-result-title">{title}</h1>}
      subTitle={text}
      extra={[
        retry ? (
          <Button key="retry" type="primary" onClick={retry}>
            {t('payment.tryAgain')}
          </Button>
        ) : null,
        <ButtonLink key="rentals" to="/dashboard" type={retry ? 'default' : 'primary'}>
          {t('payment.goToDashboard')}
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
  const t = useT();

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
    body = <Message status="warning" title={t('payment.noPayment')} text={t('payment.noPaymentText')} />;
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
      <Message status="warning" title={t('payment.notFound')} text={t('payment.notFoundText')} />
    ) : (
      <Message status="error" title={t('payment.unavailable')} text={t('payment.unavailableText')} retry={() => void payment.refetch()} />
    );
  } else {
    body = <Skeleton active paragraph={{ rows: 5 }} />;
  }

  return <div className="page-container page-section payment-result">{body}</div>;
}
