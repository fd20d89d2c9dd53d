import { BadRequestException } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Clock } from '../../common/clock.js';
import { findUnstorable } from '../../common/input-limits.js';
import type { PaymentRow } from '../../database/schema/payments.js';
import { CheckoutRequest, CheckoutSession, GatewayNotification, PaymentGateway, PaymentOutcome } from './payment-gateway.js';
import { SANDBOX_SIGNATURE_HEADER, verifySandboxSignature } from './sandbox-signature.js';
import { SANDBOX_CARD_IDS, sandboxCardRef, SandboxDepositGateway } from './sandbox-deposits.js';

export const SANDBOX_EVENT_TYPES: Record<string, PaymentOutcome> = {
  'payment.succeeded': 'succeeded',
  'payment.failed': 'failed',
  'payment.cancelled': 'cancelled',
  'payment.expired': 'expired',
};

/** Events about a deposit hold (Stripe: payment_intent.canceled with cancellation_reason automatic). */
export const SANDBOX_HOLD_EVENTS: Record<string, 'expired'> = {
  'deposit_hold.expired': 'expired',
};

/** The notification the sandbox gateway posts to /api/payments/webhook/sandbox. */
export interface SandboxEvent {
  id: string;
  type: string;
  /**
   * card: the test card the payer chose (saved for the rental's deposit). A deposit hold's event
   * (`deposit_hold.expired`) carries the hold's intentRef instead of a sessionRef.
   */
  data: { sessionRef?: string; card?: string; intentRef?: string };
  /** Unix seconds. */
  created: number;
}

export const SANDBOX_REF = /^sbx_[0-9a-f]{32}$/;
/** The sandbox page's query parameter carrying the client's return URL. */
export const SANDBOX_RETURN_PARAM = 'return';
export const sandboxCheckoutPath = (ref: string): string => `/api/payments/sandbox/checkout/${ref}`;

/**
 * The built-in gateway: its hosted page is served by this app (SandboxController) and it notifies the shop the
 * way an external gateway would, with an HMAC-SHA256-signed, timestamped POST.
 */
export class SandboxGateway implements PaymentGateway {
  readonly provider = 'sandbox' as const;
  readonly deposits: SandboxDepositGateway;

  constructor(
    private readonly secret: string,
    private readonly clock: Clock,
  ) {
    this.deposits = new SandboxDepositGateway(clock);
  }

  async createCheckout({ siteOrigin, returnUrl }: CheckoutRequest): Promise<CheckoutSession> {
    const providerRef = `sbx_${randomBytes(16).toString('hex')}`;
    // The hosted page lives on this app, so it shares the shop's public origin. Like a hosted gateway's `return`
    // parameter, the client's return URL rides on the page's address (checked again before any redirect).
    const query = returnUrl ? `?${SANDBOX_RETURN_PARAM}=${encodeURIComponent(returnUrl)}` : '';
    return { providerRef, url: `${siteOrigin}${sandboxCheckoutPath(providerRef)}${query}` };
  }

  /** The sandbox moves no money: a refund is instant and always succeeds. */
  async refund(payment: PaymentRow): Promise<{ refundRef: string }> {
    return { refundRef: `sbx_refund_${payment.id}` };
  }

  parseNotification(rawBody: Buffer, headers: IncomingHttpHeaders): GatewayNotification {
    const header = headers[SANDBOX_SIGNATURE_HEADER.toLowerCase()];
    verifySandboxSignature(this.secret, rawBody, Array.isArray(header) ? header[0] : header, Math.floor(this.clock.now().getTime() / 1000));
    let event: SandboxEvent;
    try {
      event = JSON.parse(rawBody.toString('utf8')) as SandboxEvent;
    } catch {
      throw new BadRequestException({ message: 'The notification is not valid JSON', code: 'BAD_NOTIFICATION' });
    }
    const holdEvent = typeof event?.type === 'string' && event.type in SANDBOX_HOLD_EVENTS;
    const ref = holdEvent ? event?.data?.intentRef : event?.data?.sessionRef;
    if (typeof event?.id !== 'string' || !event.id || event.id.length > 255 || typeof event.type !== 'string' || typeof ref !== 'string') {
      throw new BadRequestException({ message: `The notification lacks id, type or data.${holdEvent ? 'intentRef' : 'sessionRef'}`, code: 'BAD_NOTIFICATION' });
    }
    const unstorable = findUnstorable(event, '');
    if (unstorable) throw new BadRequestException({ message: `The notification's ${unstorable.path} ${unstorable.reason}`, code: 'BAD_NOTIFICATION' });
    if (holdEvent) {
      return { notificationId: event.id, eventType: event.type, providerRef: '', outcome: null, payload: event, depositHold: { ref, event: SANDBOX_HOLD_EVENTS[event.type] } };
    }
    return {
      notificationId: event.id,
      eventType: event.type,
      providerRef: ref,
      outcome: SANDBOX_EVENT_TYPES[event.type] ?? null,
      payload: event,
      savedCard:
        event.type === 'payment.succeeded' && typeof event.data.card === 'string' && SANDBOX_CARD_IDS.includes(event.data.card) ? sandboxCardRef(event.data.card) : undefined,
    };
  }
}
