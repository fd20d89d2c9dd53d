import { ShopOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Checkbox, Form, Input, InputNumber, Radio } from 'antd';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { useQuote } from '../../api/bikes.js';
import { isApiError } from '../../api/http.js';
import { newIdempotencyKey, useCounterSale, type CounterPaymentMethod, type Rental } from '../../api/rentals.js';
import { useShopTimeZone } from '../../app/app-settings.js';
import { useLocale, useT, type MessageId } from '../../app/i18n.js';
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
import { DateTimeInput } from '../../components/DateTimeInput.js';

const METHOD_LABEL: Record<CounterPaymentMethod, MessageId> = { cash: 'fleet.sale.cash', card_terminal: 'fleet.sale.cardTerminal' };

function SaleDone({ rental, method, onNext }: { rental: Rental; method: CounterPaymentMethod; onNext(): void }) {
  const t = useT();
  const intl = useIntl();
  const locale = useLocale();
  const money = (amount: number) => formatMoney(amount, rental.currency, locale);
  const start = () => <DateTime key="start" value={rental.startTime} />;
  const end = () => <DateTime key="end" value={rental.endTime} />;
  return (
    <Alert
      className="counter-sale-done"
      type="success"
      showIcon
      role="status"
      title={t('fleet.sale.booked', { count: rental.quantity, bike: rental.bikeId.name, name: rental.userId.name })}
      description={
        <>
          {rental.endTime ? intl.formatMessage({ id: 'fleet.sale.fromTo' }, { start, end }) : intl.formatMessage({ id: 'fleet.sale.fromOpen' }, { start })}{' '}
          {rental.totalPaid
            ? t('fleet.sale.paid', { amount: money(rental.totalPaid), method: t(METHOD_LABEL[method]) })
            : rental.totalCost > 0
              ? t('fleet.sale.toPay', { amount: money(rental.totalCost) })
              : t('fleet.sale.atReturn')}
          {rental.units?.length ? ` ${t('fleet.sale.handOver', { units: rental.units.map((u) => u.label).join(', ') })}` : ''}
          {rental.addons?.length ? ` ${t('fleet.sale.with', { addons: rental.addons.map((a) => a.label).join(', ') })}` : ''}
        </>
      }
      action={
        <Button size="small" onClick={onNext}>
          {t('fleet.sale.next')}
        </Button>
      }
    />
  );
}

/** /dashboard/counter (admin): book for a customer in the shop, without the online booking fee; record a payment taken there. */
export default function CounterSalePage({ embedded = false }: { embedded?: boolean }) {
  const t = useT();
  const locale = useLocale();
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
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) return setProblem(t('fleet.sale.emailNeeded'));
    if (!bikeId) return setProblem(t('fleet.sale.bikeNeeded'));
    if (!startIso) return setProblem(t('fleet.sale.startNeeded'));
    if (end && (!endIso || new Date(endIso) <= new Date(startIso))) return setProblem(t('fleet.sale.returnAfterStart'));
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
          notify.success(t('fleet.sale.recorded'));
          setDone(rental);
        },
        onError: (error) => {
          setKey(newIdempotencyKey());
          setProblem(
            isApiError(error) && error.status === 409 && error.code !== 'ADDON_OUT_OF_STOCK'
              ? t('fleet.sale.rented')
              : isApiError(error) && error.status === 404
                ? t('fleet.sale.noCustomer')
                : isApiError(error) && error.kind === 'http'
                  ? error.message
                  : t('fleet.sale.failed'),
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
        title={t('fleet.counterSale')}
        lead={t('fleet.sale.lead')}
        extra={bikeId ? <ButtonLink to={`/dashboard/fleet/${encodeURIComponent(bikeId)}`}>{t('fleet.sale.fleetOfBike')}</ButtonLink> : null}
      />}
      <Card>
        {done ? (
          <SaleDone rental={done} method={method} onNext={next} />
        ) : (
          <Form layout="vertical" className="counter-form" onFinish={submit} requiredMark={false}>
            <Form.Item label={t('fleet.sale.email')} htmlFor={ids.email}>
              <Input id={ids.email} type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} aria-required />
            </Form.Item>
            <Form.Item label={t('fleet.bike')} htmlFor={ids.bike}>
              <BikePicker id={ids.bike} value={bikeId || undefined} onChange={setBikeId} />
            </Form.Item>
            <Form.Item label={t('fleet.sale.quantity')} htmlFor={ids.quantity}>
              <InputNumber id={ids.quantity} min={1} max={MAX_UNITS_PER_BOOKING} precision={0} value={quantity} onChange={(v) => setQuantity(typeof v === 'number' ? v : 1)} />
            </Form.Item>
            <div className="book-now-times">
              <Form.Item label={t('fleet.sale.start')} htmlFor={ids.start}>
                <DateTimeInput id={ids.start} value={start} onChange={(e) => setStart(e.target.value)} aria-required />
              </Form.Item>
              <Form.Item label={t('fleet.sale.return')} htmlFor={ids.end}>
                <DateTimeInput id={ids.end} value={end} min={start} onChange={(e) => setEnd(e.target.value)} />
              </Form.Item>
            </div>
            <p className="book-now-zone">{t('fleet.sale.zone', { zone: zoneLabel(new Date(), zone) })}</p>
            {windowValid ? (
              <AddonPicker addons={bikeAddons.data} loading={bikeAddons.isLoading} error={bikeAddons.error} picks={picks} onChange={setPicks} disabled={sale.isPending} />
            ) : null}
            {windowValid ? <QuoteSummary quote={quote} quantity={quantity} /> : null}
            <Form.Item label={t('fleet.sale.method')}>
              <Radio.Group
                id={ids.method}
                value={method}
                onChange={(e) => setMethod(e.target.value as CounterPaymentMethod)}
                options={[
                  { value: 'cash', label: t('fleet.sale.cash') },
                  { value: 'card_terminal', label: t('fleet.sale.cardTerminal') },
                ]}
              />
            </Form.Item>
            {quote.data && quote.data.deposit.amount > 0 ? (
              <Form.Item label={t('fleet.sale.depositBy', { amount: formatMoney(quote.data.deposit.amount, quote.data.deposit.currency, locale) })}>
                <Radio.Group
                  value={depositMethod}
                  onChange={(e) => setDepositMethod(e.target.value as CounterPaymentMethod)}
                  options={[
                    { value: 'cash', label: t('fleet.sale.cashDeposit') },
                    { value: 'card_terminal', label: t('fleet.sale.cardDeposit') },
                  ]}
                />
              </Form.Item>
            ) : null}
            <Form.Item>
              <Checkbox checked={paid} onChange={(e) => setPaid(e.target.checked)}>
                {t('fleet.sale.paidHere')}
                {end ? '' : ` ${t('fleet.sale.openPaidAtReturn')}`}
              </Checkbox>
            </Form.Item>
            {problem ? <Alert type="error" showIcon role="alert" title={problem} style={{ marginBottom: 16 }} /> : null}
            <Button type="primary" htmlType="submit" size="large" icon={<ShopOutlined {...decorativeIcon} />} loading={sale.isPending}>
              {t('fleet.sale.submit')}
            </Button>
          </Form>
        )}
      </Card>
    </>
  );
}
