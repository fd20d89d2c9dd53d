import { Button, Input, InputNumber, Modal } from 'antd';
import { useId, useState, type FormEvent } from 'react';
import { useQuote, type BikeDetail } from '../../api/bikes.js';
import { isApiError } from '../../api/http.js';
import { newIdempotencyKey, useCreateRental } from '../../api/rentals.js';
import { useShopTimeZone } from '../../app/app-settings.js';
import { notify } from '../../app/notify.js';
import { QuoteSummary } from '../../components/QuoteSummary.js';
import { AvailabilityCalendar, type DayRange } from '../../components/AvailabilityCalendar.js';
import { useOpeningHours } from '../../api/shop.js';
import { formatMoney, formatRate } from '../../lib/money.js';
import { toZonedInputValue, zoneLabel, zonedInputToIso } from '../../lib/time.js';
import { BOOKING_FEE_LABEL } from '../../lib/booking.js';
import { ButtonLink } from '../../components/ButtonLink.js';
import type { BookingDraft } from './booking-draft.js';

interface BookNowModalProps {
  bike: BikeDetail;
  /** The times and quantity being chosen: kept by the bike page, so closing the dialog loses nothing (issue 20 item 18). */
  draft: BookingDraft;
  onDraftChange(update: (draft: BookingDraft) => BookingDraft): void;
  maxQuantity: number;
  /** Signed out: the dialog shows the window's price and free units, then 'Login to Rent' with the way back to it. */
  loginTo?: (draft: BookingDraft) => string;
  open: boolean;
  onClose(): void;
}

/** Only http(s) addresses are followed: the payment URL comes from the server, but a browser redirect is final. */
function isWebUrl(url: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(url, window.location.href).protocol);
  } catch {
    return false;
  }
}

const END_AFTER_START = 'The return time must be after the start time';

/**
 * 'Book Now' (mounted in the browser only, once per opening): the pick-up time, an optional return time, then the
 * booking fee on the gateway's page. With both times the live availability and the itemised quote of the window
 * show beside the button before anything is booked; without a return time the booking is open-ended and priced by
 * the hour at return. Times are the shop's wall-clock times. A successful booking leaves the shop for the payment
 * page with a full-page redirect (spec section 7); the gateway brings the visitor back to /payment/result.
 */
export function BookNowModal({ bike, draft, onDraftChange, maxQuantity, loginTo, open, onClose }: BookNowModalProps) {
  const zone = useShopTimeZone();
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
  const busy = createRental.isPending || redirecting;

  const startIso = zonedInputToIso(startTime, zone);
  const endIso = endTime ? zonedInputToIso(endTime, zone) : null;
  const windowValid = startIso !== null && endIso !== null && new Date(endIso).getTime() > new Date(startIso).getTime();
  const quote = useQuote(bike._id, windowValid ? { startTime: startIso, endTime: endIso, quantity } : null);
  // The quote of exactly this window: while another window's answer is still shown, or the quote failed, there is
  // nothing to book against yet (issue 20 item 16).
  const quoteMatches = windowValid && quote.data !== undefined && !quote.isPlaceholderData && !quote.isError;
  const tooFew = quoteMatches && quote.data!.available < quantity;
  const waitingForQuote = windowValid && !quoteMatches;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!startIso) {
      setError('Please select a start time');
      return;
    }
    if (new Date(startIso).getTime() < Date.now() - 60_000) {
      setError('Please select a start time in the future');
      return;
    }
    if (endTime && (!endIso || new Date(endIso).getTime() <= new Date(startIso).getTime())) {
      setEndError(END_AFTER_START);
      return;
    }
    if (tooFew || waitingForQuote) return;
    setError(null);
    setEndError(null);
    createRental.mutate(
      {
        bikeId: bike._id,
        startTime: startIso,
        quantity,
        ...(endIso ? { endTime: endIso } : {}),
        // The price shown is the price fixed: a changed price answers 409 PRICE_CHANGED instead of booking.
        ...(endIso && quoteMatches && quote.data ? { expectedTotal: quote.data.total } : {}),
        idempotencyKey,
      },
      {
        onSuccess: ({ payment_url }) => {
          notify.success('Go to the payment page to complete the rental process.');
          if (!isWebUrl(payment_url)) {
            notify.error('An error occurred during the rental process.');
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
          } else if (isApiError(failure) && failure.status === 409) notify.error('Bike is already rented');
          else if (isApiError(failure) && failure.status === 429) notify.error(failure.message);
          else notify.error('An error occurred during the rental process.');
        },
      },
    );
  };

  const close = () => {
    if (busy) return;
    setError(null);
    onClose();
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
    <Modal title="Book Now" open={open} onCancel={close} footer={null} className="book-now-modal">
      <form onSubmit={submit} noValidate className="book-now-form">
        <dl className="book-now-summary">
          <div>
            <dt>Bike</dt>
            <dd>{bike.name}</dd>
          </div>
          <div>
            <dt>Price per hour</dt>
            <dd>{formatMoney(bike.pricePerHour, bike.currency)}</dd>
          </div>
        </dl>
        <section className="book-now-calendar" aria-label="Choose days">
          <p className="book-now-note">Pick the pick-up day, then the return day; then set the times.</p>
          <AvailabilityCalendar bikeId={bike._id} quantity={quantity} today={now.slice(0, 10)} value={range} onChange={pickDays} />
        </section>
        <div className="book-now-times">
          <div className="book-now-field">
            <label htmlFor={inputId}>Start time</label>
            <Input
              id={inputId}
              type="datetime-local"
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
              Return time <span className="book-now-optional">(optional)</span>
            </label>
            <Input
              id={endId}
              type="datetime-local"
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
          <label htmlFor={quantityId}>Quantity</label>
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
        <p className="book-now-zone">Times are the shop's local time ({zoneLabel(new Date(), zone)}).</p>
        {windowValid ? (
          <QuoteSummary quote={quote} quantity={quantity} id={quoteId} />
        ) : endTime && startTime ? (
          <p className="book-now-error" role="alert">
            {END_AFTER_START}
          </p>
        ) : (
          <p className="book-now-note">
            {endTime
              ? 'Pick the start time to see the price and availability for your window.'
              : `No return time: the booking is open-ended and charged by the hour (${formatRate(bike.pricePerHour, bike.currency, 'hour')}) after you return the bike. Add a return time to see the price now.`}
          </p>
        )}
        <p className="book-now-note">The booking fee holds the bike for you.</p>
        {loginTo ? (
          <ButtonLink to={loginTo(draft)} type="primary" size="large" block>
            Login to Rent
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
            Pay {BOOKING_FEE_LABEL} to Book
          </Button>
        )}
      </form>
    </Modal>
  );
}
