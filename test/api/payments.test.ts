import { jest } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { paymentNotifications, payments } from '../../src/database/schema/payments.js';
import { PaymentGateways } from '../../src/modules/payments/payment-gateways.js';
import { signSandboxPayload } from '../../src/modules/payments/sandbox-signature.js';
import { StripeGateway } from '../../src/modules/payments/stripe.gateway.js';
import { createBike } from '../support/bike-factories.js';
import { createUser } from '../support/factories.js';
import {
  book,
  countRows,
  MINUTE,
  pathOf,
  paymentsOf,
  postSandboxWebhook,
  rentalById,
  rentalTestEnv,
  sandboxNotification,
  sessionRefOf,
  stockOf,
} from '../support/rental-factories.js';
import { useTestApp } from '../support/test-app.js';

describe('Payments API', () => {
  const t = useTestApp(rentalTestEnv);

  /** A pending booking of 2 units out of 3. */
  async function pendingBooking() {
    const user = await createUser(t);
    const bike = await createBike(t, { quantity: 3 });
    const res = await book(t, user, bike.id, { quantity: 2 }).expect(201);
    return { user, bike, rentalId: res.body.data.rental._id as string, paymentId: res.body.data.payment._id as string, url: res.body.data.payment_url as string };
  }

  it('processes the same notification once: 5 at once and 5 in a row change the state once and record one row', async () => {
    const { bike, rentalId, paymentId, url } = await pendingBooking();
    const n = sandboxNotification(t, sessionRefOf(url), 'payment.succeeded', { id: 'evt_same_1' });

    const burst = await Promise.all(Array.from({ length: 5 }, () => postSandboxWebhook(t, n)));
    const serial = [];
    for (let i = 0; i < 5; i++) serial.push(await postSandboxWebhook(t, n));
    const all = [...burst, ...serial];
    expect(all.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(all.filter((r) => r.body.data.changed)).toHaveLength(1);
    expect(all.filter((r) => r.body.message === 'Notification already processed')).toHaveLength(9);
    for (const r of serial) expect(r.body).toMatchObject({ success: true, message: 'Notification already processed', data: { paymentId, status: 'succeeded', changed: false } });

    expect(await countRows(t, paymentNotifications)).toBe(1);
    const [note] = await t.db.select().from(paymentNotifications);
    expect(note).toMatchObject({ provider: 'sandbox', notificationId: 'evt_same_1', paymentId, eventType: 'payment.succeeded' });
    expect((await paymentsOf(t, rentalId))[0].status).toBe('succeeded');
    expect((await rentalById(t, rentalId)).status).toBe('booked');
    expect(await stockOf(t, bike.id)).toBe(1);
  });

  it("a 'failed' after 'succeeded' changes nothing", async () => {
    const { bike, rentalId, url } = await pendingBooking();
    await postSandboxWebhook(t, sandboxNotification(t, sessionRefOf(url), 'payment.succeeded')).expect(200);
    for (const type of ['payment.failed', 'payment.cancelled', 'payment.expired']) {
      const late = await postSandboxWebhook(t, sandboxNotification(t, sessionRefOf(url), type)).expect(200);
      expect(late.body).toMatchObject({ message: 'Notification recorded; the payment was already final', data: { status: 'succeeded', changed: false } });
    }
    expect((await paymentsOf(t, rentalId))[0].status).toBe('succeeded');
    const rental = await rentalById(t, rentalId);
    expect(rental.status).toBe('booked');
    expect(rental.stockReleasedAt).toBeNull();
    expect(await stockOf(t, bike.id)).toBe(1);
    expect(await countRows(t, paymentNotifications)).toBe(4);
  });

  it('concurrent different outcomes: exactly one wins', async () => {
    const { bike, rentalId, url } = await pendingBooking();
    const ref = sessionRefOf(url);
    const results = await Promise.all(
      ['payment.succeeded', 'payment.failed', 'payment.cancelled', 'payment.succeeded', 'payment.failed'].map((type) => postSandboxWebhook(t, sandboxNotification(t, ref, type))),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.data.changed)).toHaveLength(1);
    const rental = await rentalById(t, rentalId);
    const status = (await paymentsOf(t, rentalId))[0].status;
    // A declined or cancelled fee keeps the booking while its hold lasts (issue 20): the units stay taken either way.
    expect(await stockOf(t, bike.id)).toBe(1);
    expect(rental.status).toBe(status === 'succeeded' ? 'booked' : 'pending_fee');
  });

  it('a bad signature answers 400 and changes nothing', async () => {
    const { bike, rentalId, url } = await pendingBooking();
    const ref = sessionRefOf(url);
    const wrongSecret = sandboxNotification(t, ref, 'payment.succeeded', { secret: 'not-the-secret' });
    const res = await postSandboxWebhook(t, wrongSecret).expect(400);
    expect(res.body).toMatchObject({ success: false, code: 'INVALID_SIGNATURE' });

    const good = sandboxNotification(t, ref, 'payment.succeeded');
    const tampered = { body: good.body.replace('payment.succeeded', 'payment.failed'), signature: good.signature };
    await postSandboxWebhook(t, tampered).expect(400);
    await postSandboxWebhook(t, { body: good.body, signature: 'garbage' }).expect(400);
    await postSandboxWebhook(t, { body: good.body, signature: good.signature.replace(/v1=.*/, 'v1=' + '0'.repeat(64)) }).expect(400);
    await t.http().post('/api/payments/webhook/sandbox').set('Content-Type', 'application/json').send(good.body).expect(400);

    expect(await countRows(t, paymentNotifications)).toBe(0);
    expect((await paymentsOf(t, rentalId))[0].status).toBe('pending');
    expect((await rentalById(t, rentalId)).status).toBe('pending_fee');
    expect(await stockOf(t, bike.id)).toBe(1);
  });

  it('a timestamp older than 5 minutes answers 400 and changes nothing', async () => {
    const { rentalId, url } = await pendingBooking();
    const ref = sessionRefOf(url);
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const stale = await postSandboxWebhook(t, sandboxNotification(t, ref, 'payment.succeeded', { timestamp: now - 301 })).expect(400);
    expect(stale.body).toMatchObject({ code: 'INVALID_SIGNATURE', message: 'Signature timestamp is outside the tolerance window' });

    const signedNow = sandboxNotification(t, ref, 'payment.succeeded');
    t.clock.advance(6 * MINUTE);
    await postSandboxWebhook(t, signedNow).expect(400);
    expect(await countRows(t, paymentNotifications)).toBe(0);
    expect((await paymentsOf(t, rentalId))[0].status).toBe('pending');

    await postSandboxWebhook(t, sandboxNotification(t, ref, 'payment.succeeded', { timestamp: now + 240 })).expect(200);
    expect((await paymentsOf(t, rentalId))[0].status).toBe('succeeded');
  });

  it('a notification for a payment whose hold expired changes nothing', async () => {
    const { bike, rentalId, url } = await pendingBooking();
    t.clock.advance(16 * MINUTE);
    await t.http().get('/api/rentals').set('Authorization', (await createUser(t)).bearer).expect(200);
    const late = await postSandboxWebhook(t, sandboxNotification(t, sessionRefOf(url), 'payment.succeeded')).expect(200);
    // Issue 11 item 7: paid after the hold lapsed, the fee is refunded automatically (it stayed 'expired' before).
    expect(late.body.data).toMatchObject({ status: 'refunded', changed: false });
    expect((await rentalById(t, rentalId)).status).toBe('cancelled');
    expect(await stockOf(t, bike.id)).toBe(3);
  });

  it('records notifications that match no payment or settle nothing, and answers 400 to malformed ones', async () => {
    await pendingBooking();
    const unknown = await postSandboxWebhook(t, sandboxNotification(t, 'sbx_' + 'f'.repeat(32))).expect(200);
    expect(unknown.body.data).toEqual({ paymentId: null, status: null, changed: false });
    const { url, rentalId } = await pendingBooking();
    await postSandboxWebhook(t, sandboxNotification(t, sessionRefOf(url), 'payment.viewed')).expect(200);
    expect((await paymentsOf(t, rentalId))[0].status).toBe('pending');
    expect(await countRows(t, paymentNotifications)).toBe(2);

    const created = Math.floor(t.clock.now().getTime() / 1000);
    const body = JSON.stringify({ type: 'payment.succeeded' });
    await t
      .http()
      .post('/api/payments/webhook/sandbox')
      .set('Content-Type', 'application/json')
      .set('Okb-Sandbox-Signature', signSandboxPayload(rentalTestEnv.SANDBOX_WEBHOOK_SECRET, body, created))
      .send(body)
      .expect(400);
  });

  it('serves the sandbox page as HTML only for real sessions and validates the choice', async () => {
    const missing = await t.http().get('/api/payments/sandbox/checkout/sbx_' + '0'.repeat(32)).expect(404);
    expect(missing.headers['content-type']).toMatch(/text\/html/);
    expect(missing.text).toContain('Payment session not found');
    await t.http().get('/api/payments/sandbox/checkout/whatever').expect(404);

    const { url } = await pendingBooking();
    const page = await t.http().get(pathOf(url)).expect(200);
    expect(page.headers['content-security-policy']).toMatch(/form-action 'self'/);
    expect(page.headers['cache-control']).toBe('no-store');
    await t.http().post(pathOf(url)).type('form').send({ outcome: 'refund' }).expect(400);
    await t.http().post(pathOf(url)).type('form').send({ outcome: 'pay', amount: '1' }).expect(400);
  });

  it('disables the Stripe webhook when Stripe is not configured', async () => {
    const res = await t.http().post('/api/payments/webhook/stripe').set('Content-Type', 'application/json').send('{}').expect(404);
    expect(res.body.code).toBe('GATEWAY_NOT_ENABLED');
  });
});

describe('Payments API with Stripe', () => {
  const WEBHOOK_SECRET = 'whsec_api_test_secret';
  let stripe: StripeGateway;
  const t = useTestApp({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_offline', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
  beforeAll(async () => {
    stripe = t.app.get(PaymentGateways).current() as StripeGateway;
  });

  it('books through Stripe Checkout (network call mocked) and settles on a signed event; bad signatures change nothing', async () => {
    const create = jest
      .spyOn(stripe.client.checkout.sessions, 'create')
      .mockResolvedValue({ id: 'cs_test_api_1', url: 'https://checkout.stripe.com/c/pay/cs_test_api_1' } as never);
    const user = await createUser(t);
    const bike = await createBike(t, { name: 'Honda CB', quantity: 2 });
    const res = await book(t, user, bike.id).expect(201);
    expect(res.body.data.payment_url).toBe('https://checkout.stripe.com/c/pay/cs_test_api_1');
    expect(res.body.data.payment.provider).toBe('stripe');
    const paymentId = res.body.data.payment._id;
    const [params] = create.mock.calls[0] as [Record<string, unknown>];
    expect(params).toMatchObject({
      mode: 'payment',
      line_items: [{ price_data: { currency: 'bdt', unit_amount: 10000, product_data: { name: 'Booking fee for Honda CB x1' } }, quantity: 1 }],
      client_reference_id: paymentId,
      metadata: { paymentId },
    });
    expect(params.success_url).toMatch(new RegExp(`/payment/result\\?payment=${paymentId}$`));

    const event = {
      id: 'evt_api_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_test_api_1', object: 'checkout.session', payment_status: 'paid', client_reference_id: paymentId, metadata: { paymentId } } },
    };
    const payload = JSON.stringify(event);
    const send = (signature: string) =>
      t.http().post('/api/payments/webhook/stripe').set('Content-Type', 'application/json').set('Stripe-Signature', signature).send(payload);

    const bad = await send(stripe.client.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' })).expect(400);
    expect(bad.body.code).toBe('INVALID_SIGNATURE');
    await send(stripe.client.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 600 })).expect(400);
    expect(await countRows(t, paymentNotifications)).toBe(0);

    const header = stripe.client.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const ok = await send(header).expect(200);
    expect(ok.body).toMatchObject({ message: 'Notification processed', data: { paymentId, status: 'succeeded', changed: true } });
    await send(header).expect(200);
    expect(await countRows(t, paymentNotifications)).toBe(1);
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({ status: 'succeeded', provider: 'stripe', providerRef: 'cs_test_api_1' });
    expect((await rentalById(t, res.body.data.rental._id)).status).toBe('booked');
    expect(await stockOf(t, bike.id)).toBe(1);
    create.mockRestore();
  });

  it('has no sandbox page when Stripe is the provider', async () => {
    await t.http().get('/api/payments/sandbox/checkout/sbx_' + '0'.repeat(32)).expect(404);
    await postSandboxWebhook(t, sandboxNotification(t, 'sbx_' + '0'.repeat(32))).expect(404);
    const user = await createUser(t);
    const bike = await createBike(t);
    jest.spyOn(stripe.client.checkout.sessions, 'create').mockRejectedValueOnce(new Error('Stripe is down'));
    await book(t, user, bike.id).expect(502);
    expect(await stockOf(t, bike.id)).toBe(3);
  });
});
