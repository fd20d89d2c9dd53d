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
