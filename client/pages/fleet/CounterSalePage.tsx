import { ShopOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Checkbox, Form, Input, InputNumber, Radio } from 'antd';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuote } from '../../api/bikes.js';
import { isApiError } from '../../api/http.js';
import { newIdempotencyKey, useCounterSale, type CounterPaymentMethod, type Rental } from '../../api/rentals.js';
import { useShopTimeZone } from '../../app/app-settings.js';
import { notify } from '../../app/notify.js';
import { ButtonLink } from '../../components/ButtonLink.js';
import { DateTime } from '../../components/DateTime.js';
import { decorativeIcon } from '../../components/decorative-icon.js';
import { PageHeading } from '../../components/PageHeading.js';
import { AddonPicker, useAddonPicks } from '../../components/AddonPicker.js';
import { QuoteSummary } from '../../components/QuoteSummary.js';
import { MAX_UNITS_PER_BOOKING } from '../../lib/booking.js';
import { formatMoney } from '../../lib/money.js';
import { toZonedInputValue, zoneLabel, zonedInputToIso } from '../../lib/time.js';
import { BikePicker } from './BikePicker.js';
import './fleet.css';

const METHOD_LABEL: Record<CounterPaymentMethod, string> = { cash: 'Cash', card_terminal: 'Card terminal' };

function SaleDone({ rental, method, onNext }: { rental: Rental; method: CounterPaymentMethod; onNext(): void }) {
  return (
    <Alert
      className="counter-sale-done"
      type="success"
      showIcon
      role="status"
      title={`Booked ${rental.quantity} × ${rental.bikeId.name} for ${rental.userId.name}`}
      description={
        <>
          From <DateTime value={rental.startTime} />
          {rental.endTime ? (
            <>
              {' '}
              to <DateTime value={rental.endTime} />
            </>
          ) : (
            ' (open-ended, charged by the hour at return)'
          )}
          .{' '}
          {rental.totalPaid
            ? `${formatMoney(rental.totalPaid, rental.currency)} paid at the counter (${METHOD_LABEL[method]}).`
            : rental.totalCost > 0
              ? `${formatMoney(rental.totalCost, rental.currency)} to be paid.`
              : 'The cost is settled at the return.'}
          {rental.units?.length ? ` Hand over: ${rental.units.map((u) => u.label).join(', ')}.` : ''}
          {rental.addons?.length ? ` With: ${rental.addons.map((a) => a.label).join(', ')}.` : ''}
        </>
      }
      action={
        <Button size="small" onClick={onNext}>
          New sale
        </Button>
      }
    />
  );
}

/** /dashboard/counter (admin): book for a customer in the shop, without the online booking fee; record a payment taken there. */
export default function CounterSalePage({ embedded = false }: { embedded?: boolean }) {
  const zone = useShopTimeZone();
  const [params] = useSearchParams();
  const ids = { email: useId(), bike: useId(), quantity: useId(), start: useId(), end: useId(), method: useId() };
  const [email, setEmail] = useState('');
  const [bikeId, setBikeId] = useState(params.get('bike') ?? '');
  const [quantity, setQuantity] = useState(1);
  const [start, setStart] = useState(() => toZonedInputValue(new Date(), zone));
  const [end, setEnd] = useState('');
  const [method, setMethod] = useState<CounterPaymentMethod>('cash');
  const [depositMethod, setDepositMethod] = useState<CounterPaymentMethod>('cash');
  const [paid, setPaid] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<Rental | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const sale = useCounterSale();

  const startIso = zonedInputToIso(start, zone);
  const endIso = end ? zonedInputToIso(end, zone) : null;
  const windowValid = Boolean(bikeId) && startIso !== null && endIso !== null && new Date(endIso) > new Date(startIso);
  // Issue 25: the extras Book Now offers (helmets, locks, insurance), for a walk-in booking with a return time.
  const window = windowValid && startIso && endIso ? { startTime: startIso, endTime: endIso, quantity } : null;
  const { bikeAddons, picks, setPicks, chosen, param: addonsParam } = useAddonPicks(bikeId, window);
  const quote = useQuote(bikeId, window ? { ...window, ...(addonsParam ? { addons: addonsParam } : {}) } : null);

  const submit = () => {
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) return setProblem("Enter the customer's email address.");
    if (!bikeId) return setProblem('Pick a bike.');
    if (!startIso) return setProblem('Please select a start time');
    if (end && (!endIso || new Date(endIso) <= new Date(startIso))) return setProblem('The return time must be after the start time');
    setProblem(null);
    sale.mutate(
      {
        customerEmail: email.trim(),
        bikeId,
        startTime: startIso,
        ...(endIso ? { endTime: endIso } : {}),
        ...(endIso && chosen.length ? { addons: chosen } : {}),
        quantity,
        paymentMethod: method,
        depositMethod,
        paid,
        idempotencyKey: key,
      },
      {
        onSuccess: (rental) => {
          notify.success('Counter sale recorded.');
          setDone(rental);
        },
        onError: (error) => {
          setKey(newIdempotencyKey());
          setProblem(
            isApiError(error) && error.status === 409 && error.code !== 'ADDON_OUT_OF_STOCK'
              ? 'Bike is already rented'
              : isApiError(error) && error.status === 404
                ? 'No customer account with this email. Ask the customer to sign up first.'
                : isApiError(error) && error.kind === 'http'
                  ? error.message
                  : 'The sale could not be recorded. Try again.',
          );
        },
      },
    );
  };

  const next = () => {
    setDone(null);
    setEmail('');
    setEnd('');
    setQuantity(1);
    setPicks([]);
    setKey(newIdempotencyKey());
  };

  return (
    <>
      {embedded ? null : <PageHeading
        title="Counter sale"
        lead="Book a bike for a customer in the shop. No online booking fee; record the payment taken at the counter."
        extra={bikeId ? <ButtonLink to={`/dashboard/fleet/${encodeURIComponent(bikeId)}`}>Fleet of this bike</ButtonLink> : null}
      />}
      <Card>
        {done ? (
          <SaleDone rental={done} method={method} onNext={next} />
        ) : (
          <Form layout="vertical" className="counter-form" onFinish={submit} requiredMark={false}>
            <Form.Item label="Customer email" htmlFor={ids.email}>
              <Input id={ids.email} type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} aria-required />
            </Form.Item>
            <Form.Item label="Bike" htmlFor={ids.bike}>
              <BikePicker id={ids.bike} value={bikeId || undefined} onChange={setBikeId} />
            </Form.Item>
            <Form.Item label="Quantity" htmlFor={ids.quantity}>
              <InputNumber id={ids.quantity} min={1} max={MAX_UNITS_PER_BOOKING} precision={0} value={quantity} onChange={(v) => setQuantity(typeof v === 'number' ? v : 1)} />
            </Form.Item>
            <div className="book-now-times">
              <Form.Item label="Start time" htmlFor={ids.start}>
                <Input id={ids.start} type="datetime-local" value={start} onChange={(e) => setStart(e.target.value)} aria-required />
              </Form.Item>
              <Form.Item label="Return time (optional)" htmlFor={ids.end}>
                <Input id={ids.end} type="datetime-local" value={end} min={start} onChange={(e) => setEnd(e.target.value)} />
              </Form.Item>
            </div>
            <p className="book-now-zone">Times are the shop's local time ({zoneLabel(new Date(), zone)}).</p>
            {windowValid ? (
              <AddonPicker addons={bikeAddons.data} loading={bikeAddons.isLoading} error={bikeAddons.error} picks={picks} onChange={setPicks} disabled={sale.isPending} />
            ) : null}
            {windowValid ? <QuoteSummary quote={quote} quantity={quantity} /> : null}
            <Form.Item label="Payment method">
              <Radio.Group
                id={ids.method}
                value={method}
                onChange={(e) => setMethod(e.target.value as CounterPaymentMethod)}
                options={[
                  { value: 'cash', label: 'Cash' },
                  { value: 'card_terminal', label: 'Card terminal' },
                ]}
              />
            </Form.Item>
            {quote.data && quote.data.deposit.amount > 0 ? (
              <Form.Item label={`Security deposit (${formatMoney(quote.data.deposit.amount, quote.data.deposit.currency)}) taken by`}>
                <Radio.Group
                  value={depositMethod}
                  onChange={(e) => setDepositMethod(e.target.value as CounterPaymentMethod)}
                  options={[
                    { value: 'cash', label: 'Cash deposit' },
                    { value: 'card_terminal', label: 'Card terminal deposit' },
                  ]}
                />
              </Form.Item>
            ) : null}
            <Form.Item>
              <Checkbox checked={paid} onChange={(e) => setPaid(e.target.checked)}>
                Payment taken at the counter{end ? '' : ' (open-ended bookings are paid at the return)'}
              </Checkbox>
            </Form.Item>
            {problem ? <Alert type="error" showIcon role="alert" title={problem} style={{ marginBottom: 16 }} /> : null}
            <Button type="primary" htmlType="submit" size="large" icon={<ShopOutlined {...decorativeIcon} />} loading={sale.isPending}>
              Record counter sale
            </Button>
          </Form>
        )}
      </Card>
    </>
  );
}
