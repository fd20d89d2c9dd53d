import { useQuery } from '@tanstack/react-query';
import { Button, Result, Skeleton } from 'antd';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useApi } from '../../api/api-context.js';
import { fetchPayment, usePaymentStatus } from '../../api/payments.js';
import { fetchRentalForCheckout } from '../../api/rentals.js';
import { useHydrated } from '../../app/use-hydrated.js';
import { useLocale, useT } from '../../app/i18n.js';
import { DateTime } from '../../components/DateTime.js';
import { LoadError } from '../../components/LoadError.js';
import { embedToken } from '../../lib/embed-session.js';
import { tellHost } from '../../lib/embed-host.js';
import { formatMoney } from '../../lib/money.js';
import './embed.css';

/**
 * /embed/result: back from the payment page on the host site (issue 26). The widget opens its dialog here with the
 * gateway's `payment` and `status`; the server's answer decides (the address alone proves nothing). A paid booking
 * fee is announced to the host page as `booking.paid`, once.
 */
export default function EmbedResultPage() {
  const [params] = useSearchParams();
  const api = useApi();
  const hydrated = useHydrated();
  const heading = useRef<HTMLHeadingElement>(null);
  const t = useT();
  const locale = useLocale();
  const paymentId = params.get('payment') ?? '';
  const status = usePaymentStatus(paymentId, { pollMs: 2000, enabled: hydrated });
  const signedIn = hydrated && embedToken() !== null;
  const rental = useQuery({
    queryKey: ['embed', 'rental', paymentId],
    // `payment` is the payment's id: its rental (the caller's own) is read through it, then the rental itself.
    queryFn: async () => fetchRentalForCheckout(api, (await fetchPayment(api, paymentId)).rental._id),
    enabled: signedIn && paymentId !== '' && status.data?.status === 'succeeded',
    retry: false,
  });
  const announced = useRef(false);
  const paid = status.data?.status === 'succeeded';

  useEffect(() => {
    if (!hydrated) return;
    tellHost({ type: 'okb:ready' });
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') tellHost({ type: 'okb:close' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [hydrated]);

  useEffect(() => {
    if (status.data) heading.current?.focus();
  }, [status.data]);

  useEffect(() => {
    if (!paid || announced.current || (signedIn && rental.isPending)) return;
    announced.current = true;
    tellHost({
      type: 'booking.paid',
      booking: {
        paymentId,
        rentalId: rental.data?._id ?? null,
        amount: status.data!.amount,
        currency: status.data!.currency,
      },
    });
  }, [paid, signedIn, rental.isPending, rental.data, paymentId, status.data]);

  const close = (
    <Button type="primary" onClick={() => tellHost({ type: 'okb:close' })}>
      {t('cust.embed.close')}
    </Button>
  );
  let body;
  if (!paymentId) body = <Result status="warning" title={<h1 tabIndex={-1} ref={heading}>{t('cust.embed.noPayment')}</h1>} extra={close} />;
  else if (!hydrated || status.isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (status.isError) body = <LoadError title={t('cust.embed.outcomeError')} onRetry={() => void status.refetch()} retrying={status.isFetching} />;
  else if (status.data.status === 'pending') {
    body = <Result status="info" title={<h1 tabIndex={-1} ref={heading}>{t('cust.embed.waiting')}</h1>} subTitle={t('cust.embed.moment')} />;
  } else if (paid) {
    body = (
      <Result
        status="success"
        title={
          <h1 tabIndex={-1} ref={heading}>
            {t('cust.embed.confirmed')}
          </h1>
        }
        subTitle={t('cust.embed.paid', { amount: formatMoney(status.data.amount, status.data.currency, locale) })}
        extra={close}
      >
        {rental.data ? (
          <dl>
            <dt>{t('book.bike')}</dt>
            <dd>{rental.data.bikeId.name}</dd>
            <dt>{t('payment.pickUp')}</dt>
            <dd>
              <DateTime value={rental.data.startTime} />
            </dd>
            {rental.data.endTime ? (
              <>
                <dt>{t('payment.return')}</dt>
                <dd>
                  <DateTime value={rental.data.endTime} />
                </dd>
              </>
            ) : null}
          </dl>
        ) : null}
      </Result>
    );
  } else {
    body = (
      <Result
        status="error"
        title={
          <h1 tabIndex={-1} ref={heading}>
            {t('cust.embed.failed')}
          </h1>
        }
        subTitle={t('cust.embed.failedText')}
        extra={
          <>
            <Button href={`/embed?${new URLSearchParams([...params].filter(([k]) => !['payment', 'status'].includes(k)))}`}>{t('cust.embed.bookAgain')}</Button> {close}
          </>
        }
      />
    );
  }
  return (
    <main className="embed-page embed-result" aria-live="polite">
      {body}
    </main>
  );
}
