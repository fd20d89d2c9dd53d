import { LockOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Result, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { useLoaderData, useParams } from 'react-router-dom';
import { useApi } from '../../api/api-context.js';
import { isApiError } from '../../api/http.js';
import { newIdempotencyKey, rentalCheckoutQuery, useFullPayment, type Rental } from '../../api/rentals.js';
import { useHydrated } from '../../app/use-hydrated.js';
import { ButtonLink } from '../../components/ButtonLink.js';
import { HoldCountdown } from '../../components/HoldCountdown.js';
import { decorativeIcon } from '../../components/decorative-icon.js';
import { DateTime } from '../../components/DateTime.js';
import { formatMoney } from '../../lib/money.js';
import { amountDue } from '../../lib/rental-state.js';
import type { CheckoutLoaderData } from './checkout-loader.js';
import './checkout.css';
import { LoadError } from '../../components/LoadError.js';
import { useLocale, useT } from '../../app/i18n.js';
import { localizeQuoteLabel } from '../../components/QuoteSummary.js';
import { localizePath, type Locale } from '../../../locales/index.js';

type Translate = ReturnType<typeof useT>;

/** A sample of a gift card code's shape (the same in every language). */
const GIFT_CARD_SAMPLE = 'GIFT-XXXX-XXXX-XXXX-XXXX';

function CheckoutFrame({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <div className="page-container page-section checkout-page">
      <Card className="checkout-card">
        <header className="checkout-header">
          <h1 className="checkout-title">{t('checkout.title')}</h1>
          <p className="checkout-lead">{t('checkout.lead')}</p>
        </header>
        {children}
      </Card>
    </div>
  );
}

const backToRentals = (t: Translate) => (
  <ButtonLink to="/dashboard/rentals" type="primary" key="rentals">
    {t('payment.goToRentals')}
  </ButtonLink>
);

/** Why this rental cannot be paid here right now, or null when it can. */
function notPayable(rental: Rental, t: Translate, locale: Locale): ReactNode {
  const due = amountDue(rental);
  // A fixed-window booking is payable right after its booking fee; a late fee after the return keeps a paid rental payable.
  const fixedWindowBooked = rental.status === 'booked' && Boolean(rental.endTime) && rental.totalCost > 0 && due > 0;
  if ((rental.totalPaid || rental.status === 'paid') && due <= 0) {
    return (
      <Result
        status="success"
        title={<h2 className="checkout-state-title">{t('checkout.paidTitle')}</h2>}
        subTitle={t('checkout.paidText', { amount: formatMoney(rental.totalPaid ?? rental.totalCost, rental.currency, locale), bike: rental.bikeId.name })}
        extra={[
          backToRentals(t),
          <ButtonLink to="/dashboard/myrentals" key="review">
            {t('payment.addReview')}
          </ButtonLink>,
        ]}
      />
    );
  }
  if (rental.status === 'cancelled') {
    return (
      <Result
        status="warning"
        title={<h2 className="checkout-state-title">{t('checkout.cancelledTitle')}</h2>}
        subTitle={t('checkout.cancelledText')}
        extra={[
          backToRentals(t),
          <ButtonLink to={`/bike/${rental.bikeId._id}`} key="again">
            {t('rentals.bookAgain')}
          </ButtonLink>,
        ]}
      />
    );
  }
  if (!fixedWindowBooked && (rental.status === 'pending_fee' || rental.status === 'booked' || !rental.isReturned)) {
    return (
      <Result
        status="info"
        title={<h2 className="checkout-state-title">{t('checkout.notReturnedTitle')}</h2>}
        subTitle={
          <>
            {t('checkout.notReturnedText')}
            {rental.status === 'pending_fee' && rental.holdExpiresAt ? <HoldCountdown until={rental.holdExpiresAt} /> : null}
          </>
        }
        extra={[backToRentals(t)]}
      />
    );
  }
  if (rental.totalCost <= 0) {
    return (
      <Result
        status="success"
        title={<h2 className="checkout-state-title">{t('checkout.nothingTitle')}</h2>}
        subTitle={t('checkout.nothingText')}
        extra={[backToRentals(t)]}
      />
    );
  }
  return null;
}

function CheckoutForm({ rental }: { rental: Rental }) {
  const pay = useFullPayment();
  const t = useT();
  const locale = useLocale();
  const hydrated = useHydrated();
  // Stays true after success: the page is leaving for the payment provider.
  const [redirecting, setRedirecting] = useState(false);
  // A double submit or a retry after a lost answer reuses the key, so the server opens one payment, not two.
  const idempotencyKey = useRef<string | null>(null);
  const busy = pay.isPending || redirecting;
  // A gift card pays what its balance allows; the payment provider charges the rest (nothing when it covers all).
  const [giftCardCode, setGiftCardCode] = useState('');
  const giftCardError = isApiError(pay.error) ? pay.error.errors.find((e) => e.path === 'giftCardCode')?.message : undefined;

  const submit = () => {
    idempotencyKey.current ??= newIdempotencyKey();
    const code = giftCardCode.trim();
    pay.mutate(
      {
        paymentId: rental.paymentId,
        totalCost: rental.totalCost,
        idempotencyKey: idempotencyKey.current,
        ...(code ? { giftCardCode: code } : {}),
        // Paid on a German or Bangla page: the gateway brings the payer back to the result page in that language.
        ...(locale !== 'en' ? { returnUrl: `${window.location.origin}${localizePath('/payment/result', locale)}` } : {}),
      },
      {
        onSuccess: (data) => {
          setRedirecting(true);
          window.location.assign(data.payment_url);
        },
        onError: (error) => {
          // Spec section 8: payment failures are logged; the alert below tells the renter what happened.
          console.warn('Payment could not be started:', error.message);
          // The server answered: a new attempt is a new request. Without an answer, a retry keeps the key.
          if (isApiError(error) && error.kind === 'http') idempotencyKey.current = null;
        },
      },
    );
  };

  return (
    <Form layout="vertical" requiredMark={false} onFinish={submit} className="checkout-form">
      <Form.Item label={t('checkout.bikeName')} htmlFor="checkout-bike">
        <Input id="checkout-bike" value={rental.bikeId.name} readOnly variant="filled" />
      </Form.Item>
      <Form.Item label={t('checkout.userName')} htmlFor="checkout-user">
        <Input id="checkout-user" value={rental.userId.name} readOnly variant="filled" />
      </Form.Item>
      <dl className="checkout-summary">
        <div>
          <dt>{t('rentals.start')}</dt>
          <dd>
            <DateTime value={rental.startTime} />
          </dd>
        </div>
        <div>
          <dt>{rental.returnTime || !rental.endTime ? t('rentals.return') : t('checkout.plannedReturn')}</dt>
          <dd>
            <DateTime value={rental.returnTime ?? rental.endTime} />
          </dd>
        </div>
        <div>
          <dt>{t('rentals.quantity')}</dt>
          <dd>{new Intl.NumberFormat(locale).format(rental.quantity)}</dd>
        </div>
        {rental.quote?.lines.map((line, index) => (
          <div key={index}>
            <dt>{localizeQuoteLabel(line.label, t)}</dt>
            <dd>{formatMoney(line.amount, rental.quote?.currency ?? rental.currency, locale)}</dd>
          </div>
        ))}
        {rental.lateFee ? (
          <div>
            <dt>{t('rentals.lateFee')}</dt>
            <dd>{formatMoney(rental.lateFee, rental.currency, locale)}</dd>
          </div>
        ) : null}
        {rental.totalPaid && amountDue(rental) > 0 ? (
          <div>
            <dt>{t('checkout.alreadyPaid')}</dt>
            <dd>{formatMoney(rental.totalPaid, rental.currency, locale)}</dd>
          </div>
        ) : null}
        <div className="checkout-total">
          <dt>{t('checkout.totalPrice')}</dt>
          <dd>{formatMoney(rental.totalCost, rental.currency, locale)}</dd>
        </div>
      </dl>
      <Form.Item
        label={t('checkout.giftCard')}
        htmlFor="checkout-gift-card"
        validateStatus={giftCardError ? 'error' : undefined}
        help={giftCardError}
        extra={giftCardError ? undefined : t('checkout.giftCardHelp')}
      >
        <Input
          id="checkout-gift-card"
          value={giftCardCode}
          onChange={(e) => {
            setGiftCardCode(e.target.value);
            // Another code is another request.
            idempotencyKey.current = null;
          }}
          placeholder={GIFT_CARD_SAMPLE}
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
        />
      </Form.Item>
      {pay.isError && !giftCardError ? (
        <Alert type="error" showIcon className="checkout-error" title={t('checkout.startFailed')} description={pay.error.message} />
      ) : null}
      <Button type="primary" htmlType="submit" size="large" block disabled={busy || !hydrated} loading={busy} icon={<LockOutlined {...decorativeIcon} />}>
        {busy ? t('checkout.processing') : t('rentals.payNow')}
      </Button>
      <p className="checkout-note">{t('checkout.note')}</p>
    </Form>
  );
}

export default function CheckoutPage() {
  const { id = '' } = useParams();
  const { found } = useLoaderData() as CheckoutLoaderData;
  const api = useApi();
  const checkout = useQuery({ ...rentalCheckoutQuery(api, id), enabled: found });
  const t = useT();
  const locale = useLocale();

  if (!found) {
    return (
      <CheckoutFrame>
        <Result
          status="info"
          title={<h2 className="checkout-state-title">{t('checkout.notFoundTitle')}</h2>}
          subTitle={t('checkout.notFoundText')}
          extra={[backToRentals(t)]}
        />
      </CheckoutFrame>
    );
  }
  if (checkout.isPending) {
    return (
      <CheckoutFrame>
        <Skeleton active paragraph={{ rows: 5 }} />
      </CheckoutFrame>
    );
  }
  if (checkout.isError) {
    return (
      <CheckoutFrame>
        <LoadError title={t('checkout.loadError')} description={checkout.error.message} onRetry={() => checkout.refetch()} />
      </CheckoutFrame>
    );
  }
  return <CheckoutFrame>{notPayable(checkout.data, t, locale) ?? <CheckoutForm rental={checkout.data} />}</CheckoutFrame>;
}
