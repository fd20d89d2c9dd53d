import { Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { Clock } from '../../common/clock.js';
import { AppConfig } from '../../config/app-config.js';
import { formatMoney } from '../../common/money.js';
import { PaymentsRepository, PaymentView } from './payments.repository.js';
import { SandboxOutcome } from './payments.dto.js';
import { renderSandboxCheckout, renderSandboxDepositConfirmation, renderSandboxMessage } from './sandbox-checkout.page.js';
import { allowedReturnOrigins, returnUrlProblem, withOutcome } from './return-url.js';
import { DEFAULT_SANDBOX_CARD } from './sandbox-deposits.js';
import { SANDBOX_REF, SANDBOX_RETURN_PARAM, SandboxEvent, SandboxGateway } from './sandbox.gateway.js';
import { PaymentGateways } from './payment-gateways.js';
import { resolveSandboxSecret, SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from './sandbox-signature.js';
import { loggableMessage } from '../../common/loggable-error.js';

export const MERCHANT = 'Okay Bike';

const EVENT_TYPES: Record<SandboxOutcome, string> = {
  pay: 'payment.succeeded',
  fail: 'payment.failed',
  cancel: 'payment.cancelled',
};

export type SandboxAnswer = { kind: 'page'; status: number; html: string } | { kind: 'redirect'; location: string };

/** What the payer sees for a payment: 'Booking fee for Yamaha R15 x2', 'Rental of Yamaha R15 x2'. */
export const paymentDescription = (kind: string, bikeName: string, quantity: number): string =>
  `${kind === 'booking_fee' ? 'Booking fee for' : 'Rental of'} ${bikeName} x${quantity}`;

/**
 * The hosted page of the sandbox gateway and what happens when the payer chooses: the gateway signs a
 * notification and posts it over HTTP to the shop's webhook, exactly as an external gateway would, then sends the
 * browser back to the shop's result page.
 */
@Injectable()
export class SandboxService {
  private readonly logger = new Logger('SandboxGateway');
  private readonly secret: string;
  private readonly returnOrigins: Set<string>;

  constructor(
    private readonly payments: PaymentsRepository,
    private readonly gateways: PaymentGateways,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {
    this.secret = resolveSandboxSecret(config.env);
    this.returnOrigins = allowedReturnOrigins(config.env);
  }

  /**
   * The client's return URL from the page's address when its origin is still allowed (the shop's own, or
   * RETURN_ORIGINS / CORS_ORIGINS); anything else is ignored and the payer goes to the shop's result page.
   */
  returnUrl(value: unknown, siteOrigin: string): string | undefined {
    if (value === undefined) return undefined;
    const own = this.config.env.PUBLIC_URL ? new URL(this.config.env.PUBLIC_URL).origin : siteOrigin;
    return returnUrlProblem(value, this.returnOrigins, own) === null ? (value as string) : undefined;
  }

  /** Where the payer goes when the payment `status` is final (or still pending): the return URL, else the result page. */
  private destination(paymentId: string, status: string, returnUrl: string | undefined): string {
    return returnUrl ? withOutcome(returnUrl, paymentId, status) : `/payment/result?payment=${paymentId}`;
  }

  async showCheckout(sessionRef: string, returnUrl?: string): Promise<SandboxAnswer> {
    const view = await this.find(sessionRef);
    if (!view) return this.notFound();
    return { kind: 'page', status: 200, html: renderSandboxCheckout(this.model(view, returnUrl)) };
  }

  async submit(sessionRef: string, outcome: SandboxOutcome, localPort: number, returnUrl?: string, card = DEFAULT_SANDBOX_CARD): Promise<SandboxAnswer> {
    const view = await this.find(sessionRef);
    if (!view) return this.notFound();
    if (view.payment.status !== 'pending' || this.lapsed(view)) {
      const status = view.payment.status === 'pending' ? 'expired' : view.payment.status;
      return { kind: 'redirect', location: this.destination(view.payment.id, status, returnUrl) };
    }

    const event: SandboxEvent = {
      id: `evt_${randomBytes(12).toString('hex')}`,
      type: EVENT_TYPES[outcome],
      data: outcome === 'pay' ? { sessionRef, card } : { sessionRef },
      created: Math.floor(this.clock.now().getTime() / 1000),
    };
    const body = JSON.stringify(event);
    const signature = signSandboxPayload(this.secret, body, event.created);
    const delivered = await this.deliver(body, signature, localPort);
    if (!delivered) {
      return {
        kind: 'page',
        status: 502,
        html: renderSandboxMessage('The shop could not be notified', `${MERCHANT} did not confirm this payment. Nothing was charged; please try again.`, {
          href: `/api/payments/sandbox/checkout/${sessionRef}${returnUrl ? `?${SANDBOX_RETURN_PARAM}=${encodeURIComponent(returnUrl)}` : ''}`,
          label: 'Back to the payment page',
        }),
      };
    }
    if (!returnUrl) return { kind: 'redirect', location: this.destination(view.payment.id, 'pending', undefined) };
    // The notification has settled the payment: the client's page learns the outcome from its address.
    const settled = await this.payments.findById(view.payment.id);
    return { kind: 'redirect', location: this.destination(view.payment.id, settled?.status ?? view.payment.status, returnUrl) };
  }

  /** Posts to PUBLIC_URL's webhook, falling back to this very process over loopback. */
  private async deliver(body: string, signature: string, localPort: number): Promise<boolean> {
    const bases = [this.config.env.PUBLIC_URL ? new URL(this.config.env.PUBLIC_URL).origin : undefined, `http://127.0.0.1:${localPort}`];
    for (const base of bases) {
      if (!base) continue;
      try {
        const res = await fetch(`${base}/api/payments/webhook/sandbox`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
          body,
          redirect: 'error',
          signal: AbortSignal.timeout(10_000),
        });
        if (res.ok) return true;
        this.logger.error(`webhook at ${base} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
        return false;
      } catch (e) {
        this.logger.warn(`webhook at ${base} unreachable: ${loggableMessage(e)}`);
      }
    }
    return false;
  }

  private async find(sessionRef: string): Promise<PaymentView | undefined> {
    const gateway = this.gateways.get('sandbox');
    if (!(gateway instanceof SandboxGateway) || !SANDBOX_REF.test(sessionRef)) return undefined;
    return this.payments.findView({ provider: 'sandbox', providerRef: sessionRef });
  }

  private lapsed(view: PaymentView): boolean {
    return view.payment.expiresAt !== null && view.payment.expiresAt.getTime() <= this.clock.now().getTime();
  }

  private model(view: PaymentView, returnUrl: string | undefined) {
    const { payment, rental, bike } = view;
    const lapsed = payment.status === 'pending' && this.lapsed(view);
    return {
      sessionRef: payment.providerRef ?? '',
      merchant: MERCHANT,
      description: paymentDescription(payment.kind, bike.name, rental.quantity),
      reference: rental.paymentRef,
      amount: formatMoney(payment.amountMinor, payment.currency),
      status: payment.status,
      lapsed,
      resultUrl: this.destination(payment.id, lapsed ? 'expired' : payment.status, returnUrl),
      returnUrl,
    };
  }

  private depositIntent(ref: string) {
    const gateway = this.gateways.get('sandbox');
    if (!(gateway instanceof SandboxGateway) || !/^sbx_pi_[0-9a-f]{24}$/.test(ref)) return undefined;
    return gateway.deposits.intent(ref) ? gateway.deposits : undefined;
  }

  /** The page where the customer confirms a deposit hold their bank asked about. */
  showDepositConfirmation(ref: string): SandboxAnswer {
    const deposits = this.depositIntent(ref);
    const intent = deposits?.intent(ref);
    if (!intent) return this.notFound();
    const amount = formatMoney(intent.amountMinor, intent.currency);
    if (intent.status !== 'requires_action') {
      return { kind: 'page', status: 200, html: renderSandboxMessage('Nothing to confirm', `This ${amount} security deposit hold needs no confirmation.`, { href: '/dashboard/rentals', label: `Go to ${MERCHANT}` }) };
    }
    return { kind: 'page', status: 200, html: renderSandboxDepositConfirmation({ ref, merchant: MERCHANT, amount }) };
  }

  confirmDeposit(ref: string): SandboxAnswer {
    const deposits = this.depositIntent(ref);
    if (!deposits) return this.notFound();
    deposits.confirm(ref);
    return { kind: 'redirect', location: '/dashboard/rentals' };
  }

  private notFound(): SandboxAnswer {
    return {
      kind: 'page',
      status: 404,
      html: renderSandboxMessage('Payment session not found', 'This payment link is not valid. Start again from the shop.', { href: '/', label: `Go to ${MERCHANT}` }),
    };
  }
}
