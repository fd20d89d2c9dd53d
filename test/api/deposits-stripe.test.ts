import { jest } from '@jest/globals';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { depositMovements, deposits } from '../../src/database/schema/deposits.js';
import { domainEvents } from '../../src/database/schema/notifications.js';
import { PaymentGateways } from '../../src/modules/payments/payment-gateways.js';
import { StripeGateway } from '../../src/modules/payments/stripe.gateway.js';
import { DepositsService, STUCK_AFTER_MS } from '../../src/modules/rentals/deposits/deposits.service.js';
import { createBike } from '../support/bike-factories.js';
import { createUser } from '../support/factories.js';
import { renderedOutbox } from '../support/outbox.js';
import { HOUR, MINUTE, rentalTestEnv, clockAt } from '../support/rental-factories.js';
import { useTestApp } from '../support/test-app.js';

/**
 * Issue 21: a deposit hold the customer's bank wants authenticated, on Stripe (its network calls mocked with
 * answers shaped as Stripe's API reference gives them). Stripe leaves such an off-session PaymentIntent in
 * requires_payment_method with last_payment_error.code authentication_required and hands out no lasting link, so
 * the shop sends its own signed link; following it confirms the hold on-session with a return_url, which makes
 * Stripe answer with its 3-D Secure page; coming back records the hold.
 */
describe('Deposits on Stripe: a hold the bank asks the customer to confirm', () => {
  const WEBHOOK_SECRET = 'whsec_deposits_test';
  const t = useTestApp({ ...rentalTestEnv, PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_offline', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
  let stripe: StripeGateway;
  beforeAll(() => {
    stripe = t.app.get(PaymentGateways).current() as StripeGateway;
  });
  afterEach(() => jest.restoreAllMocks());

  const intentAwaitingCustomer = {
    id: 'pi_action_1',
    object: 'payment_intent',
    status: 'requires_payment_method',
    capture_method: 'manual',
    last_payment_error: { type: 'card_error', code: 'authentication_required', payment_method: { id: 'pm_1Pcard', object: 'payment_method' } },
  };

  it('keeps waiting for the customer (not failed), sends a signed shop link, redirects to 3-D Secure and records the hold on return', async () => {
    const user = await createUser(t);
    const bike = await createBike(t, { depositAmountCents: 12000 });

    // The booking fee through Checkout saves the card (checkout.session.completed, signed).
    jest.spyOn(stripe.client.checkout.sessions, 'create').mockResolvedValue({ id: 'cs_dep_1', url: 'https://checkout.stripe.com/c/pay/cs_dep_1' } as never);
    const at = clockAt(t);
    const [start, end] = [at(HOUR), at(5 * HOUR)];
    const booked = await t.http().post('/api/rentals').set('Authorization', user.bearer).send({ bikeId: bike.id, startTime: start, endTime: end, quantity: 1 }).expect(201);
    const rentalId = booked.body.data.rental._id as string;
    const paymentId = booked.body.data.payment._id as string;
    const event = {
      id: 'evt_dep_paid',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_dep_1', object: 'checkout.session', payment_status: 'paid', client_reference_id: paymentId, metadata: { paymentId } } },
    };
    const payload = JSON.stringify(event);
    await t
      .http()
      .post('/api/payments/webhook/stripe')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', stripe.client.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }))
      .send(payload)
      .expect(200);

    // The hold: Stripe wants the cardholder (authentication_required).
    jest.spyOn(stripe.client.checkout.sessions, 'retrieve').mockResolvedValue({
      id: 'cs_dep_1',
      object: 'checkout.session',
      customer: 'cus_dep',
      payment_intent: { id: 'pi_fee', object: 'payment_intent', status: 'succeeded', payment_method: 'pm_1Pcard' },
    } as never);
    jest
      .spyOn(stripe.client.paymentIntents, 'create')
      .mockRejectedValue(Stripe.errors.StripeError.generate({ type: 'card_error', code: 'authentication_required', message: 'This payment requires authentication.', payment_intent: intentAwaitingCustomer } as never) as never);
    const service = t.app.get(DepositsService);
    await service.runDue();
    const [hold] = await t.db.select().from(depositMovements).where(eq(depositMovements.rentalId, rentalId));
    expect(hold).toMatchObject({ kind: 'hold', status: 'requires_action', providerRef: 'pi_action_1' });
    const link = new URL(hold.actionUrl!);
    expect(link.pathname).toBe(`/api/rentals/deposits/confirm/${hold.id}`);
    expect(link.searchParams.get('sig')).toMatch(/^[\w-]{43}$/);
    const mine = await t.http().get('/api/rentals').set('Authorization', user.bearer).expect(200);
    expect((mine.body.data as { _id: string; deposit: Record<string, unknown> }[]).find((r) => r._id === rentalId)!.deposit).toMatchObject({ status: 'pending', actionUrl: hold.actionUrl });
    const mail = (await renderedOutbox(t)).find((e) => e.kind === 'deposit_confirmation_needed');
    expect(mail?.textBody).toContain(`${link.pathname}${link.search}`);

    // The scheduler looks again later: Stripe still says requires_payment_method (awaiting the customer), which is
    // not a failure. (It was read as "failed" before: the deposit failed two minutes after the email went out.)
    const retrieve = jest.spyOn(stripe.client.paymentIntents, 'retrieve').mockResolvedValue(intentAwaitingCustomer as never);
    t.clock.advance(STUCK_AFTER_MS + MINUTE);
    await service.runDue();
    expect((await t.db.select().from(deposits).where(eq(deposits.rentalId, rentalId)))[0]).toMatchObject({ status: 'pending', attention: 'requires_action' });
    expect((await t.db.select().from(depositMovements).where(eq(depositMovements.id, hold.id)))[0].status).toBe('requires_action');

    // A link that is not the shop's: 404, and Stripe is not asked.
    const confirm = jest.spyOn(stripe.client.paymentIntents, 'confirm');
    await t.http().get(`${link.pathname}?sig=${'A'.repeat(43)}`).expect(404);
    await t.http().get(link.pathname).expect(404);
    expect(confirm).not.toHaveBeenCalled();

    // The customer follows the link: confirmed on-session with the same card and a return URL; off to 3-D Secure.
    const threeDs = 'https://hooks.stripe.com/3d_secure_2/hosted?merchant=acct_1&payment_intent=pi_action_1';
    confirm.mockResolvedValue({ id: 'pi_action_1', object: 'payment_intent', status: 'requires_action', next_action: { type: 'redirect_to_url', redirect_to_url: { url: threeDs, return_url: 'x' } } } as never);
    const started = await t.http().get(`${link.pathname}${link.search}`).expect(303);
    expect(started.headers.location).toBe(threeDs);
    const [ref, params] = confirm.mock.calls[0] as unknown as [string, { payment_method: string; return_url: string }];
    expect(ref).toBe('pi_action_1');
    expect(params.payment_method).toBe('pm_1Pcard');
    const back = new URL(params.return_url);
    expect(back.pathname).toBe(`/api/rentals/deposits/confirm/${hold.id}/return`);

    // Back from the bank: the hold is authorised (requires_capture) and recorded.
    retrieve.mockResolvedValue({
      id: 'pi_action_1',
      object: 'payment_intent',
      status: 'requires_capture',
      capture_method: 'manual',
      latest_charge: { id: 'ch_1', object: 'charge', payment_method_details: { card: { capture_before: Math.floor(t.clock.now().getTime() / 1000) + 7 * 86400, extended_authorization: { status: 'disabled' } } } },
    } as never);
    const returned = await t.http().get(`${back.pathname}${back.search}`).expect(303);
    expect(returned.headers.location).toBe('/dashboard/rentals');
    expect((await t.db.select().from(deposits).where(eq(deposits.rentalId, rentalId)))[0]).toMatchObject({ status: 'held', heldMinor: 12000, holdId: hold.id, attention: null });
    const events = (await t.db.select({ type: domainEvents.type }).from(domainEvents)).map((e) => e.type);
    expect(events).toContain('deposit.held');

    // The link once more: nothing left to confirm, straight to My Rentals.
    const again = await t.http().get(`${link.pathname}${link.search}`).expect(303);
    expect(again.headers.location).toBe('/dashboard/rentals');
    expect(confirm).toHaveBeenCalledTimes(1);
  });
});
