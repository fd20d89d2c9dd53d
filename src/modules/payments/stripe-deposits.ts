import Stripe from 'stripe';
import { DepositChargeResult, DepositGateway, DepositHoldRequest, DepositHoldResult, stripeUnits } from './payment-gateway.js';

/** Stripe's card errors that mean the bank wants the customer (3-D Secure) rather than a decline. */
const ACTION_CODES = new Set(['authentication_required']);

/**
 * Deposits on Stripe: the booking fee's Checkout saved the card (setup_future_usage=off_session); holds are
 * off-session PaymentIntents with capture_method=manual and extended authorisation where the card allows it;
 * captured with amount_to_capture (the rest released), released by cancelling. Every call has an idempotency key.
 */
export class StripeDepositGateway implements DepositGateway {
  constructor(private readonly client: Stripe) {}

  /** The customer and card saved by the booking fee's Checkout Session (its id is the savedCard). */
  private async savedCard(sessionId: string): Promise<{ customer: string; paymentMethod: string }> {
    const session = await this.client.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent'] });
    const intent = session.payment_intent as Stripe.PaymentIntent | string | null;
    const customer = typeof session.customer === 'string' ? session.customer : session.customer?.id;
    const paymentMethod = intent && typeof intent !== 'string' ? (typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id) : undefined;
    if (!customer || !paymentMethod) throw new Error(`checkout session ${sessionId} saved no card for later use`);
    return { customer, paymentMethod };
  }

  private intentParams(request: DepositHoldRequest, card: { customer: string; paymentMethod: string }) {
    return {
      amount: stripeUnits(request.amountMinor, request.currency),
      currency: request.currency.toLowerCase(),
      customer: card.customer,
      payment_method: card.paymentMethod,
      off_session: true,
      confirm: true,
      description: request.description,
      metadata: { rentalId: request.metadata.rentalId, depositMovementId: request.metadata.movementId },
    } satisfies Stripe.PaymentIntentCreateParams;
  }

  async placeHold(request: DepositHoldRequest): Promise<DepositHoldResult> {
    const card = await this.savedCard(request.cardRef);
    try {
      const intent = await this.client.paymentIntents.create(
        {
          ...this.intentParams(request, card),
          capture_method: 'manual',
          payment_method_options: { card: { request_extended_authorization: 'if_available' } },
          expand: ['latest_charge'],
        },
        { idempotencyKey: request.key },
      );
      return toHold(intent);
    } catch (e) {
      return declined(e);
    }
  }

  async holdStatus(ref: string): Promise<DepositHoldResult> {
    return toHold(await this.client.paymentIntents.retrieve(ref, { expand: ['latest_charge'] }));
  }

  async captureHold({ key, ref, amountMinor, currency }: { key: string; ref: string; amountMinor: number; currency: string }): Promise<void> {
    await this.client.paymentIntents.capture(ref, { amount_to_capture: stripeUnits(amountMinor, currency) }, { idempotencyKey: key });
  }

  async releaseHold({ key, ref }: { key: string; ref: string }): Promise<void> {
    try {
      await this.client.paymentIntents.cancel(ref, { cancellation_reason: 'abandoned' }, { idempotencyKey: key });
    } catch (e) {
      // Already cancelled (expired at the network): nothing is held any more.
      if ((e as { code?: string }).code === 'payment_intent_unexpected_state' && (await this.client.paymentIntents.retrieve(ref)).status === 'canceled') return;
      throw e;
    }
  }

  async chargeOffSession(request: DepositHoldRequest): Promise<DepositChargeResult> {
    const card = await this.savedCard(request.cardRef);
    try {
      const intent = await this.client.paymentIntents.create(this.intentParams(request, card), { idempotencyKey: request.key });
      return { ref: intent.id, status: intent.status === 'succeeded' ? 'succeeded' : intent.status === 'requires_action' ? 'requires_action' : 'failed' };
    } catch (e) {
      const d = declined(e);
      return { ref: d.ref, status: d.status === 'requires_action' ? 'requires_action' : 'failed', error: d.error };
    }
  }

  async refundCharge({ key, ref, amountMinor, currency }: { key: string; ref: string; amountMinor: number; currency: string }): Promise<{ refundRef: string }> {
    const refund = await this.client.refunds.create({ payment_intent: ref, amount: stripeUnits(amountMinor, currency) }, { idempotencyKey: key });
    return { refundRef: refund.id };
  }

  /**
   * An off-session hold that needed authentication is left by Stripe in requires_payment_method: confirm it again,
   * on-session now, with the same card and a return_url, so Stripe answers with its 3-D Secure page
   * (next_action.redirect_to_url) instead of needing Stripe.js. Already awaiting the customer: the same page.
   */
  async startConfirmation({ ref, returnUrl }: { ref: string; returnUrl: string }): Promise<{ redirectUrl?: string; result: DepositHoldResult }> {
    let intent = await this.client.paymentIntents.retrieve(ref, { expand: ['latest_charge'] });
    if (intent.status === 'requires_payment_method' || intent.status === 'requires_confirmation') {
      const method = intent.last_payment_error?.payment_method?.id ?? (typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id);
      intent = await this.client.paymentIntents.confirm(ref, { payment_method: method, return_url: returnUrl, expand: ['latest_charge'] });
    }
    const redirectUrl = intent.status === 'requires_action' ? (intent.next_action?.redirect_to_url?.url ?? undefined) : undefined;
    return { redirectUrl, result: toHold(intent) };
  }
}

function toHold(intent: Stripe.PaymentIntent): DepositHoldResult {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const card = charge?.payment_method_details?.card;
  const captureBefore = card?.capture_before ? new Date(card.capture_before * 1000) : undefined;
  const extended = card?.extended_authorization?.status === 'enabled';
  switch (intent.status) {
    case 'requires_capture':
      return { ref: intent.id, status: 'held', captureBefore, extended };
    case 'requires_action':
    case 'requires_confirmation':
      return { ref: intent.id, status: 'requires_action', actionUrl: intent.next_action?.redirect_to_url?.url ?? undefined };
    case 'canceled':
      return { ref: intent.id, status: intent.cancellation_reason === 'automatic' ? 'expired' : 'released' };
    case 'requires_payment_method':
      // An off-session attempt the bank wants authenticated leaves the intent here, waiting for the customer.
      if (intent.last_payment_error?.code && ACTION_CODES.has(intent.last_payment_error.code)) return { ref: intent.id, status: 'requires_action', actionUrl: undefined };
      return { ref: intent.id, status: 'failed', error: intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? intent.status };
    case 'succeeded':
      return { ref: intent.id, status: 'captured' };
    default:
      return { ref: intent.id, status: 'failed', error: intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? intent.status };
  }
}

/** A card error: a decline, or authentication_required (the intent then waits for the customer). */
function declined(e: unknown): DepositHoldResult {
  // Read by shape: the SDK's error classes differ between its CommonJS and ESM builds.
  const err = e as { type?: string; rawType?: string; code?: string; decline_code?: string; raw?: { payment_intent?: Stripe.PaymentIntent } } | null;
  if (!err || (err.type !== 'StripeCardError' && err.rawType !== 'card_error')) throw e;
  const ref = err.raw?.payment_intent?.id ?? '';
  if (err.code && ACTION_CODES.has(err.code)) return { ref, status: 'requires_action' };
  return { ref, status: 'failed', error: err.decline_code ?? err.code ?? 'card_declined' };
}
