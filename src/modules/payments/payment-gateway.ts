import type { IncomingHttpHeaders } from 'node:http';
import type { PaymentRow } from '../../database/schema/payments.js';

export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** Final states a gateway can report; a payment moves from pending to one of them once. */
export type PaymentOutcome = 'succeeded' | 'failed' | 'cancelled' | 'expired';

export interface CheckoutRequest {
  payment: PaymentRow;
  /** What the payer sees on the hosted page, e.g. 'Booking fee for Yamaha R15 x2'. */
  description: string;
  /**
   * Absolute URLs the gateway sends the browser back to: the shop's result page, or the client's return URL with
   * `?payment=<id>&status=succeeded|cancelled` (issue 12).
   */
  successUrl: string;
  cancelUrl: string;
  /** The shop's public origin (the sandbox's hosted page lives there). */
  siteOrigin: string;
  /** The client's return URL as it sent it, when it sent one (the sandbox page adds the outcome itself). */
  returnUrl?: string;
}

export interface CheckoutSession {
  /** The gateway's id of the checkout (Stripe Checkout Session id, sandbox session ref). */
  providerRef: string;
  /** Hosted payment page the browser is sent to. */
  url: string;
}

export interface GatewayNotification {
  /** The gateway's unique event id: a replay carries the same id. */
  notificationId: string;
  eventType: string;
  /** The checkout the event is about. */
  providerRef: string;
  /** Our payment id when the gateway echoes it back (Stripe metadata), which survives a race with storing providerRef. */
  paymentId?: string;
  /** null for events that do not settle a payment (acknowledged and recorded, nothing changes). */
  outcome: PaymentOutcome | null;
  /** The verified event as received, kept in payment_notifications. */
  payload: unknown;
}

/**
 * One interface for every payment gateway (DESIGN section 4): open a hosted checkout, and verify and read a
 * notification. `parseNotification` throws a BadRequestException for a bad signature or a stale timestamp.
 */
export interface PaymentGateway {
  readonly provider: PaymentProvider;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  parseNotification(rawBody: Buffer, headers: IncomingHttpHeaders): GatewayNotification;
  /** Closes a checkout so it can no longer be paid (hold expired); best effort. */
  expireCheckout?(providerRef: string): Promise<void>;
  /** Gives the whole amount of a paid payment back to the payer; throws when the gateway refuses. */
  refund(payment: PaymentRow): Promise<{ refundRef: string }>;
}

/** Maximum age of a signed notification, both gateways (Stripe's default tolerance too). */
export const NOTIFICATION_TOLERANCE_SECONDS = 300;
