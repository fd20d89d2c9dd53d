import { Alert, Button, Input, Modal } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { useQuote } from '../../api/bikes.js';
import { isApiError } from '../../api/http.js';
import { useCancelRental, useRescheduleRental, type Rental } from '../../api/rentals.js';
import { useShopTimeZone } from '../../app/app-settings.js';
import { notify } from '../../app/notify.js';
import { DateTime } from '../../components/DateTime.js';
import { QuoteSummary } from '../../components/QuoteSummary.js';
import { formatMoney } from '../../lib/money.js';
import { toZonedInputValue, zoneLabel, zonedInputToIso } from '../../lib/time.js';

/** Whether cancelling now gives the booking fee back (before freeCancellationUntil), or keeps it. */
export function cancelIsFree(rental: Rental, now = Date.now()): boolean {
  if (rental.status === 'pending_fee') return true;
  return rental.freeCancellationUntil ? now < new Date(rental.freeCancellationUntil).getTime() : false;
}

/** The cancel confirmation: says before the click whether the booking fee comes back or is kept. */
export function CancelRentalDialog({ rental, onClose }: { rental: Rental; onClose(): void }) {
  const cancel = useCancelRental();
  const free = cancelIsFree(rental);
  const fee = rental.bookingFee ? formatMoney(rental.bookingFee.amount, rental.bookingFee.currency) : 'booking';
  let consequence;
  if (rental.status === 'pending_fee') {
    consequence = 'The booking fee has not been paid, so nothing is charged. The bike is released at once.';
  } else if (free) {
    consequence = (
      <>
        Free cancellation: your {fee} booking fee is refunded. Free until <DateTime value={rental.freeCancellationUntil} />.
      </>
    );
  } else {
    consequence = (
      <>
        The free-cancellation window ended <DateTime value={rental.freeCancellationUntil} fallback="already" />, so the {fee} booking fee is kept. The
        bike is released at once.
      </>
    );
  }
  const confirm = () =>
    cancel.mutate(rental._id, {
      onSuccess: (updated) => {
        notify.success(updated.bookingFee?.status === 'refunded' ? 'Booking cancelled. Your booking fee is being refunded.' : 'Booking cancelled.');
        onClose();
      },
    });
  return (
    <Modal
      open
      title={`Cancel booking for ${rental.bikeId.name}?`}
      okText={free ? 'Cancel booking (fee refunded)' : 'Cancel booking (fee kept)'}
      okButtonProps={{ danger: true }}
      cancelText="Keep booking"
      confirmLoading={cancel.isPending}
      onOk={confirm}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>
        Pick-up <DateTime value={rental.startTime} />
        {rental.endTime ? (
          <>
            , return <DateTime value={rental.endTime} />
          </>
        ) : null}
        .
      </p>
      <p className="rental-cancel-consequence">{consequence}</p>
      {cancel.isError ? <Alert type="error" showIcon title="The booking could not be cancelled." description={cancel.error.message} /> : null}
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
  if (!startIso) problem = 'Please select a start time';
  else if (!future) problem = 'Please select a start time in the future';
  else if (!validWindow) problem = 'The return time must be after the start time';
  const conflict = reschedule.isError && isApiError(reschedule.error) && reschedule.error.status === 409;

  const confirm = () => {
    if (problem || !startIso) return;
    reschedule.mutate(
      { id: rental._id, startTime: startIso, ...(endIso ? { endTime: endIso } : {}) },
      {
        onSuccess: () => {
          notify.success('Booking moved to the new time.');
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open
      title={`Reschedule ${rental.bikeId.name}`}
      okText="Move booking"
      okButtonProps={{ disabled: problem !== null || (endIso !== null && (!quoteReady || quote.data!.available < rental.quantity)) }}
      cancelText="Close"
      confirmLoading={reschedule.isPending}
      onOk={confirm}
      onCancel={onClose}
      destroyOnHidden
    >
      <div className="book-now-times">
        <div className="book-now-field">
          <label htmlFor={startId}>Start time</label>
          <Input id={startId} type="datetime-local" value={start} onChange={(e) => setStart(e.target.value)} aria-required />
        </div>
        <div className="book-now-field">
          <label htmlFor={endId}>
            Return time <span className="book-now-optional">(optional)</span>
          </label>
          <Input id={endId} type="datetime-local" value={end} min={start} onChange={(e) => setEnd(e.target.value)} />
        </div>
      </div>
      <p className="book-now-zone">Times are the shop's local time ({zoneLabel(new Date(), zone)}).</p>
      {problem && start ? (
        <p className="book-now-error" role="alert">
          {problem}
        </p>
      ) : endIso ? (
        <QuoteSummary quote={quote} quantity={rental.quantity} />
      ) : (
        <p className="book-now-note">No return time: the booking stays open-ended and is charged by the hour after the return.</p>
      )}
      {reschedule.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={conflict ? 'Bike is already rented' : 'The booking could not be moved.'}
          description={conflict ? 'No unit is free for the whole new window. Try other times.' : reschedule.error.message}
        />
      ) : null}
    </Modal>
  );
}

/** Cancel and Reschedule buttons of a booking that has not started (the server says so with canCancel). */
export function BookingChangeButtons({ rental }: { rental: Rental }) {
  const [open, setOpen] = useState<'cancel' | 'reschedule' | null>(null);
  const rescheduleRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const closedFrom = useRef<'cancel' | 'reschedule' | null>(null);
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
        <Button ref={rescheduleRef} onClick={() => setOpen('reschedule')} aria-label={`Reschedule ${rental.bikeId.name}`}>
          Reschedule
        </Button>
      ) : null}
      <Button ref={cancelRef} danger onClick={() => setOpen('cancel')} aria-label={`Cancel booking for ${rental.bikeId.name}`}>
        Cancel booking
      </Button>
      {open === 'cancel' ? <CancelRentalDialog rental={rental} onClose={close} /> : null}
      {open === 'reschedule' ? <RescheduleDialog rental={rental} onClose={close} /> : null}
    </>
  );
}
