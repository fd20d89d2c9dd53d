import { Alert, Button, Form, Input, Radio, Skeleton } from 'antd';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useApi } from '../../api/api-context.js';
import { login } from '../../api/auth.js';
import { bikeQuery, useBike, useBikes, type Bike, type BikeDetail } from '../../api/bikes.js';
import { isApiError } from '../../api/http.js';
import type { CreateRentalInput, CreateRentalResult } from '../../api/rentals.js';
import type { LoginInput } from '../../api/types.js';
import { fetchMe } from '../../api/users.js';
import { useHydrated } from '../../app/use-hydrated.js';
import { useLocale, useT } from '../../app/i18n.js';
import { LoadError } from '../../components/LoadError.js';
import { maxBookableUnits } from '../../lib/booking.js';
import { embedToken, setEmbedToken } from '../../lib/embed-session.js';
import { hostReturnUrl, tellHost } from '../../lib/embed-host.js';
import { formatMoney } from '../../lib/money.js';
import { BookingForm } from '../../components/BookingForm.js';
import { localizePath } from '../../../locales/index.js';
import type { BookingDraft } from '../../lib/booking-draft.js';
import './embed.css';

type BikeChoice = Pick<Bike, '_id' | 'name' | 'pricePerHour' | 'currency'>;

/** The bikes the host page offers: `bike=<id>`, `bikes=<id>,<id>` or `category=<brand>`. */
function useOfferedBikes(params: URLSearchParams): { bikes: BikeChoice[]; loading: boolean; error: boolean; retry(): void } {
  const api = useApi();
  const ids = useMemo(
    () =>
      [params.get('bike') ?? '', ...(params.get('bikes') ?? '').split(',')]
        .map((s) => s.trim())
        .filter((s, i, all) => s !== '' && all.indexOf(s) === i)
        .slice(0, 20),
    [params],
  );
  const category = (params.get('category') ?? '').trim();
  const byId = useQueries({ queries: ids.map((id) => ({ ...bikeQuery(api, id), retry: false })) });
  const byCategory = useBikes({ brand: category || undefined, limit: 50 });
  if (ids.length > 0) {
    return {
      bikes: byId.flatMap((q) => (q.data ? [q.data] : [])),
      loading: byId.some((q) => q.isPending),
      error: byId.length > 0 && byId.every((q) => q.isError),
      retry: () => byId.forEach((q) => void q.refetch()),
    };
  }
  return {
    bikes: (byCategory.data?.bikes ?? []).filter((b) => b.isAvailable),
    loading: byCategory.isPending,
    error: byCategory.isError,
    retry: () => void byCategory.refetch(),
  };
}

/** Sign-in inside the frame: the API's Bearer token, kept by client/lib/embed-session.ts (no third-party cookie). */
function EmbedLogin({ onSignedIn }: { onSignedIn(token: string): void }) {
  const api = useApi();
  const hydrated = useHydrated();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const t = useT();
  const locale = useLocale();
  const submit = async (values: LoginInput) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await login(api, values);
      if (!answer.token) throw new Error('no token');
      onSignedIn(answer.token);
    } catch (failure) {
      setError(isApiError(failure) && failure.status < 500 ? failure.message : t('cust.embed.loginFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="embed-login" aria-labelledby="embed-login-title">
      <h2 id="embed-login-title">{t('cust.embed.loginTitle')}</h2>
      <Form<LoginInput> layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)} disabled={!hydrated || busy}>
        <Form.Item label={t('login.email')} name="email" rules={[{ required: true, message: t('login.emailRequired') }]}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item label={t('login.password')} name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        {error ? <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 12 }} /> : null}
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('cust.embed.login')}
        </Button>{' '}
        <a href={localizePath('/signup', locale)} target="_blank" rel="noopener">
          {t('cust.embed.createAccount')}
        </a>
      </Form>
    </section>
  );
}

function BookBike({ bikeId, signedIn, signIn, returnUrl }: { bikeId: string; signedIn: boolean; signIn: ReactNode; returnUrl?: string }) {
  const bike = useBike(bikeId);
  const t = useT();
  const [draft, setDraft] = useState<BookingDraft>({ startTime: '', endTime: '', quantity: 1 });
  const onBooked = useCallback((result: CreateRentalResult, input: CreateRentalInput) => {
    tellHost({
      type: 'booking.created',
      booking: {
        rentalId: result.rental._id,
        paymentId: result.payment._id,
        bikeId: input.bikeId,
        startTime: result.rental.startTime,
        endTime: result.rental.endTime ?? null,
        quantity: input.quantity ?? 1,
        bookingFee: { amount: result.payment.amount, currency: result.payment.currency },
      },
    });
    // The payment page opens at the top level (the host page's widget.js does it); on its own, this page goes there.
    if (!tellHost({ type: 'okb:navigate', url: result.payment_url })) window.location.assign(result.payment_url);
  }, []);
  if (bike.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (bike.isError) return <LoadError title={t('bikeDetail.unavailableTitle')} onRetry={() => void bike.refetch()} retrying={bike.isFetching} />;
  const detail: BikeDetail = bike.data;
  if (!detail.isAvailable || detail.totalUnits < 1) return <Alert type="info" showIcon title={t('cust.embed.notBookable', { bike: detail.name })} />;
  return (
    <BookingForm
      bike={detail}
      draft={draft}
      onDraftChange={setDraft}
      maxQuantity={Math.max(1, maxBookableUnits(detail.totalUnits))}
      returnUrl={returnUrl}
      onBooked={onBooked}
      signIn={signedIn ? undefined : signIn}
    />
  );
}

/**
 * /embed: the booking widget's frame (issue 26). No header, footer or branding of its own: the bike(s) the host page
 * offers, sign-in inside the frame, the same booking form as the bike page, then the payment page at the top level
 * with the way back to the host page (`return`). Escape asks the host to close the dialog.
 */
export default function EmbedPage() {
  const [params] = useSearchParams();
  const api = useApi();
  const hydrated = useHydrated();
  const heading = useRef<HTMLHeadingElement>(null);
  const offered = useOfferedBikes(params);
  const t = useT();
  const locale = useLocale();
  const [chosen, setChosen] = useState<string | null>(null);
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => setToken(embedToken()), []);
  const me = useQuery({ queryKey: ['embed', 'me', token], queryFn: () => fetchMe(api), enabled: token !== null, retry: false });
  useEffect(() => {
    if (me.isError && isApiError(me.error) && me.error.status === 401) {
      setEmbedToken(null);
      setToken(null);
    }
  }, [me.isError, me.error]);

  useEffect(() => {
    if (!hydrated) return;
    heading.current?.focus();
    tellHost({ type: 'okb:ready' });
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) tellHost({ type: 'okb:close' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [hydrated]);

  const returnUrl = hydrated ? hostReturnUrl(params) : undefined;
  const bikeId = chosen ?? offered.bikes[0]?._id ?? null;
  const signedIn = token !== null && me.isSuccess;
  const signIn = (
    <Button type="primary" size="large" block onClick={() => document.querySelector<HTMLInputElement>('.embed-login input')?.focus()}>
      {t('cust.embed.loginAbove')}
    </Button>
  );

  return (
    <main className="embed-page">
      <h1 ref={heading} tabIndex={-1}>
        {offered.bikes.length === 1 ? t('cust.embed.bookBike', { bike: offered.bikes[0].name }) : t('cust.embed.bookABike')}
      </h1>
      {!hydrated || (token !== null && me.isPending) ? null : signedIn ? (
        <div className="embed-session">
          <span>{t('cust.embed.signedInAs', { name: me.data.name })}</span>
          <Button
            onClick={() => {
              setEmbedToken(null);
              setToken(null);
            }}
          >
            {t('cust.embed.logout')}
          </Button>
        </div>
      ) : (
        <EmbedLogin
          onSignedIn={(value) => {
            setEmbedToken(value);
            setToken(value);
          }}
        />
      )}
      {offered.loading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : offered.error ? (
        <LoadError title={t('cust.embed.bikesError')} onRetry={offered.retry} />
      ) : offered.bikes.length === 0 || !bikeId ? (
        <Alert type="info" showIcon title={t('cust.embed.noBike')} />
      ) : (
        <>
          {offered.bikes.length > 1 ? (
            <fieldset className="embed-bikes">
              <legend>{t('cust.embed.chooseBike')}</legend>
              <Radio.Group value={bikeId} onChange={(e) => setChosen(e.target.value as string)} style={{ display: 'grid', gap: 8 }}>
                {offered.bikes.map((b) => (
                  <Radio key={b._id} value={b._id}>
                    {t('cust.embed.bikeChoice', { bike: b.name, price: formatMoney(b.pricePerHour, b.currency, locale) })}
                  </Radio>
                ))}
              </Radio.Group>
            </fieldset>
          ) : null}
          <BookBike key={bikeId} bikeId={bikeId} signedIn={signedIn} signIn={signIn} returnUrl={returnUrl} />
        </>
      )}
    </main>
  );
}
