import { Button, InputNumber } from 'antd';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { fetchQuote, useQuote, type BikeDetail } from '../api/bikes.js';
import { useApi } from '../api/api-context.js';
import { AddonPicker, useAddonPicks } from './AddonPicker.js';
import { CouponField } from './CouponField.js';
import { DateTimeInput } from './DateTimeInput.js';
import { isApiError } from '../api/http.js';
import { newIdempotencyKey, useCreateRental } from '../api/rentals.js';
import { useShopTimeZone } from '../app/app-settings.js';
import { notify } from '../app/notify.js';
import { QuoteSummary } from './QuoteSummary.js';
import { AvailabilityCalendar, type DayRange } from './AvailabilityCalendar.js';
import { useOpeningHours } from '../api/shop.js';
import { formatMoney, formatRate } from '../lib/money.js';
import { toZonedInputValue, zoneLabel, zonedInputToIso } from '../lib/time.js';
import { bookingFeeLabel } from '../lib/booking.js';
import { useLocale, useT } from '../app/i18n.js';
import { localizePath } from '../../locales/index.js';
import { ButtonLink } from './ButtonLink.js';
import type { BookingDraft } from '../lib/booking-draft.js';
import './booking-form.css';
import type { CreateRentalInput, CreateRentalResult } from '../api/rentals.js';

export interface BookingFormProps {
  bike: BikeDetail;
  /** The times and quantity being chosen: kept by the caller, so closing the dialog loses nothing (issue 20 item 18). */
  draft: BookingDraft;
  onDraftChange(update: (draft: BookingDraft) => BookingDraft): void;
  maxQuantity: number;
  /** Signed out: the form shows the window's price and free units, then 'Login to Rent' with the way back to it. */
  loginTo?: (draft: BookingDraft) => string;
  /** Where the gateway sends the payer back (the booking widget's host page); the shop's result page without it. */
  returnUrl?: string;
  /** Instead of leaving for the payment page here (the booking widget asks its host page to open it). */
  onBooked?(result: CreateRentalResult, input: CreateRentalInput): void;
  /** Told while a booking is being made (the dialog does not close then). */
  onBusyChange?(busy: boolean): void;
  /** The login control when signed out, in place of 'Login to Rent' (the widget signs in inside its frame). */
  signIn?: ReactNode;
}

/** Only http(s) addresses are followed: the payment URL comes from the server, but a browser redirect is final. */
function isWebUrl(url: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(url, window.location.href).protocol);
  } catch {
    return false;
  }
}


/**
 * The booking form of the bike page's 'Book Now' dialog and of the booking widget's frame (/embed): the pick-up time, an optional return time, then the
 * booking fee on the gateway's page. With both times the live availability and the itemised quote of the window
 * show beside the button before anything is booked; without a return time the booking is open-ended and priced by
 * the hour at return. Times are the shop's wall-clock times. A successful booking leaves the shop for the payment
 * page with a full-page redirect (spec section 7); the gateway brings the visitor back to /payment/result.
 */
export function BookingForm({ bike, draft, onDraftChange, maxQuantity, loginTo, returnUrl, onBooked, onBusyChange, signIn }: BookingFormProps) {
  const zone = useShopTimeZone();
  const t = useT();
  const locale = useLocale();
  const END_AFTER_START = t('book.endAfterStart');
  const inputId = useId();
  const endId = useId();
  const errorId = useId();
  const endErrorId = useId();
  const quoteId = useId();
  const quantityId = useId();
  const { startTime, endTime, quantity } = draft;
  const setStartTime = (value: string) => onDraftChange((d) => ({ ...d, startTime: value }));
  const setEndTime = (value: string) => onDraftChange((d) => ({ ...d, endTime: value }));
  const [error, setError] = useState<string | null>(null);
  const [endError, setEndError] = useState<string | null>(null);
  // The parent mounts one modal per opening, so one key per attempt: a repeated submit gets the first answer back.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [redirecting, setRedirecting] = useState(false);
  const createRental = useCreateRental();
  const api = useApi();
  // Issue 25: extras and a discount code, for a booking with a return time.
  const [coupon, setCoupon] = useState<string | null>(null);
  const busy = createRental.isPending || redirecting;
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  const startIso = zonedInputToIso(startTime, zone);
  const endIso = endTime ? zonedInputToIso(endTime, zone) : null;
  const windowValid = startIso !== null && endIso !== null && new Date(endIso).getTime() > new Date(startIso).getTime();
  // What is picked, as the server will take it: one per bike at most for a helmet-like add-on, only add-ons offered.
  const { bikeAddons, picks, setPicks, chosen, param: addonsParam } = useAddonPicks(bike._id, windowValid ? { startTime: startIso, endTime: endIso, quantity } : null);
  const extras = { ...(addonsParam ? { addons: addonsParam } : {}), ...(coupon ? { coupon } : {}) };
  const quote = useQuote(bike._id, windowValid ? { startTime: startIso, endTime: endIso, quantity, ...extras } : null);
  const applyCoupon = async (code: string): Promise<string | null> => {
    if (!windowValid) return 'Pick the start and return times first';
    try {
      await fetchQuote(api, bike._id, { startTime: startIso, endTime: endIso, quantity, ...(addonsParam ? { addons: addonsParam } : {}), coupon: code });
      setCoupon(code.toUpperCase());
      return null;
    } catch (failure) {
      return isApiError(failure) ? failure.message : 'The code could not be checked. Please try again.';
    }
  };
  // The quote of exactly this window: while another window's answer is still shown, or the quote failed, there is
  // nothing to book against yet (issue 20 item 16).
  const quoteMatches = windowValid && quote.data !== undefined && !quote.isPlaceholderData && !quote.isError;
  // An add-on with too few pieces free for the window blocks the booking like too few units (the quote says which).
  const addonShort = quoteMatches && (quote.data!.addons ?? []).some((a) => a.available !== null && a.available < a.quantity);
  const tooFew = quoteMatches && (quote.data!.available < quantity || addonShort);
  const waitingForQuote = windowValid && !quoteMatches;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!startIso) {
      setError(t('book.selectStart'));
      return;
    }
    if (new Date(startIso).getTime() < Date.now() - 60_000) {
      setError(t('book.startInFuture'));
      return;
    }
    if (endTime && (!endIso || new Date(endIso).getTime() <= new Date(startIso).getTime())) {
      setEndError(END_AFTER_START);
      return;
    }
    if (tooFew || waitingForQuote) return;
    setError(null);
    setEndError(null);
    const input: CreateRentalInput = {
        bikeId: bike._id,
        startTime: startIso,
        quantity,
        ...(endIso ? { endTime: endIso } : {}),
        ...(endIso && chosen.length ? { addons: chosen } : {}),
        ...(endIso && coupon ? { coupon } : {}),
        // The price shown is the price fixed: a changed price answers 409 PRICE_CHANGED instead of booking.
        ...(endIso && quoteMatches && quote.data ? { expectedTotal: quote.data.total } : {}),
        ...(returnUrl ? { returnUrl } : {}),
        // Booked on a German or Bangla page: the gateway brings the payer back to the result page in that language.
        ...(!returnUrl && locale !== 'en' ? { returnUrl: `${window.location.origin}${localizePath('/payment/result', locale)}` } : {}),
    };
    createRental.mutate(
      { ...input, idempotencyKey },
      {
        onSuccess: (result) => {
          const { payment_url } = result;
          if (onBooked && isWebUrl(payment_url)) {
            setRedirecting(true);
            onBooked(result, input);
            return;
          }
          notify.success(t('book.goToPayment'));
          if (!isWebUrl(payment_url)) {
            notify.error(t('book.error'));
            return;
          }
          setRedirecting(true);
          window.location.assign(payment_url);
        },
        onError: (failure) => {
          setIdempotencyKey(newIdempotencyKey());
          if (isApiError(failure) && failure.code === 'PRICE_CHANGED') {
            notify.error(failure.message);
            void quote.refetch();
          } else if (isApiError(failure) && (failure.code === 'ADDON_OUT_OF_STOCK' || failure.code?.startsWith('COUPON_'))) {
            notify.error(failure.message);
            void quote.refetch();
            void bikeAddons.refetch();
          } else if (isApiError(failure) && failure.status === 409) notify.error(t('book.alreadyRented'));
          else if (isApiError(failure) && failure.status === 429) notify.error(failure.message);
          else notify.error(t('book.error'));
        },
      },
    );
  };

  const now = toZonedInputValue(new Date(), zone);
  const hours = useOpeningHours();
  /** The opening (or closing) time of a date's weekday, else a daytime default: the time a picked day starts with. */
  const dayTime = (date: string, which: 'open' | 'close') => {
    const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
    const day = hours.data?.openingHours?.[weekday];
    return day?.[which] ?? (which === 'open' ? '10:00' : '18:00');
  };
  const timeOf = (value: string) => (value.length >= 16 ? value.slice(11, 16) : null);
  const range: DayRange = { start: startTime ? startTime.slice(0, 10) : null, end: endTime ? endTime.slice(0, 10) : null };
  // Picking days on the calendar fills the times (kept when only the day changes); the inputs below fine-tune them.
  const pickDays = (next: DayRange) => {
    onDraftChange((d) => {
      const start = next.start ? `${next.start}T${timeOf(d.startTime) ?? dayTime(next.start, 'open')}` : '';
      const startAt = start && start < now ? now : start;
      const end = next.end ? `${next.end}T${timeOf(d.endTime) ?? dayTime(next.end, 'close')}` : '';
      return { ...d, startTime: startAt, endTime: end };
    });
    if (error) setError(null);
    if (endError) setEndError(null);
  };

  return (
      <form onSubmit={submit} noValidate className="book-now-form">
        <dl className="book-now-summary">
          <div>
            <dt>{t('book.bike')}</dt>
            <dd>{bike.name}</dd>
          </div>
          <div>
            <dt>{t('book.pricePerHour')}</dt>
            <dd>{formatMoney(bike.pricePerHour, bike.currency, locale)}</dd>
          </div>
        </dl>
        <section className="book-now-calendar" aria-label={t('book.chooseDays')}>
          <p className="book-now-note">{t('book.pickDays')}</p>
          <AvailabilityCalendar bikeId={bike._id} quantity={quantity} today={now.slice(0, 10)} value={range} onChange={pickDays} />
        </section>
        <div className="book-now-times">
          <div className="book-now-field">
            <label htmlFor={inputId}>{t('book.startTime')}</label>
            <DateTimeInput
              id={inputId}
              value={startTime}
              min={now}
              onChange={(event) => {
                setStartTime(event.target.value);
                if (error) setError(null);
              }}
              status={error ? 'error' : undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              aria-required
              disabled={busy}
            />
            {error ? (
              <p id={errorId} role="alert" className="book-now-error">
                {error}
              </p>
            ) : null}
          </div>
          <div className="book-now-field">
            <label htmlFor={endId}>
              {t('book.returnTime')} <span className="book-now-optional">{t('book.optional')}</span>
            </label>
            <DateTimeInput
              id={endId}
              value={endTime}
              min={startTime || now}
              onChange={(event) => {
                setEndTime(event.target.value);
                if (endError) setEndError(null);
              }}
              status={endError ? 'error' : undefined}
              aria-invalid={endError ? true : undefined}
              aria-describedby={endError ? endErrorId : undefined}
              disabled={busy}
            />
            {endError ? (
              <p id={endErrorId} role="alert" className="book-now-error">
                {endError}
              </p>
            ) : null}
          </div>
        </div>
        <div className="book-now-field book-now-quantity">
          <label htmlFor={quantityId}>{t('book.quantity')}</label>
          <InputNumber
            id={quantityId}
            min={1}
            max={maxQuantity}
            precision={0}
            value={quantity}
            onChange={(value) => onDraftChange((d) => ({ ...d, quantity: typeof value === 'number' ? Math.min(Math.max(1, value), maxQuantity) : 1 }))}
            disabled={busy}
          />
        </div>
        <p className="book-now-zone">{t('book.zone', { zone: zoneLabel(new Date(), zone) })}</p>
        {windowValid ? (
          <>
            <AddonPicker addons={bikeAddons.data} loading={bikeAddons.isLoading} error={bikeAddons.error} picks={picks} onChange={setPicks} disabled={busy} />
            <CouponField applied={coupon} onApply={applyCoupon} onRemove={() => setCoupon(null)} disabled={busy} />
          </>
        ) : null}
        {windowValid ? (
          <QuoteSummary quote={quote} quantity={quantity} id={quoteId} />
        ) : endTime && startTime ? (
          <p className="book-now-error" role="alert">
            {END_AFTER_START}
          </p>
        ) : (
          <p className="book-now-note">
            {endTime
              ? t('book.pickStart')
              : t('book.openEnded', {
                  rate: locale === 'en' ? formatRate(bike.pricePerHour, bike.currency, 'hour') : t('book.perHourRate', { price: formatMoney(bike.pricePerHour, bike.currency, locale) }),
                })}
          </p>
        )}
        <p className="book-now-note">{t('book.feeHolds')}</p>
        {signIn ?? (loginTo ? (
          <ButtonLink to={loginTo(draft)} type="primary" size="large" block>
            {t('book.loginToRent')}
          </ButtonLink>
        ) : (
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            block
            loading={busy}
            disabled={tooFew || waitingForQuote}
            aria-describedby={windowValid ? quoteId : undefined}
          >
            {t('book.pay', { fee: bookingFeeLabel(locale) })}
          </Button>
        ))}
      </form>
  );
}
