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
import { useLocale, useT } from '../../app/i18n.js';
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

type Translate = ReturnType<typeof useT>;

function outcomeOf(payment: PaymentOutcomeView, waitedTooLong: boolean, t: Translate, locale: string): Outcome {
  const amount = formatMoney(payment.amount, payment.currency, locale);
  const notPaid = t('desk.giftResult.notPaid');
  const outcomes: Record<PaymentStatus, Outcome> = {
    succeeded: { status: 'success', title: t('desk.giftResult.paid'), text: t('desk.giftResult.paidText', { amount }) },
    failed: { status: 'error', title: t('payment.failed'), text: notPaid },
    cancelled: { status: 'warning', title: t('payment.cancelled'), text: notPaid },
    expired: { status: 'warning', title: t('payment.expired'), text: t('desk.giftResult.expiredText') },
    refunded: { status: 'info', title: t('desk.giftResult.refunded'), text: t('desk.giftResult.refundedText', { amount }) },
    pending: waitedTooLong
      ? { status: 'info', title: t('payment.stillProcessing'), text: t('payment.stillProcessingText') }
      : { status: 'info', title: t('payment.confirming'), text: t('payment.confirmingText') },
  };
  return outcomes[payment.status];
}

/** What was bought: the amount and, for its buyer, whom it goes to, how and when. */
function SaleDetails({ payment, card }: { payment: PaymentOutcomeView; card: GiftCard | undefined }) {
  const t = useT();
  const locale = useLocale();
  const paid = payment.status === 'succeeded' || payment.status === 'refunded';
  const rows: [string, ReactNode][] = [
    [t('payment.amount'), <strong key="amount">{formatMoney(payment.amount, payment.currency, locale)}</strong>],
    [paid ? t('payment.paidFor') : t('payment.paymentFor'), card ? t('desk.giftResult.cardFor', { name: card.recipientName }) : t('desk.giftResult.card')],
  ];
  if (card && payment.status === 'succeeded') {
    rows.push(
      [t('desk.giftResult.delivered'), t('desk.giftResult.deliveredBy', { email: card.recipientEmail })],
      [t('desk.giftResult.sentOn'), <DateTime key="send" value={card.sendAt} />],
    );
  }
  rows.push([
    payment.status === 'succeeded' ? t('payment.paidOn') : payment.completedAt ? t('payment.ended') : t('payment.started'),
    <DateTime key="when" value={payment.completedAt ?? payment.createdAt} />,
  ]);
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
  const t = useT();
  return (
    <Result
      status="warning"
      title={<h1 className="payment-result-title">{title}</h1>}
      subTitle={text}
      extra={
        <ButtonLink to="/gift-cards" type="primary">
          {t('desk.giftResult.back')}
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
  const t = useT();
  const locale = useLocale();
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
    body = <Message title={t('payment.noPayment')} text={t('desk.giftResult.noPaymentText')} />;
  } else if (payment.data) {
    const p = payment.data;
    const outcome = outcomeOf(p, !polling, t, locale);
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
          {t('payment.checkAgain')}
        </Button>,
      );
    }
    if (p.status === 'succeeded' && session) {
      actions.push(
        <Button key="receipt" href={`/api/payments/${encodeURIComponent(p._id)}/receipt`} download rel="nofollow" icon={<FilePdfOutlined {...decorativeIcon} />}>
          {t('desk.giftResult.receipt')}
        </Button>,
      );
    }
    const failed = p.status === 'failed' || p.status === 'cancelled' || p.status === 'expired';
    // The way back is the main action (first), unless the payment is still to be checked again.
    const checking = pending && !polling;
    const back = (
      <ButtonLink key="back" to="/gift-cards" type={checking ? 'default' : 'primary'}>
        {failed ? t('payment.tryAgain') : t('desk.giftResult.back')}
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
        <Message title={t('payment.notFound')} text={t('desk.giftResult.notFoundText')} />
      ) : (
        <Result
          status="error"
          title={<h1 className="payment-result-title">{t('payment.unavailable')}</h1>}
          subTitle={t('payment.unavailableText')}
          extra={[
            <Button key="retry" type="primary" onClick={() => void payment.refetch()}>
              {t('payment.tryAgain')}
            </Button>,
            <ButtonLink key="back" to="/gift-cards">
              {t('desk.giftResult.back')}
            </ButtonLink>,
          ]}
        />
      );
  } else {
    body = <Skeleton active paragraph={{ rows: 4 }} />;
  }

  return <div className="page-container page-section payment-result">{body}</div>;
}
