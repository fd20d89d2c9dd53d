import { randomBytes } from 'node:crypto';
import { Clock } from '../../common/clock.js';
import { DepositChargeResult, DepositGateway, DepositHoldRequest, DepositHoldResult, HoldInitiator } from './payment-gateway.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A test card of the sandbox's hosted page and how its bank behaves off-session, like Stripe's test cards. */
export interface SandboxCard {
  id: string;
  brand: 'visa' | 'mastercard' | 'amex';
  number: string;
  label: string;
  /** The issuer grants a longer hold (extended authorisation, 30 days). */
  extended: boolean;
  /** Off-session: every hold and charge declined / asks the customer to confirm / a second hold declined while one is open. */
  behaviour: 'ok' | 'declines' | 'requires_action' | 'one_hold_only';
}

export const SANDBOX_CARDS: SandboxCard[] = [
  { id: 'visa', brand: 'visa', number: '4242 4242 4242 4242', label: 'Visa', extended: false, behaviour: 'ok' },
  { id: 'visa_extended', brand: 'visa', number: '4000 0000 0000 0077', label: 'Visa, longer hold granted', extended: true, behaviour: 'ok' },
  { id: 'mastercard', brand: 'mastercard', number: '5555 5555 5555 4444', label: 'Mastercard', extended: false, behaviour: 'ok' },
  { id: 'amex', brand: 'amex', number: '3782 822463 10005', label: 'American Express, longer hold granted', extended: true, behaviour: 'ok' },
  { id: 'declined', brand: 'visa', number: '4000 0000 0000 0341', label: 'Visa, off-session charges declined', extended: false, behaviour: 'declines' },
  { id: 'confirm', brand: 'visa', number: '4000 0027 6000 3184', label: 'Visa, the bank asks to confirm', extended: false, behaviour: 'requires_action' },
  { id: 'one_hold', brand: 'visa', number: '4000 0000 0000 9995', label: 'Visa, a second hold declined (re-authorisation fails)', extended: false, behaviour: 'one_hold_only' },
];
export const SANDBOX_CARD_IDS = SANDBOX_CARDS.map((c) => c.id);
export const DEFAULT_SANDBOX_CARD = 'visa';
/** GatewayNotification.savedCard of a sandbox payment: the test card's id behind a prefix. */
export const sandboxCardRef = (cardId: string): string => `sbx_card_${cardId}`;
export const sandboxCardOf = (cardRef: string): SandboxCard | undefined => SANDBOX_CARDS.find((c) => sandboxCardRef(c.id) === cardRef);

/**
 * How long a hold can be captured: Visa 5 days merchant-initiated, 7 customer-initiated; Mastercard and Amex 7
 * days; up to 30 days where the issuer grants a longer hold.
 */
export function captureWindowMs(card: SandboxCard, initiator: HoldInitiator): number {
  if (card.extended) return 30 * DAY_MS;
  if (card.brand === 'visa') return (initiator === 'merchant' ? 5 : 7) * DAY_MS;
  return 7 * DAY_MS;
}

export interface SandboxIntent {
  ref: string;
  kind: 'hold' | 'charge';
  card: SandboxCard;
  amountMinor: number;
  currency: string;
  status: 'requires_capture' | 'requires_action' | 'canceled' | 'succeeded' | 'failed' | 'expired';
  captureBefore?: Date;
  initiator: HoldInitiator;
  capturedMinor: number;
  refundedMinor: number;
  error?: string;
  actionUrl?: string;
}

/** An expired hold, told to the shop by a signed notification (SandboxService posts it). */
export type SandboxExpiryListener = (ref: string) => void;

/**
 * The sandbox's deposits, kept in this process like a gateway keeps them on its side: holds with their capture
 * window (moved by the app's clock in tests), a partial capture that releases the rest, declines and
 * confirmations by test card, and idempotency keys (a repeated key answers the first outcome).
 */
export class SandboxDepositGateway implements DepositGateway {
  private readonly intents = new Map<string, SandboxIntent>();
  private readonly byKey = new Map<string, unknown>();
  /** Counts authorisation calls that reached the "bank" (the tests' proof that a retried key authorised once). */
  authorisations = 0;
  expiryListener?: SandboxExpiryListener;

  constructor(private readonly clock: Clock) {}

  private once<T>(key: string, work: () => T): T {
    if (this.byKey.has(key)) return this.byKey.get(key) as T;
    const result = work();
    this.byKey.set(key, result);
    return result;
  }

  /** Holds past their window are cancelled by the "network"; each is told once. */
  expireLapsed(): string[] {
    const now = this.clock.now().getTime();
    const expired: string[] = [];
    for (const intent of this.intents.values()) {
      if (intent.status === 'requires_capture' && intent.captureBefore && intent.captureBefore.getTime() <= now) {
        intent.status = 'expired';
        expired.push(intent.ref);
        this.expiryListener?.(intent.ref);
      }
    }
    return expired;
  }

  private find(ref: string): SandboxIntent {
    this.expireLapsed();
    const intent = this.intents.get(ref);
    if (!intent) throw new Error(`sandbox: no such payment intent ${ref}`);
    return intent;
  }

  private openHolds(card: SandboxCard): number {
    return [...this.intents.values()].filter((i) => i.card.id === card.id && i.kind === 'hold' && i.status === 'requires_capture').length;
  }

  async placeHold(request: DepositHoldRequest): Promise<DepositHoldResult> {
    return this.once(`hold:${request.key}`, () => {
      this.expireLapsed();
      this.authorisations += 1;
      const card = sandboxCardOf(request.cardRef);
      const ref = `sbx_pi_${randomBytes(12).toString('hex')}`;
      const intent: SandboxIntent = { ref, kind: 'hold', card: card ?? SANDBOX_CARDS[0], amountMinor: request.amountMinor, currency: request.currency, status: 'requires_capture', initiator: request.initiator, capturedMinor: 0, refundedMinor: 0 };
      if (!card) {
        intent.status = 'failed';
        intent.error = 'no_saved_card';
      } else if (card.behaviour === 'declines' || (card.behaviour === 'one_hold_only' && this.openHolds(card) > 0)) {
        intent.status = 'failed';
        intent.error = 'card_declined';
      } else if (card.behaviour === 'requires_action') {
        intent.status = 'requires_action';
        intent.actionUrl = `${request.siteOrigin}/api/payments/sandbox/deposit/${ref}`;
      } else {
        intent.captureBefore = new Date(this.clock.now().getTime() + captureWindowMs(card, request.initiator));
      }
      this.intents.set(ref, intent);
      return this.view(intent);
    });
  }

  /** The customer confirmed on the sandbox's page: the hold is authorised (customer-initiated). */
  confirm(ref: string): DepositHoldResult {
    const intent = this.find(ref);
    if (intent.status === 'requires_action') {
      intent.status = 'requires_capture';
      intent.initiator = 'customer';
      intent.captureBefore = new Date(this.clock.now().getTime() + captureWindowMs(intent.card, 'customer'));
    }
    return this.view(intent);
  }

  intent(ref: string): SandboxIntent | undefined {
    return this.intents.get(ref);
  }

  async holdStatus(ref: string): Promise<DepositHoldResult> {
    return this.view(this.find(ref));
  }

  async captureHold({ key, ref, amountMinor, currency }: { key: string; ref: string; amountMinor: number; currency: string }): Promise<void> {
    this.once(`capture:${key}`, () => {
      const intent = this.find(ref);
      if (currency !== intent.currency) throw new Error(`sandbox: ${ref} is in ${intent.currency}, not ${currency}`);
      if (intent.status !== 'requires_capture') throw new Error(`sandbox: intent ${ref} cannot be captured (${intent.status})`);
      if (amountMinor > intent.amountMinor) throw new Error(`sandbox: amount_to_capture exceeds the authorised ${intent.amountMinor}`);
      // One partial capture releases the rest (Stripe).
      intent.capturedMinor = amountMinor;
      intent.status = 'succeeded';
      return true;
    });
  }

  async releaseHold({ key, ref }: { key: string; ref: string }): Promise<void> {
    this.once(`release:${key}`, () => {
      const intent = this.find(ref);
      if (intent.status === 'expired' || intent.status === 'canceled') return true;
      if (intent.status !== 'requires_capture' && intent.status !== 'requires_action') throw new Error(`sandbox: intent ${ref} cannot be cancelled (${intent.status})`);
      intent.status = 'canceled';
      return true;
    });
  }

  async chargeOffSession(request: DepositHoldRequest): Promise<DepositChargeResult> {
    return this.once(`charge:${request.key}`, () => {
      const card = sandboxCardOf(request.cardRef);
      const ref = `sbx_pi_${randomBytes(12).toString('hex')}`;
      const intent: SandboxIntent = { ref, kind: 'charge', card: card ?? SANDBOX_CARDS[0], amountMinor: request.amountMinor, currency: request.currency, status: 'succeeded', initiator: 'merchant', capturedMinor: request.amountMinor, refundedMinor: 0 };
      if (!card || card.behaviour === 'declines') {
        intent.status = 'failed';
        intent.error = 'card_declined';
      } else if (card.behaviour === 'requires_action') {
        intent.status = 'requires_action';
      }
      this.intents.set(ref, intent);
      return { ref, status: intent.status === 'succeeded' ? 'succeeded' : intent.status === 'requires_action' ? 'requires_action' : 'failed', error: intent.error };
    });
  }

  async refundCharge({ key, ref, amountMinor, currency }: { key: string; ref: string; amountMinor: number; currency: string }): Promise<{ refundRef: string }> {
    return this.once(`refund:${key}`, () => {
      const intent = this.find(ref);
      if (currency !== intent.currency) throw new Error(`sandbox: ${ref} is in ${intent.currency}, not ${currency}`);
      if (intent.status !== 'succeeded' || intent.refundedMinor + amountMinor > intent.capturedMinor) throw new Error(`sandbox: cannot refund ${amountMinor} of ${ref}`);
      intent.refundedMinor += amountMinor;
      return { refundRef: `sbx_re_${randomBytes(8).toString('hex')}` };
    });
  }

  private view(intent: SandboxIntent): DepositHoldResult {
    const status: DepositHoldResult['status'] =
      intent.status === 'requires_capture'
        ? 'held'
        : intent.status === 'requires_action'
          ? 'requires_action'
          : intent.status === 'canceled'
            ? 'released'
            : intent.status === 'expired'
              ? 'expired'
              : intent.status === 'succeeded'
                ? 'captured'
                : 'failed';
    return { ref: intent.ref, status, captureBefore: intent.captureBefore, extended: intent.card.extended, actionUrl: intent.actionUrl, error: intent.error };
  }
}
