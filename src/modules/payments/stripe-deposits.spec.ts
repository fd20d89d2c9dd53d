import { jest } from '@jest/globals';
import Stripe from 'stripe';
import { Clock } from '../../common/clock.js';
import { StripeGateway } from './stripe.gateway.js';

/** Answers as Stripe's API returns them (trimmed to the fields the adapter reads; shapes from the API reference). */
const RECORDED = {
  session: {
    id: 'cs_test_a1',
    object: 'checkout.session',
    customer: 'cus_Q1w2e3r4',
    payment_status: 'paid',
    payment_intent: { id: 'pi_fee_1', object: 'payment_intent', status: 'succeeded', payment_method: 'pm_1Pcard', setup_future_usage: 'off_session' },
  },
  heldIntent: {
    id: 'pi_hold_1',
    object: 'payment_intent',
    amount: 30000,
    amount_capturable: 30000,
    capture_method: 'manual',
    currency: 'usd',
    status: 'requires_capture',
    latest_charge: {
      id: 'ch_hold_1',
      object: 'charge',
      payment_method_details: {
        type: 'card',
        card: { brand: 'visa', capture_before: 1796000000, extended_authorization: { status: 'disabled' } },
      },
    },
  },
  extendedIntent: {
    id: 'pi_hold_2',
    object: 'payment_intent',
    status: 'requires_capture',
    latest_charge: { id: 'ch_2', object: 'charge', payment_method_details: { card: { brand: 'mastercard', capture_before: 1798000000, extended_authorization: { status: 'enabled' } } } },
  },
  captured: { id: 'pi_hold_1', object: 'payment_intent', status: 'succeeded', amount_received: 4500 },
  cancelled: { id: 'pi_hold_1', object: 'payment_intent', status: 'canceled', cancellation_reason: 'abandoned' },
  expired: { id: 'pi_hold_3', object: 'payment_intent', status: 'canceled', cancellation_reason: 'automatic' },
  charged: { id: 'pi_charge_1', object: 'payment_intent', status: 'succeeded' },
  refund: { id: 're_1', object: 'refund', amount: 30000, status: 'succeeded' },
  declined: {
    error: {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
      payment_intent: { id: 'pi_declined_1', object: 'payment_intent', status: 'requires_payment_method' },
    },
  },
  authenticationRequired: {
    error: {
      type: 'card_error',
      code: 'authentication_required',
      message: 'This payment requires authentication.',
      payment_intent: { id: 'pi_action_1', object: 'payment_intent', status: 'requires_payment_method' },
    },
  },
};

const cardError = (raw: { error: Record<string, unknown> }) => Stripe.errors.StripeError.generate(raw.error as never);

const request = {
  key: 'okb-deposit-3f0e1c52-0a4b-4d2e-9f3a-6b7c8d9e0f11',
  amountMinor: 30000,
  currency: 'USD',
  cardRef: 'cs_test_a1',
  initiator: 'merchant' as const,
  description: 'Security deposit, rental r-1',
  metadata: { rentalId: 'r-1', movementId: 'm-1' },
  siteOrigin: 'https://shop.example',
};

describe('Stripe deposits', () => {
  const gateway = new StripeGateway('sk_test_unit', 'whsec_unit', new Clock());
  const deposits = gateway.deposits;
  afterEach(() => jest.restoreAllMocks());

  it('the booking fee checkout saves the card for off-session use; its completion names the session as the saved card', async () => {
    const create = jest.spyOn(gateway.client.checkout.sessions, 'create').mockResolvedValue({ id: 'cs_test_a1', url: 'https://checkout.stripe.com/c/pay/cs_test_a1' } as never);
    await gateway.createCheckout({
      payment: { id: 'p-1', rentalId: 'r-1', amountMinor: 10000, currency: 'USD', expiresAt: null, kind: 'booking_fee' } as never,
      description: 'Booking fee',
      successUrl: 'https://shop.example/ok',
      cancelUrl: 'https://shop.example/ok',
      siteOrigin: 'https://shop.example',
    });
    expect(create.mock.calls[0][0]).toMatchObject({ customer_creation: 'always', payment_intent_data: { setup_future_usage: 'off_session' } });

    const event = { id: 'evt_paid', object: 'event', type: 'checkout.session.completed', data: { object: { ...RECORDED.session, payment_intent: 'pi_fee_1' } } };
    const payload = JSON.stringify(event);
    const header = gateway.client.webhooks.generateTestHeaderString({ payload, secret: 'whsec_unit' });
    expect(gateway.parseNotification(Buffer.from(payload), { 'stripe-signature': header })).toMatchObject({ outcome: 'succeeded', savedCard: 'cs_test_a1' });
  });

  it('places an off-session manual-capture hold with extended authorisation if available, with the idempotency key', async () => {
    const retrieve = jest.spyOn(gateway.client.checkout.sessions, 'retrieve').mockResolvedValue(RECORDED.session as never);
    const create = jest.spyOn(gateway.client.paymentIntents, 'create').mockResolvedValue(RECORDED.heldIntent as never);
    const held = await deposits.placeHold(request);
    expect(retrieve).toHaveBeenCalledWith('cs_test_a1', { expand: ['payment_intent'] });
    const [params, options] = create.mock.calls[0] as unknown as [Record<string, unknown>, Record<string, unknown>];
    expect(params).toMatchObject({
      amount: 30000,
      currency: 'usd',
      customer: 'cus_Q1w2e3r4',
      payment_method: 'pm_1Pcard',
      off_session: true,
      confirm: true,
      capture_method: 'manual',
      payment_method_options: { card: { request_extended_authorization: 'if_available' } },
      metadata: { rentalId: 'r-1', depositMovementId: 'm-1' },
    });
    expect(options).toEqual({ idempotencyKey: request.key });
    expect(held).toEqual({ ref: 'pi_hold_1', status: 'held', captureBefore: new Date(1796000000 * 1000), extended: false });

    create.mockResolvedValue(RECORDED.extendedIntent as never);
    expect(await deposits.placeHold({ ...request, key: 'k2' })).toMatchObject({ status: 'held', extended: true, captureBefore: new Date(1798000000 * 1000) });
  });

  it('reads a decline and authentication_required from the card error', async () => {
    jest.spyOn(gateway.client.checkout.sessions, 'retrieve').mockResolvedValue(RECORDED.session as never);
    const create = jest.spyOn(gateway.client.paymentIntents, 'create').mockRejectedValue(cardError(RECORDED.declined) as never);
    expect(await deposits.placeHold(request)).toEqual({ ref: 'pi_declined_1', status: 'failed', error: 'insufficient_funds' });
    create.mockRejectedValue(cardError(RECORDED.authenticationRequired) as never);
    expect(await deposits.placeHold(request)).toEqual({ ref: 'pi_action_1', status: 'requires_action' });
    create.mockRejectedValue(new Stripe.errors.StripeConnectionError({ message: 'network down' }) as never);
    await expect(deposits.placeHold(request)).rejects.toThrow(/network down/);
  });

  it('captures with amount_to_capture, releases by cancelling, reads expiry, charges and refunds: each with its key', async () => {
    const capture = jest.spyOn(gateway.client.paymentIntents, 'capture').mockResolvedValue(RECORDED.captured as never);
    await deposits.captureHold({ key: 'k-cap', ref: 'pi_hold_1', amountMinor: 4500, currency: 'USD' });
    expect(capture).toHaveBeenCalledWith('pi_hold_1', { amount_to_capture: 4500 }, { idempotencyKey: 'k-cap' });

    const cancel = jest.spyOn(gateway.client.paymentIntents, 'cancel').mockResolvedValue(RECORDED.cancelled as never);
    await deposits.releaseHold({ key: 'k-rel', ref: 'pi_hold_1' });
    expect(cancel).toHaveBeenCalledWith('pi_hold_1', { cancellation_reason: 'abandoned' }, { idempotencyKey: 'k-rel' });

    jest.spyOn(gateway.client.paymentIntents, 'retrieve').mockResolvedValue(RECORDED.expired as never);
    expect(await deposits.holdStatus('pi_hold_3')).toEqual({ ref: 'pi_hold_3', status: 'expired' });

    jest.spyOn(gateway.client.checkout.sessions, 'retrieve').mockResolvedValue(RECORDED.session as never);
    const create = jest.spyOn(gateway.client.paymentIntents, 'create').mockResolvedValue(RECORDED.charged as never);
    expect(await deposits.chargeOffSession({ ...request, key: 'k-charge' })).toEqual({ ref: 'pi_charge_1', status: 'succeeded' });
    const [params, options] = create.mock.calls[0] as unknown as [Record<string, unknown>, Record<string, unknown>];
    expect(params).toMatchObject({ off_session: true, confirm: true, amount: 30000 });
    expect(params.capture_method).toBeUndefined();
    expect(options).toEqual({ idempotencyKey: 'k-charge' });

    const refund = jest.spyOn(gateway.client.refunds, 'create').mockResolvedValue(RECORDED.refund as never);
    expect(await deposits.refundCharge({ key: 'k-ref', ref: 'pi_charge_1', amountMinor: 25500, currency: 'USD' })).toEqual({ refundRef: 're_1' });
    expect(refund).toHaveBeenCalledWith({ payment_intent: 'pi_charge_1', amount: 25500 }, { idempotencyKey: 'k-ref' });
  });

  it('sends Stripe its own minor units (issue 27): JPY as is, KWD in fils ending in 0; a KWD amount Stripe cannot take exactly is refused', async () => {
    jest.spyOn(gateway.client.checkout.sessions, 'retrieve').mockResolvedValue(RECORDED.session as never);
    const create = jest.spyOn(gateway.client.paymentIntents, 'create').mockResolvedValue(RECORDED.charged as never);
    await deposits.chargeOffSession({ ...request, key: 'k-jpy', amountMinor: 4800, currency: 'JPY' });
    expect(create.mock.calls.at(-1)![0]).toMatchObject({ amount: 4800, currency: 'jpy' });
    await deposits.chargeOffSession({ ...request, key: 'k-kwd', amountMinor: 12_340, currency: 'KWD' });
    expect(create.mock.calls.at(-1)![0]).toMatchObject({ amount: 12_340, currency: 'kwd' });
    const calls = create.mock.calls.length;
    await expect(deposits.chargeOffSession({ ...request, key: 'k-kwd-odd', amountMinor: 12_345, currency: 'KWD' })).rejects.toThrow(/multiples of 10/);
    expect(create.mock.calls.length).toBe(calls);

    const capture = jest.spyOn(gateway.client.paymentIntents, 'capture').mockResolvedValue(RECORDED.captured as never);
    await deposits.captureHold({ key: 'k-cap-kwd', ref: 'pi_hold_1', amountMinor: 2_500, currency: 'KWD' });
    expect(capture).toHaveBeenLastCalledWith('pi_hold_1', { amount_to_capture: 2_500 }, { idempotencyKey: 'k-cap-kwd' });
    await deposits.captureHold({ key: 'k-cap-jpy', ref: 'pi_hold_1', amountMinor: 2_501, currency: 'JPY' });
    expect(capture).toHaveBeenLastCalledWith('pi_hold_1', { amount_to_capture: 2_501 }, { idempotencyKey: 'k-cap-jpy' });
    await expect(deposits.captureHold({ key: 'k-cap-kwd2', ref: 'pi_hold_1', amountMinor: 2_501, currency: 'KWD' })).rejects.toThrow(/multiples of 10/);
    const refund = jest.spyOn(gateway.client.refunds, 'create').mockResolvedValue(RECORDED.refund as never);
    await deposits.refundCharge({ key: 'k-ref-isk', ref: 'pi_charge_1', amountMinor: 500, currency: 'ISK' });
    expect(refund).toHaveBeenLastCalledWith({ payment_intent: 'pi_charge_1', amount: 50_000 }, { idempotencyKey: 'k-ref-isk' });
  });
});
