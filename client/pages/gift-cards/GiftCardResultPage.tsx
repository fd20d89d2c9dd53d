import { FilePdfOutlined, LoadingOutlined } from '@ant-design/icons';
import { Button, Result, Skeleton } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useMyGiftCards, type GiftCard } from '../../api/gift-cards.js';
import { isApiError } from '../../api/http.js';
import { usePaymentStatus, type PaymentOutcomeView, type PaymentStatus } from '../../api/payments.js';
import { useSession } from '../../api/users.js';
import { ButtonLink } from '../../components/ButtonLink.js';
import { DateTime } from '../../components/DateTime.js';
import { decorativeIcon } from '../../components/decorative-icon.js';
import { formatMoney } from '../../lib/money.js';
import '../../components/payment-outcome.css';
import './gift-cards.css';

/** The gateway's notification may land a moment after the browser comes back: ask again, for a minute. */
const POLL_MS = 1500;
const POLL_FOR_MS = 60_000;

interface Outcome {
  status: 'success' | 'error' | 'warning' | 'info';
  title: string;
  text: string;
}

function outcomeOf(payment: PaymentOutcomeView, waitedTooLong: boolean): Outcome {
  const amount = formatMoney(payment.amount, payment.currency);
  const notPaid = 'The gift card was not paid. Nothing was charged: you can try again.';
  const outcomes: Record<PaymentStatus, Outcome> = {
    succeeded: {
      status: 'success',
      title: 'Gift card paid',
      text: `Thank you! Your ${amount} gift card is paid. Its recipient gets it by email on the send date, as a PDF card with its code and QR code. You got a confirmation by email.`,
    },
    failed: { status: 'error', title: 'Payment failed', text: notPaid },
    cancelled: { status: 'warning', title: 'Payment cancelled', text: notPaid },
    expired: { status: 'warning', title: 'Payment expired', text: 'The payment session timed out, so the gift card was not paid. Nothing was charged: you can try again.' },
    refunded: { status: 'info', title: 'Gift card refunded', text: `The ${amount} you paid for this gift card was refunded to you.` },
    pending: waitedTooLong
      ? { status: 'info', title: 'Payment still processing', text: 'The payment provider has not confirmed this payment yet. Check again in a moment; nothing is charged twice.' }
      : { status: 'info', title: 'Confirming your payment…', text: 'We are waiting for the payment provider to confirm. This usually takes a few seconds.' },
  };
  return outcomes[payment.status];
}

/** What was bought: the amount and, for its buyer, whom it goes to, how and when. */
function SaleDetails({ payment, card }: { payment: PaymentOutcomeView; card: GiftCard | undefined }) {
  const paid = payment.status === 'succeeded' || payment.status === 'refunded';
  const rows: [string, ReactNode][] = [
    ['Amount', <strong key="amount">{formatMoney(payment.amount, payment.currency)}</strong>],
    [paid ? 'Paid for' : 'Payment for', card ? `A gift card for ${card.recipientName}` : 'A gift card'],
  ];
  if (card && payment.status === 'succeeded') {
    rows.push(
      ['Delivered', `By email to ${card.recipientEmail}, with the code and a QR code on a PDF card`],
      ['Sent on', <DateTime key="send" value={card.sendAt} />],
    );
  }
  rows.push([payment.status === 'succeeded' ? 'Paid on' : payment.completedAt ? 'Ended' : 'Started', <DateTime key="when" value={payment.completedAt ?? payment.createdAt} />]);
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

function Message({ title, text }: { title: string; text: string }) {
  return (
    <Result
      status="warning"
      title={<h1 className="payment-result-title">{title}</h1>}
      subTitle={text}
      extra={
        <ButtonLink to="/gift-cards" type="primary">
          Back to gift cards
        </ButtonLink>
      }
    />
  );
}

/**
 * /gift-cards/result?payment=<id>&status=...: where the gateway returns a gift card's buyer (issue 25). The outcome
 * by the payment's unguessable id (GET payments/{id}/status); for the signed-in buyer also whom the card goes to
 * and when (GET gift-cards, by the sale's payment). Paid: what was bought and how it is delivered; not paid: that
 * nothing was charged, and the way back to try again.
 */
export default function GiftCardResultPage() {
  const [params] = useSearchParams();
  const id = params.get('payment')?.trim() ?? '';
  const session = useSession();
  const [polling, setPolling] = useState(true);
  const [round, setRound] = useState(0);
  const payment = usePaymentStatus(id, { pollMs: polling ? POLL_MS : 0 });
  const mine = useMyGiftCards(Boolean(session) && id !== '');
  const status = payment.data?.status;
  const card = mine.data?.find((c) => c.paymentId === id);

  useEffect(() => {
    if (status !== 'pending') return;
    const timer = setTimeout(() => setPolling(false), POLL_FOR_MS);
    return () => clearTimeout(timer);
  }, [status, round]);

  // The sale became final: the buyer's list now shows the card issued (or void).
  const refetchMine = mine.refetch;
  useEffect(() => {
    if (status && status !== 'pending' && session) void refetchMine();
  }, [status, session, refetchMine]);

  let body: ReactNode;
  if (!id) {
    body = <Message title="No payment to show" text="This page shows a gift card's payment after you pay for it." />;
  } else if (payment.data) {
    const p = payment.data;
    const outcome = outcomeOf(p, !polling);
    const pending = p.status === 'pending';
    const actions: ReactNode[] = [];
    if (pending && !polling) {
      actions.push(
        <Button
          key="again"
          type="primary"
          loading={payment.isFetching}
          onClick={() => {
            setPolling(true);
            setRound((r) => r + 1);
            void payment.refetch();
          }}
        >
          Check again
        </Button>,
      );
    }
    if (p.status === 'succeeded' && session) {
      actions.push(
        <Button key="receipt" href={`/api/payments/${encodeURIComponent(p._id)}/receipt`} download rel="nofollow" icon={<FilePdfOutlined {...decorativeIcon} />}>
          Receipt (PDF)
        </Button>,
      );
    }
    const failed = p.status === 'failed' || p.status === 'cancelled' || p.status === 'expired';
    // The way back is the main action (first), unless the payment is still to be checked again.
    const checking = pending && !polling;
    const back = (
      <ButtonLink key="back" to="/gift-cards" type={checking ? 'default' : 'primary'}>
        {failed ? 'Try again' : 'Back to gift cards'}
      </ButtonLink>
    );
    if (checking) actions.push(back);
    else actions.unshift(back);
    body = (
      <Result
        status={outcome.status}
        icon={pending && polling ? <LoadingOutlined aria-hidden="true" /> : undefined}
        title={<h1 className="payment-result-title">{outcome.title}</h1>}
        subTitle={
          <span role="status" aria-live="polite">
            {outcome.text}
          </span>
        }
        extra={actions}
      >
        <SaleDetails payment={p} card={card} />
      </Result>
    );
  } else if (payment.isError) {
    body =
      isApiError(payment.error) && (payment.error.status === 404 || payment.error.status === 400) ? (
        <Message title="Payment not found" text="We could not find this payment. The gift cards you bought are listed on the Gift cards page." />
      ) : (
        <Result
          status="error"
          title={<h1 className="payment-result-title">Payment status unavailable</h1>}
          subTitle="We could not load this payment right now."
          extra={[
            <Button key="retry" type="primary" onClick={() => void payment.refetch()}>
              Try again
            </Button>,
            <ButtonLink key="back" to="/gift-cards">
              Back to gift cards
            </ButtonLink>,
          ]}
        />
      );
  } else {
    body = <Skeleton active paragraph={{ rows: 4 }} />;
  }

  return <div className="page-container page-section payment-result">{body}</div>;
}
