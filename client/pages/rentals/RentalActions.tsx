import { Alert, Button, Modal } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { useCurrentAgreement } from '../../api/agreements.js';
import { useQuote } from '../../api/bikes.js';
import { ButtonLink } from '../../components/ButtonLink.js';
import { isApiError } from '../../api/http.js';
import { useCancelRental, useRescheduleRental, type Rental } from '../../api/rentals.js';
import { useShopTimeZone } from '../../app/app-settings.js';
import { notify } from '../../app/notify.js';
import { DateTime } from '../../components/DateTime.js';
import { DateTimeInput } from '../../components/DateTimeInput.js';
import { QuoteSummary } from '../../components/QuoteSummary.js';
import { formatMoney } from '../../lib/money.js';
import { toZonedInputValue, zoneLabel, zonedInputToIso } from '../../lib/time.js';
import { useIntl } from 'react-intl';
import { useLocale, useT } from '../../app/i18n.js';

/** Whether cancelling now gives the booking fee back (before freeCancellationUntil), or keeps it. */
export function cancelIsFree(rental: Rental, now = Date.now()): boolean {
  if (rental.status === 'pending_fee') return true;
  return rental.freeCancellationUntil ? now < new Date(rental.freeCancellationUntil).getTime() : false;
}

/** The cancel confirmation: says before the click whether the booking fee comes back or is kept. */
export function CancelRentalDialog({ rental, onClose }: { rental: Rental; onClose(): void }) {
  const cancel = useCancelRental();
  const t = useT();
  const intl = useIntl();
  const locale = useLocale();
  const free = cancelIsFree(rental);
  const fee = rental.bookingFee ? formatMoney(rental.bookingFee.amount, rental.bookingFee.currency, locale) : '';
  const hasFee = fee ? 'yes' : 'no';
  // The sentences with dates in them: each date is a <DateTime> element inside the translated sentence.
  const dateOf = (value: string | null | undefined) => () => <DateTime key={value ?? 'none'} value={value} />;
  let consequence;
  if (rental.status === 'pending_fee') {
    consequence = t('cancelDialog.unpaid');
  } else if (free) {
    consequence = intl.formatMessage({ id: 'cancelDialog.free' }, { fee, hasFee, date: dateOf(rental.freeCancellationUntil) });
  } else {
    const known = rental.freeCancellationUntil ? 'yes' : 'no';
    consequence = intl.formatMessage({ id: 'cancelDialog.kept' }, { fee, hasFee, known, date: dateOf(rental.freeCancellationUntil) });
  }
  const when = rental.endTime
    ? intl.formatMessage({ id: 'cancelDialog.when' }, { start: dateOf(rental.startTime), end: () => <DateTime key="end" value={rental.endTime} /> })
    : intl.formatMessage({ id: 'cancelDialog.whenOpen' }, { start: dateOf(rental.startTime) });
  const confirm = () =>
    cancel.mutate(rental._id, {
      onSuccess: (updated) => {
        notify.success(updated.bookingFee?.status === 'refunded' ? t('cancelDialog.doneRefunded') : t('cancelDialog.done'));
        onClose();
      },
    });
  return (
    <Modal
      open
      title={t('cancelDialog.title', { bike: rental.bikeId.name })}
      okText={free ? t('cancelDialog.okFree') : t('cancelDialog.okKept')}
      okButtonProps={{ danger: true }}
      cancelText={t('cancelDialog.keep')}
      confirmLoading={cancel.isPending}
      onOk={confirm}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>{when}</p>
      <p className="rental-cancel-consequence">{consequence}</p>
      {cancel.isError ? <Alert type="error" showIcon title={t('cancelDialog.failed')} description={cancel.error.message} /> : null}
    </Modal>
  );
}

/** Move a booking to another window: the new window's availability and quote first, then the change (409: not free). */
export function RescheduleDialog({ rental, onClose }: { rental: Rental; onClose(): void }) {
  const zone = useShopTimeZone();
  const startId = useId();
  const endId = useId();
  const [start, setStart] = useState(() => toZonedInputValue(rental.startTime, zone));
  const [end, setEnd] = useState(() => (rental.endTime ? toZonedInputValue(rental.endTime, zone) : ''));
  const reschedule = useRescheduleRental();
  const t = useT();
  const startIso = zonedInputToIso(start, zone);
  const endIso = end ? zonedInputToIso(end, zone) : null;
  const validWindow = startIso !== null && (endIso === null ? !end : new Date(endIso).getTime() > new Date(startIso).getTime());
  const future = startIso !== null && new Date(startIso).getTime() > Date.now();
  // The booking's own units count as free for its new window (rentalId): the move may keep them.
  const quote = useQuote(
    rental.bikeId._id,
    validWindow && startIso && endIso ? { startTime: startIso, endTime: endIso, quantity: rental.quantity, rentalId: rental._id } : null,
  );
  const quoteReady = quote.data !== undefined && !quote.isPlaceholderData && !quote.isError;
  let problem: string | null = null;
  if (!startIso) problem = t('book.selectStart');
  else if (!future) problem = t('book.startInFuture');
  else if (!validWindow) problem = t('book.endAfterStart');
  const conflict = reschedule.isError && isApiError(reschedule.error) && reschedule.error.status === 409;

  const confirm = () => {
    if (problem || !startIso) return;
    reschedule.mutate(
      { id: rental._id, startTime: startIso, ...(endIso ? { endTime: endIso } : {}) },
      {
        onSuccess: () => {
          notify.success(t('reschedule.moved'));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open
      title={t('rentals.rescheduleFor', { bike: rental.bikeId.name })}
      okText={t('reschedule.move')}
      okButtonProps={{ disabled: problem !== null || (endIso !== null && (!quoteReady || quote.data!.available < rental.quantity)) }}
      cancelText={t('reschedule.close')}
      confirmLoading={reschedule.isPending}
      onOk={confirm}
      onCancel={onClose}
      destroyOnHidden
    >
      <div className="book-now-times">
        <div className="book-now-field">
          <label htmlFor={startId}>{t('book.startTime')}</label>
          <DateTimeInput id={startId} value={start} onChange={(e) => setStart(e.target.value)} aria-required />
        </div>
        <div className="book-now-field">
          <label htmlFor={endId}>
            {t('book.returnTime')} <span className="book-now-optional">{t('book.optional')}</span>
          </label>
          <DateTimeInput id={endId} value={end} min={start} onChange={(e) => setEnd(e.target.value)} />
        </div>
      </div>
      <p className="book-now-zone">{t('book.zone', { zone: zoneLabel(new Date(), zone) })}</p>
      {problem && start ? (
        <p className="book-now-error" role="alert">
          {problem}
        </p>
      ) : endIso ? (
        <QuoteSummary quote={quote} quantity={rental.quantity} />
      ) : (
        <p className="book-now-note">{t('reschedule.openEnded')}</p>
      )}
      {reschedule.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={conflict ? t('book.alreadyRented') : t('reschedule.failed')}
          description={conflict ? t('reschedule.conflict') : reschedule.error.message}
        />
      ) : null}
    </Modal>
  );
}

/** Riders sign the shop's rental agreement before pick-up (only while the shop has one and the booking is open). */
export function AgreementButton({ rental }: { rental: Rental }) {
  const current = useCurrentAgreement();
  const t = useT();
  if (!current.data?.agreement || (rental.status !== 'booked' && rental.status !== 'pending_fee')) return null;
  return (
    <ButtonLink to={`/dashboard/rentals/${encodeURIComponent(rental._id)}/agreement`} aria-label={t('rentals.agreementFor', { bike: rental.bikeId.name })}>
      {t('rentals.agreement')}
    </ButtonLink>
  );
}

/** Cancel and Reschedule buttons of a booking that has not started (the server says so with canCancel). */
export function BookingChangeButtons({ rental }: { rental: Rental }) {
  const [open, setOpen] = useState<'cancel' | 'reschedule' | null>(null);
  const rescheduleRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const closedFrom = useRef<'cancel' | 'reschedule' | null>(null);
  const t = useT();
  // The dialog unmounts on close, so antd cannot hand focus back: the button that opened it takes it (issue 20 item 20).
  useEffect(() => {
    if (open !== null || closedFrom.current === null) return;
    const trigger = closedFrom.current === 'cancel' ? cancelRef.current : rescheduleRef.current;
    closedFrom.current = null;
    if (trigger?.isConnected) trigger.focus();
  }, [open]);
  if (!rental.canCancel) return null;
  const close = () => {
    closedFrom.current = open;
    setOpen(null);
  };
  return (
    <>
      {rental.status === 'booked' ? (
        <Button ref={rescheduleRef} onClick={() => setOpen('reschedule')} aria-label={t('rentals.rescheduleFor', { bike: rental.bikeId.name })}>
          {t('rentals.reschedule')}
        </Button>
      ) : null}
      <Button ref={cancelRef} danger onClick={() => setOpen('cancel')} aria-label={t('rentals.cancelBookingFor', { bike: rental.bikeId.name })}>
        {t('rentals.cancelBooking')}
      </Button>
      {open === 'cancel' ? <CancelRentalDialog rental={rental} onClose={close} /> : null}
      {open === 'reschedule' ? <RescheduleDialog rental={rental} onClose={close} /> : null}
    </>
  );
}
