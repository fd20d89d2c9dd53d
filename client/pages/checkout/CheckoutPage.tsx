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
import { decorativeIcon } from '../../components/decorative-icon.js';
import { DateTime } from '../../components/DateTime.js';
import { formatMoney } from '../../lib/money.js';
import { amountDue } from '../../lib/rental-state.js';
import type { CheckoutLoaderData } from './checkout-loader.js';
import './checkout.css';
import { LoadError } from '../../components/LoadError.js';

function CheckoutFrame({ children }: { children: ReactNode }) {
  return (
    <div className="page-container page-section checkout-page">
      <Card className="checkout-card">
        <header className="checkout-header">
          <h1 className="checkout-title">Bike Rental Checkout</h1>
          <p className="checkout-lead">Complete your rental process</p>
        </header>
        {children}
      </Card>
    </div>
  );
}

const backToRentals = (
  <ButtonLink to="/dashboard/rentals" type="primary" key="rentals">
    Go to My Rentals
  </ButtonLink>
);

/** Why this rental cannot be paid here right now, or null when it can. */
function notPayable(rental: Rental): ReactNode {
  const due = amountDue(rental);
  // A fixed-window booking is payable right after its booking fee; a late fee after the return keeps a paid rental payable.
  const fixedWindowBooked = rental.status === 'booked' && Boolean(rental.endTime) && rental.totalCost > 0 && due > 0;
  if ((rental.totalPaid || rental.status === 'paid') && due <= 0) {
    return (
      <Result
        status="success"
        title={<h2 className="checkout-state-title">This rental is already paid</h2>}
        subTitle={`You paid ${formatMoney(rental.totalPaid ?? rental.totalCost, rental.currency)} for ${rental.bikeId.name}. Thank you for riding with us!`}
        extra={[
          backToRentals,
          <ButtonLink to="/dashboard/myrentals" key="review">
            Add a review
          </ButtonLink>,
        ]}
      />
    );
  }
  if (rental.status === 'cancelled') {
    return (
      <Result
        status="warning"
        title={<h2 className="checkout-state-title">This booking was cancelled</h2>}
        subTitle="This booking was cancelled, so there is nothing to pay."
        extra={[
          backToRentals,
          <ButtonLink to={`/bike/${rental.bikeId._id}`} key="again">
            Book this bike again
          </ButtonLink>,
        ]}
      />
    );
  }
  if (!fixedWindowBooked && (rental.status === 'pending_fee' || rental.status === 'booked' || !rental.isReturned)) {
    return (
      <Result
        status="info"
        title={<h2 className="checkout-state-title">This bike has not been returned yet</h2>}
        subTitle="The total is calculated from the rental time when the bike is returned. You can pay here once the return is confirmed."
        extra={[backToRentals]}
      />
    );
  }
  if (rental.totalCost <= 0) {
    return (
      <Result
        status="success"
        title={<h2 className="checkout-state-title">Nothing to pay</h2>}
        subTitle="This rental has no cost to settle."
        extra={[backToRentals]}
      />
    );
  }
  return null;
}

function CheckoutForm({ rental }: { rental: Rental }) {
  const pay = useFullPayment();
  const hydrated = useHydrated();
  // Stays true after success: the page is leaving for the payment provider.
  const [redirecting, setRedirecting] = useState(false);
  // A double submit or a retry after a lost answer reuses the key, so the server opens one payment, not two.
  const idempotencyKey = useRef<string | null>(null);
  const busy = pay.isPending || redirecting;

  const submit = () => {
    idempotencyKey.current ??= newIdempotencyKey();
    pay.mutate(
      { paymentId: rental.paymentId, totalCost: rental.totalCost, idempotencyKey: idempotencyKey.current },
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
      <Form.Item label="Bike Name" htmlFor="checkout-bike">
        <Input id="checkout-bike" value={rental.bikeId.name} readOnly variant="filled" />
      </Form.Item>
      <Form.Item label="User Name" htmlFor="checkout-user">
        <Input id="checkout-user" value={rental.userId.name} readOnly variant="filled" />
      </Form.Item>
      <dl className="checkout-summary">
        <div>
          <dt>Start</dt>
          <dd>
            <DateTime value={rental.startTime} />
          </dd>
        </div>
        <div>
          <dt>{rental.returnTime || !rental.endTime ? 'Return' : 'Planned return'}</dt>
          <dd>
            <DateTime value={rental.returnTime ?? rental.endTime} />
          </dd>
        </div>
        <div>
          <dt>Quantity</dt>
          <dd>{rental.quantity}</dd>
        </div>
        {rental.quote?.lines.map((line, index) => (
          <div key={index}>
            <dt>{line.label}</dt>
            <dd>{formatMoney(line.amount, rental.quote?.currency ?? rental.currency)}</dd>
          </div>
        ))}
        {rental.lateFee ? (
          <div>
            <dt>Late fee</dt>
            <dd>{formatMoney(rental.lateFee, rental.currency)}</dd>
          </div>
        ) : null}
        {rental.totalPaid && amountDue(rental) > 0 ? (
          <div>
            <dt>Already paid</dt>
            <dd>{formatMoney(rental.totalPaid, rental.currency)}</dd>
          </div>
        ) : null}
        <div className="checkout-total">
          <dt>Total Price</dt>
          <dd>{formatMoney(rental.totalCost, rental.currency)}</dd>
        </div>
      </dl>
      {pay.isError ? (
        <Alert type="error" showIcon className="checkout-error" title="The payment could not be started." description={pay.error.message} />
      ) : null}
      <Button type="primary" htmlType="submit" size="large" block disabled={busy || !hydrated} loading={busy} icon={<LockOutlined {...decorativeIcon} />}>
        {busy ? 'Processing...' : 'Pay Now'}
      </Button>
      <p className="checkout-note">You will be taken to our payment provider's secure page to complete the payment.</p>
    </Form>
  );
}

export default function CheckoutPage() {
  const { id = '' } = useParams();
  const { found } = useLoaderData() as CheckoutLoaderData;
  const api = useApi();
  const checkout = useQuery({ ...rentalCheckoutQuery(api, id), enabled: found });

  if (!found) {
    return (
      <CheckoutFrame>
        <Result
          status="info"
          title={<h2 className="checkout-state-title">Rental not found</h2>}
          subTitle="We could not find a rental of yours with this payment reference. Open the rental from My Rentals and choose Pay Now."
          extra={[backToRentals]}
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
        <LoadError title="This rental could not be loaded." description={checkout.error.message} onRetry={() => checkout.refetch()} />
      </CheckoutFrame>
    );
  }
  return <CheckoutFrame>{notPayable(checkout.data) ?? <CheckoutForm rental={checkout.data} />}</CheckoutFrame>;
}
