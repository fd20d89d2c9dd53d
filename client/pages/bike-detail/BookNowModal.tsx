import { Button, Input, Modal } from 'antd';
import { useId, useState, type FormEvent } from 'react';
import type { BikeDetail } from '../../api/bikes.js';
import { isApiError } from '../../api/http.js';
import { newIdempotencyKey, useCreateRental } from '../../api/rentals.js';
import { notify } from '../../app/notify.js';
import { BOOKING_FEE_LABEL, localInputToIso, toLocalInputValue } from './booking.js';
import { formatPrice } from './format.js';

interface BookNowModalProps {
  bike: BikeDetail;
  quantity: number;
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

/**
 * 'Book Now' (mounted in the browser only, once per opening): the start time, then the booking fee on the gateway's page. A successful booking leaves the shop for
 * the payment page with a full-page redirect (spec section 7); the gateway brings the visitor back to /payment/result.
 */
export function BookNowModal({ bike, quantity, open, onClose }: BookNowModalProps) {
  const inputId = useId();
  const errorId = useId();
  const [startTime, setStartTime] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The parent mounts one modal per opening, so one key per attempt: a repeated submit gets the first answer back.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [redirecting, setRedirecting] = useState(false);
  const createRental = useCreateRental();
  const busy = createRental.isPending || redirecting;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const iso = localInputToIso(startTime);
    if (!iso) {
      setError('Please select a start time');
      return;
    }
    if (new Date(iso).getTime() < Date.now() - 60_000) {
      setError('Please select a start time in the future');
      return;
    }
    setError(null);
    createRental.mutate(
      { bikeId: bike._id, startTime: iso, quantity, idempotencyKey },
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
          notify.error(isApiError(failure) && failure.status === 409 ? 'Bike is already rented' : 'An error occurred during the rental process.');
        },
      },
    );
  };

  const close = () => {
    if (busy) return;
    setError(null);
    onClose();
  };

  return (
    <Modal
      title="Book Now"
      open={open}
      onCancel={close}
      footer={null}
      className="book-now-modal"
    >
      <form onSubmit={submit} noValidate className="book-now-form">
        <dl className="book-now-summary">
          <div>
            <dt>Bike</dt>
            <dd>{bike.name}</dd>
          </div>
          <div>
            <dt>Quantity</dt>
            <dd>{quantity}</dd>
          </div>
          <div>
            <dt>Price per hour</dt>
            <dd>{formatPrice(bike.pricePerHour, bike.currency)}</dd>
          </div>
        </dl>
        <div className="book-now-field">
          <label htmlFor={inputId}>Start time</label>
          <Input
            id={inputId}
            type="datetime-local"
            value={startTime}
            min={toLocalInputValue(new Date())}
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
        <p className="book-now-note">
          The booking fee holds the bike for you. The rental itself is charged by the hour after you return it.
        </p>
        <Button type="primary" htmlType="submit" size="large" block loading={busy}>
          Pay {BOOKING_FEE_LABEL} to Book
        </Button>
      </form>
    </Modal>
  );
}
