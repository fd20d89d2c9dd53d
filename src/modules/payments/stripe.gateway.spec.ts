import { BadRequestException } from '@nestjs/common';
import { jest } from '@jest/globals';
import { Clock } from '../../common/clock.js';
import type { PaymentRow } from '../../database/schema/payments.js';
import { StripeGateway } from './stripe.gateway.js';

const SECRET = 'whsec_unit_test_secret';

const payment = (over: Partial<PaymentRow> = {}): PaymentRow => ({
  id: '3f0e1c52-0a4b-4d2e-9f3a-6b7c8d9e0f11',
  rentalId: '0c5b7a8e-1d2f-4e3a-8b9c-0d1e2f3a4b5c',
  userId: '0b6f1d9e-7c1a-4f3e-9a51-2f0c8d1e4b7a',
  kind: 'booking_fee',
  amountMinor: 10000,
  currency: 'BDT',
  status: 'pending',
  provider: 'stripe',
  providerRef: null,
  checkoutUrl: null,
  createdAt: new Date(),
  refundedAt: null,
  attention: null,
  paidAfterCloseAt: null,
  expiresAt: new Date(Date.now() + 15 * 60_000),
  completedAt: null,
  giftCardId: null,
  giftCardMinor: 0,
  soldGiftCardId: null,
  ...over,
});

function signed(gateway: StripeGateway, event: Record<string, unknown>, opts: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const header = gateway.client.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? SECRET, timestamp: opts.timestamp });
  return { raw: Buffer.from(payload), headers: { 'stripe-signature': header } };
}

const sessionEvent = (type: string, session: Record<string, unknown>) => ({
  id: `evt_${type.replace(/\W/g, '_')}`,
  object: 'event',
  type,
  data: { object: { object: 'checkout.session', id: 'cs_test_1', ...session } },
});

describe(StripeGateway.name, () => {
  const clock = new Clock();
  const gateway = new StripeGateway('sk_test_unit', SECRET, clock);

  it('opens a Checkout Session with the amount, currency, references and an expiry Stripe accepts', async () => {
    const create = jest
      .spyOn(gateway.client.checkout.sessions, 'create')
      .mockResolvedValue({ id: 'cs_test_1', url: 'https://checkout.stripe.com/c/pay/cs_test_1' } as never);
    const p = payment();
    const session = await gateway.createCheckout({
      payment: p,
      description: 'Booking fee for Yamaha R15 x2',
      successUrl: 'https://shop.example/payment/result?payment=1',
      cancelUrl: 'https://shop.example/payment/result?payment=1',
      siteOrigin: 'https://shop.example',
    });
    expect(session).toEqual({ providerRef: 'cs_test_1', url: 'https://checkout.stripe.com/c/pay/cs_test_1' });
    const [params, options] = create.mock.calls[0] as [Record<string, unknown>, Record<string, unknown>];
    expect(params).toMatchObject({
      mode: 'payment',
      line_items: [{ price_data: { currency: 'bdt', unit_amount: 10000, product_data: { name: 'Booking fee for Yamaha R15 x2' } }, quantity: 1 }],
      success_url: 'https://shop.example/payment/result?payment=1',
      client_reference_id: p.id,
      metadata: { paymentId: p.id },
    });
    const now = Math.floor(Date.now() / 1000);
    expect(params.expires_at).toBeGreaterThanOrEqual(now + 30 * 60);
    expect(params.expires_at).toBeLessThanOrEqual(now + 24 * 3600);
    expect(options).toEqual({ idempotencyKey: `okb-checkout-${p.id}` });
  });

  it('charges what a gift card leaves: the amount less its gift-card part; a gift card sale saves no card', async () => {
    const create = jest
      .spyOn(gateway.client.checkout.sessions, 'create')
      .mockResolvedValue({ id: 'cs_test_2', url: 'https://checkout.stripe.com/c/pay/cs_test_2' } as never);
    const request = { description: 'Rental', successUrl: 'https://shop.example/r', cancelUrl: 'https://shop.example/r', siteOrigin: 'https://shop.example' };
    await gateway.createCheckout({ ...request, payment: payment({ kind: 'rental', currency: 'USD', amountMinor: 3000, giftCardId: '5b1f0e8a-2c3d-4e5f-8a9b-0c1d2e3f4a5b', giftCardMinor: 1200 }) });
    const [params] = create.mock.calls.at(-1) as [Record<string, unknown>];
    expect(params).toMatchObject({ line_items: [{ price_data: { currency: 'usd', unit_amount: 1800 } }], payment_intent_data: { setup_future_usage: 'off_session' } });
    await gateway.createCheckout({ ...request, payment: payment({ kind: 'gift_card', rentalId: null, soldGiftCardId: '5b1f0e8a-2c3d-4e5f-8a9b-0c1d2e3f4a5b', currency: 'USD', amountMinor: 5000 }) });
    const [sale] = create.mock.calls.at(-1) as [{ payment_intent_data: Record<string, unknown>; metadata: Record<string, unknown> }];
    expect(sale.payment_intent_data.setup_future_usage).toBeUndefined();
    expect(sale.metadata).toMatchObject({ kind: 'gift_card', rentalId: '' });
  });

  it('gives Checkout its unit_amount in Stripe\'s minor units (issue 27): JPY 4800 as 4800, KWD 12.340 as 12340; 12.345 KWD is refused', async () => {
    const create = jest
      .spyOn(gateway.client.checkout.sessions, 'create')
      .mockResolvedValue({ id: 'cs_test_3', url: 'https://checkout.stripe.com/c/pay/cs_test_3' } as never);
    const request = { description: 'Rental', successUrl: 'https://shop.example/r', cancelUrl: 'https://shop.example/r', siteOrigin: 'https://shop.example' };
    await gateway.createCheckout({ ...request, payment: payment({ kind: 'rental', currency: 'JPY', amountMinor: 4800 }) });
    expect(create.mock.calls.at(-1)![0]).toMatchObject({ line_items: [{ price_data: { currency: 'jpy', unit_amount: 4800 } }] });
    await gateway.createCheckout({ ...request, payment: payment({ kind: 'rental', currency: 'KWD', amountMinor: 12_340 }) });
    expect(create.mock.calls.at(-1)![0]).toMatchObject({ line_items: [{ price_data: { currency: 'kwd', unit_amount: 12_340 } }] });
    const calls = create.mock.calls.length;
    await expect(gateway.createCheckout({ ...request, payment: payment({ kind: 'rental', currency: 'KWD', amountMinor: 12_345 }) })).rejects.toThrow(/multiples of 10/);
    expect(create.mock.calls.length).toBe(calls);
  });

  it("refunds a paid Checkout Session's PaymentIntent through the Refunds API, once per payment", async () => {
    const retrieve = jest.spyOn(gateway.client.checkout.sessions, 'retrieve').mockResolvedValue({ id: 'cs_test_1', payment_intent: 'pi_test_1' } as never);
    const create = jest.spyOn(gateway.client.refunds, 'create').mockResolvedValue({ id: 're_test_1' } as never);
    const p = payment({ providerRef: 'cs_test_1', status: 'succeeded' });
    expect(await gateway.refund(p)).toEqual({ refundRef: 're_test_1' });
    expect(retrieve).toHaveBeenCalledWith('cs_test_1');
    const [params, options] = create.mock.calls[0] as [Record<string, unknown>, Record<string, unknown>];
    expect(params).toMatchObject({ payment_intent: 'pi_test_1', metadata: { paymentId: p.id } });
    expect(options).toEqual({ idempotencyKey: `okb-refund-${p.id}` });
    retrieve.mockResolvedValue({ id: 'cs_test_2', payment_intent: null } as never);
    await expect(gateway.refund(payment({ providerRef: 'cs_test_2' }))).rejects.toThrow(/no payment to refund/);
    await expect(gateway.refund(payment({ providerRef: null }))).rejects.toThrow(/no Stripe checkout session/);
  });

  it('closes a lapsed checkout: expireCheckout expires the session', async () => {
    const expire = jest.spyOn(gateway.client.checkout.sessions, 'expire').mockResolvedValue({ id: 'cs_test_1' } as never);
    await gateway.expireCheckout('cs_test_1');
    expect(expire).toHaveBeenCalledWith('cs_test_1');
  });

  it('reads verified Checkout Session events as outcomes', () => {
    const cases: [string, Record<string, unknown>, string | null][] = [
      ['checkout.session.completed', { payment_status: 'paid' }, 'succeeded'],
      ['checkout.session.completed', { payment_status: 'unpaid' }, null],
      ['checkout.session.async_payment_succeeded', {}, 'succeeded'],
      ['checkout.session.async_payment_failed', {}, 'failed'],
      ['checkout.session.expired', {}, 'expired'],
    ];
    for (const [type, session, outcome] of cases) {
      const { raw, headers } = signed(gateway, sessionEvent(type, { ...session, metadata: { paymentId: 'p-1' } }));
      expect(gateway.parseNotification(raw, headers)).toMatchObject({ eventType: type, providerRef: 'cs_test_1', paymentId: 'p-1', outcome });
    }
    const other = signed(gateway, { id: 'evt_other', object: 'event', type: 'customer.created', data: { object: { object: 'customer', id: 'cus_1' } } });
    expect(gateway.parseNotification(other.raw, other.headers)).toMatchObject({ notificationId: 'evt_other', outcome: null, providerRef: '' });
  });

  it('reads a lapsed deposit hold (payment_intent.canceled, automatic, manual capture) as a hold notice, and no other cancellation', () => {
    const intentEvent = (id: string, intent: Record<string, unknown>) => ({ id, object: 'event', type: 'payment_intent.canceled', data: { object: { object: 'payment_intent', id: 'pi_hold_1', ...intent } } });
    const lapsed = signed(gateway, intentEvent('evt_lapsed', { capture_method: 'manual', cancellation_reason: 'automatic', status: 'canceled' }));
    expect(gateway.parseNotification(lapsed.raw, lapsed.headers)).toMatchObject({ notificationId: 'evt_lapsed', outcome: null, depositHold: { ref: 'pi_hold_1', event: 'expired' } });
    // Our own release (requested_by_customer / no reason) and an automatic-capture intent are not hold lapses.
    for (const intent of [{ capture_method: 'manual', cancellation_reason: 'requested_by_customer' }, { capture_method: 'automatic', cancellation_reason: 'automatic' }]) {
      const other = signed(gateway, intentEvent('evt_other_cancel', intent));
      expect(gateway.parseNotification(other.raw, other.headers).depositHold).toBeUndefined();
    }
  });

  it('refuses a wrong secret, a tampered body, a missing header and a stale timestamp with 400', () => {
    const event = sessionEvent('checkout.session.completed', { payment_status: 'paid' });
    const wrong = signed(gateway, event, { secret: 'whsec_other' });
    expect(() => gateway.parseNotification(wrong.raw, wrong.headers)).toThrow(BadRequestException);

    const good = signed(gateway, event);
    const tampered = Buffer.from(good.raw.toString().replace('paid', 'unpaid'));
    expect(() => gateway.parseNotification(tampered, good.headers)).toThrow(BadRequestException);
    expect(() => gateway.parseNotification(good.raw, {})).toThrow(BadRequestException);

    const stale = signed(gateway, event, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(() => gateway.parseNotification(stale.raw, stale.headers)).toThrow(BadRequestException);
  });

  it('judges the age of a notification by the injectable clock', () => {
    const moved = new Clock();
    const g = new StripeGateway('sk_test_unit', SECRET, moved);
    const { raw, headers } = signed(g, sessionEvent('checkout.session.completed', { payment_status: 'paid' }));
    expect(g.parseNotification(raw, headers).outcome).toBe('succeeded');
    moved.advance(6 * 60_000);
    expect(() => g.parseNotification(raw, headers)).toThrow(BadRequestException);
  });
});
