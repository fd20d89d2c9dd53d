import type { IncomingHttpHeaders } from 'node:http';
import type { PaymentRow } from '../../database/schema/payments.js';
import { stripeAmount } from '../../common/money.js';

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
  /** The card the payer saved for this rental's deposit (a gateway reference, never card data), when paid. */
  savedCard?: string;
  /**
   * The event is about a deposit hold (a manual-capture PaymentIntent), not a checkout: the gateway cancelled it
   * (its capture window lapsed). The deposits check the hold's state at the gateway and record what it says.
   */
  depositHold?: { ref: string; event: 'expired' };
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
  /** Security deposits on the card saved with the booking fee (issue 21). */
  readonly deposits: DepositGateway;
}

/** Who started a charge: the card networks grant a customer-initiated hold longer than a merchant-initiated one. */
export type HoldInitiator = 'customer' | 'merchant';

export interface DepositHoldRequest {
  /** Idempotency key: the same key never authorises twice (derived from the ledger row written before the call). */
  key: string;
  amountMinor: number;
  currency: string;
  /** GatewayNotification.savedCard of the booking fee. */
  cardRef: string;
  initiator: HoldInitiator;
  description: string;
  metadata: { rentalId: string; movementId: string };
  /** The shop's public origin (the sandbox's confirmation page lives there). */
  siteOrigin: string;
}

export interface DepositHoldResult {
  /** The gateway's object (Stripe PaymentIntent id). */
  ref: string;
  /** held: authorised, awaiting capture; requires_action: the bank wants the customer to confirm; failed: declined. */
  status: 'held' | 'requires_action' | 'failed' | 'released' | 'expired' | 'captured';
  /** The last moment the hold can be captured (the network's window for this brand and initiator). */
  captureBefore?: Date;
  /** The issuer granted a longer hold (extended authorisation, up to 30 days). */
  extended?: boolean;
  /** requires_action: where the customer confirms. */
  actionUrl?: string;
  /** failed: the gateway's reason (decline code). */
  error?: string;
}

export interface DepositChargeResult {
  ref: string;
  status: 'succeeded' | 'requires_action' | 'failed';
  error?: string;
}

/**
 * Deposits at the gateway. Every call carries an idempotency key: retried with the same key after a crash, a call
 * answers the first outcome again instead of authorising, capturing or charging twice.
 */
export interface DepositGateway {
  /** An off-session authorisation of `amountMinor` (Stripe: PaymentIntent, capture_method=manual). */
  placeHold(request: DepositHoldRequest): Promise<DepositHoldResult>;
  /** The hold as the gateway sees it now (confirmed by the customer, expired). */
  holdStatus(ref: string): Promise<DepositHoldResult>;
  /** Captures part or all of a hold; the rest is released by the gateway. */
  captureHold(request: { key: string; ref: string; amountMinor: number; currency: string }): Promise<void>;
  /** Cancels a hold: nothing is charged. */
  releaseHold(request: { key: string; ref: string }): Promise<void>;
  /** Charges the deposit off-session (the fallback when a re-authorisation fails). */
  chargeOffSession(request: DepositHoldRequest): Promise<DepositChargeResult>;
  /** Gives back part or all of a charge. */
  refundCharge(request: { key: string; ref: string; amountMinor: number; currency: string }): Promise<{ refundRef: string }>;
  /**
   * The customer came to confirm a hold their bank asked about (requires_action): the gateway's page to send them to
   * (Stripe: the hold confirmed on-session with `return_url`, its 3-D Secure page), or the hold's state when there is
   * nothing left to confirm. Absent where the gateway hands out its own link (the sandbox's page).
   */
  startConfirmation?(request: { ref: string; returnUrl: string }): Promise<{ redirectUrl?: string; result: DepositHoldResult }>;
}

/** Maximum age of a signed notification, both gateways (Stripe's default tolerance too). */
export const NOTIFICATION_TOLERANCE_SECONDS = 300;

/** What the gateway charges for a payment: its amount less the part a gift card covers. */
export const gatewayAmountMinor = (payment: Pick<PaymentRow, 'amountMinor' | 'giftCardMinor'>): number => payment.amountMinor - payment.giftCardMinor;

/**
 * Minor units of `currency` as Stripe counts them (`stripeAmount`: JPY as is, KWD in fils ending in 0, ISK/HUF/TWD/UGX
 * with two decimals), or an error naming the amount when Stripe cannot charge it exactly: never rounded.
 */
export function stripeUnits(minor: number, currency: string): number {
  const amount = stripeAmount(minor, currency);
  if (amount === null) throw new Error(`${minor} minor units of ${currency} cannot be charged through Stripe exactly (it takes ${currency} in multiples of 10)`);
  return amount;
}
