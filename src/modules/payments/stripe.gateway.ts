import { BadRequestException } from '@nestjs/common';
import type { IncomingHttpHeaders } from 'node:http';
import Stripe from 'stripe';
import { Clock } from '../../common/clock.js';
import type { PaymentRow } from '../../database/schema/payments.js';
import { StripeDepositGateway } from './stripe-deposits.js';
import {
  CheckoutRequest,
  CheckoutSession,
  GatewayNotification,
  NOTIFICATION_TOLERANCE_SECONDS,
  PaymentGateway,
  PaymentOutcome,
  gatewayAmountMinor,
  stripeUnits,
} from './payment-gateway.js';

const MINUTE = 60;
/** Stripe accepts expires_at between 30 minutes and 24 hours ahead. */
const STRIPE_MIN_EXPIRY = 31 * MINUTE;
const STRIPE_MAX_EXPIRY = 23 * 60 * MINUTE;

/** Stripe Checkout through the official SDK; notifications verified with the endpoint's signing secret. */
export class StripeGateway implements PaymentGateway {
  readonly provider = 'stripe' as const;
  /** The SDK client; its network calls are the only thing tests replace. */
  readonly client: Stripe;
  readonly deposits: StripeDepositGateway;

  constructor(
    secretKey: string,
    private readonly webhookSecret: string,
    private readonly clock: Clock,
  ) {
    this.client = new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 15_000, appInfo: { name: 'Okay Bike' } });
    this.deposits = new StripeDepositGateway(this.client);
  }

  async createCheckout({ payment, description, successUrl, cancelUrl }: CheckoutRequest): Promise<CheckoutSession> {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    const wanted = payment.expiresAt ? Math.floor(payment.expiresAt.getTime() / 1000) : now + STRIPE_MAX_EXPIRY;
    const session = await this.client.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            price_data: {
              currency: payment.currency.toLowerCase(),
              unit_amount: stripeUnits(gatewayAmountMinor(payment), payment.currency),
              product_data: { name: description },
            },
            quantity: 1,
          },
        ],
        success_url: successUrl,
        cancel_url: cancelUrl,
        client_reference_id: payment.id,
        // The card is saved for this rental's security deposit (held off-session later); Stripe keeps it, never us.
        customer_creation: 'always',
        // A gift card's sale saves no card (there is no deposit to hold).
        payment_intent_data: {
          ...(payment.kind === 'gift_card' ? {} : { setup_future_usage: 'off_session' as const }),
          metadata: { paymentId: payment.id, rentalId: payment.rentalId ?? '', kind: payment.kind },
        },
        metadata: { paymentId: payment.id, rentalId: payment.rentalId ?? '', kind: payment.kind },
        // A hold shorter than Stripe's minimum is closed early with expireCheckout when the hold ends.
        expires_at: Math.min(Math.max(wanted, now + STRIPE_MIN_EXPIRY), now + STRIPE_MAX_EXPIRY),
      },
      { idempotencyKey: `okb-checkout-${payment.id}` },
    );
    if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
    return { providerRef: session.id, url: session.url };
  }

  parseNotification(rawBody: Buffer, headers: IncomingHttpHeaders): GatewayNotification {
    const signature = headers['stripe-signature'];
    if (!signature) throw new BadRequestException({ message: 'Missing Stripe-Signature header', code: 'INVALID_SIGNATURE' });
    let event: Stripe.Event;
    try {
      event = this.client.webhooks.constructEvent(
        rawBody,
        signature,
        this.webhookSecret,
        NOTIFICATION_TOLERANCE_SECONDS,
        undefined,
        this.clock.now().getTime(),
      );
    } catch (e) {
      throw new BadRequestException({ message: `Invalid Stripe signature: ${(e as Error).message}`, code: 'INVALID_SIGNATURE' });
    }
    let outcome: PaymentOutcome | null = null;
    let session: Stripe.Checkout.Session | undefined;
    switch (event.type) {
      case 'checkout.session.completed':
        session = event.data.object;
        // Delayed methods complete unpaid and settle later through async_payment_succeeded / _failed.
        outcome = session.payment_status === 'unpaid' ? null : 'succeeded';
        break;
      case 'checkout.session.async_payment_succeeded':
        session = event.data.object;
        outcome = 'succeeded';
        break;
      case 'checkout.session.async_payment_failed':
        session = event.data.object;
        outcome = 'failed';
        break;
      case 'checkout.session.expired':
        session = event.data.object;
        outcome = 'expired';
        break;
      case 'payment_intent.canceled': {
        // A deposit hold whose authorisation lapsed: Stripe cancels it with cancellation_reason "automatic".
        const intent = event.data.object;
        if (intent.capture_method === 'manual' && intent.cancellation_reason === 'automatic') {
          return { notificationId: event.id, eventType: event.type, providerRef: '', outcome: null, payload: event, depositHold: { ref: intent.id, event: 'expired' } };
        }
        break;
      }
    }
    return {
      notificationId: event.id,
      eventType: event.type,
      providerRef: session?.id ?? '',
      paymentId: session?.metadata?.paymentId ?? session?.client_reference_id ?? undefined,
      outcome,
      payload: event,
      // The session itself names the saved card: its customer and PaymentIntent's payment method (read at hold time).
      savedCard: outcome === 'succeeded' && session ? session.id : undefined,
    };
  }

  /** Refunds the Checkout Session's PaymentIntent in full (Refunds API); one refund per payment (idempotency key). */
  async refund(payment: PaymentRow): Promise<{ refundRef: string }> {
    if (!payment.providerRef) throw new Error(`payment ${payment.id} has no Stripe checkout session`);
    const session = await this.client.checkout.sessions.retrieve(payment.providerRef);
    const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
    if (!intent) throw new Error(`checkout session ${payment.providerRef} has no payment to refund`);
    const refund = await this.client.refunds.create(
      { payment_intent: intent, metadata: { paymentId: payment.id, rentalId: payment.rentalId ?? '', kind: payment.kind } },
      { idempotencyKey: `okb-refund-${payment.id}` },
    );
    return { refundRef: refund.id };
  }

  async expireCheckout(providerRef: string): Promise<void> {
    await this.client.checkout.sessions.expire(providerRef);
  }
}
