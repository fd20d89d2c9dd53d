import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { Clock } from '../../common/clock.js';
import { AppConfig } from '../../config/app-config.js';
import { formatMoney } from '../../common/money.js';
import { PaymentsRepository } from './payments.repository.js';
import type { PaymentRow } from '../../database/schema/payments.js';
import { gatewayAmountMinor } from './payment-gateway.js';
import { SandboxOutcome } from './payments.dto.js';
import { renderSandboxCheckout, renderSandboxDepositConfirmation, renderSandboxMessage } from './sandbox-checkout.page.js';
import { allowedReturnOrigins, returnUrlProblem, withOutcome } from './return-url.js';
import { DEFAULT_SANDBOX_CARD } from './sandbox-deposits.js';
import { SANDBOX_REF, SANDBOX_RETURN_PARAM, SandboxEvent, SandboxGateway } from './sandbox.gateway.js';
import { PaymentGateways } from './payment-gateways.js';
import { resolveSandboxSecret, SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from './sandbox-signature.js';
import { loggableMessage } from '../../common/loggable-error.js';
import { translate } from '../../common/i18n/i18n.js';
import { DEFAULT_LOCALE, isLocale, splitLocalePath, type Locale } from '../../../locales/index.js';
import { formatMinor } from '../../../locales/currency.js';

export const MERCHANT = 'Okay Bike';

const EVENT_TYPES: Record<SandboxOutcome, string> = {
  pay: 'payment.succeeded',
  fail: 'payment.failed',
  cancel: 'payment.cancelled',
};

/** A payment as the hosted page shows it. */
interface SandboxPayment {
  payment: PaymentRow;
  description: string;
  reference: string;
  /** The page's language: see SandboxService.locale. */
  locale: Locale;
}

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
export class SandboxService implements OnModuleInit {
  private readonly logger = new Logger('SandboxGateway');
  private readonly secret: string;
  private readonly returnOrigins: Set<string>;

  constructor(
    private readonly payments: PaymentsRepository,
    private readonly gateways: PaymentGateways,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly http: HttpAdapterHost,
  ) {
    this.secret = resolveSandboxSecret(config.env);
    this.returnOrigins = allowedReturnOrigins(config.env);
  }

  /** A hold whose capture window lapsed is cancelled by the "network" and the shop is told, as Stripe tells it. */
  onModuleInit(): void {
    const gateway = this.gateways.get('sandbox');
    if (gateway instanceof SandboxGateway) gateway.deposits.expiryListener = (ref) => void this.notifyHoldExpired(ref);
  }

  /** Posts the signed `deposit_hold.expired` notification to the shop's webhook (after the caller's turn). */
  private async notifyHoldExpired(intentRef: string): Promise<void> {
    await Promise.resolve();
    const event: SandboxEvent = {
      id: `evt_${randomBytes(12).toString('hex')}`,
      type: 'deposit_hold.expired',
      data: { intentRef },
      created: Math.floor(this.clock.now().getTime() / 1000),
    };
    const body = JSON.stringify(event);
    const address = this.http.httpAdapter?.getHttpServer()?.address() as AddressInfo | string | null | undefined;
    const port = address && typeof address === 'object' ? address.port : this.config.env.PORT;
    if (!(await this.deliver(body, signSandboxPayload(this.secret, body, event.created), port))) {
      // The deposits' scheduler still finds the lapsed hold on its next pass (it asks the gateway).
      this.logger.warn(`the shop was not told that hold ${intentRef} lapsed`);
    }
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

  /**
   * The hosted page's language (issue 27): the language of the shop page the payer returns to (a German or Bangla
   * page sends its own result page as returnUrl: /de/payment/result), else the payer's chosen language, else English.
   */
  private async locale(payment: PaymentRow, returnUrl: string | undefined): Promise<Locale> {
    if (returnUrl) {
      const { locale, prefixed } = splitLocalePath(new URL(returnUrl).pathname);
      if (prefixed) return locale;
    }
    const chosen = await this.payments.payerLanguage(payment.userId);
    return isLocale(chosen) ? chosen : DEFAULT_LOCALE;
  }

  async showCheckout(sessionRef: string, returnUrl?: string): Promise<SandboxAnswer> {
    const view = await this.find(sessionRef, returnUrl);
    if (!view) return this.notFound();
    return { kind: 'page', status: 200, html: renderSandboxCheckout(this.model(view, returnUrl)) };
  }

  async submit(sessionRef: string, outcome: SandboxOutcome, localPort: number, returnUrl?: string, card = DEFAULT_SANDBOX_CARD): Promise<SandboxAnswer> {
    const view = await this.find(sessionRef, returnUrl);
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
        html: renderSandboxMessage(
          translate(view.locale, 'sandbox.notNotifiedTitle'),
          translate(view.locale, 'sandbox.notNotifiedText', { merchant: MERCHANT }),
          {
            href: `/api/payments/sandbox/checkout/${sessionRef}${returnUrl ? `?${SANDBOX_RETURN_PARAM}=${encodeURIComponent(returnUrl)}` : ''}`,
            label: translate(view.locale, 'sandbox.backToPayment'),
          },
          view.locale,
        ),
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

  private async find(sessionRef: string, returnUrl: string | undefined): Promise<SandboxPayment | undefined> {
    const gateway = this.gateways.get('sandbox');
    if (!(gateway instanceof SandboxGateway) || !SANDBOX_REF.test(sessionRef)) return undefined;
    const view = await this.payments.findView({ provider: 'sandbox', providerRef: sessionRef });
    if (view) {
      const locale = await this.locale(view.payment, returnUrl);
      const { kind } = view.payment;
      const description =
        locale === DEFAULT_LOCALE
          ? paymentDescription(kind, view.bike.name, view.rental.quantity)
          : translate(locale, kind === 'booking_fee' ? 'sandbox.forFee' : 'sandbox.forRental', { bike: view.bike.name, quantity: view.rental.quantity });
      return { payment: view.payment, description, reference: view.rental.paymentRef, locale };
    }
    // A gift card's sale has no rental.
    const payment = await this.payments.findByProviderRef('sandbox', sessionRef);
    if (payment?.kind !== 'gift_card') return undefined;
    const locale = await this.locale(payment, returnUrl);
    return { payment, description: translate(locale, 'sandbox.giftCard'), reference: `GC-${payment.id.slice(0, 8).toUpperCase()}`, locale };
  }

  /** An amount in the page's language: English keeps the shop's own reading ('$12.50'), others Intl's ('12,50 $'). */
  private money(minor: number, currency: string, locale: Locale): string {
    return locale === DEFAULT_LOCALE ? formatMoney(minor, currency) : formatMinor(minor, currency, locale);
  }

  private lapsed(view: SandboxPayment): boolean {
    return view.payment.expiresAt !== null && view.payment.expiresAt.getTime() <= this.clock.now().getTime();
  }

  private model(view: SandboxPayment, returnUrl: string | undefined) {
    const { payment, locale } = view;
    const lapsed = payment.status === 'pending' && this.lapsed(view);
    return {
      sessionRef: payment.providerRef ?? '',
      merchant: MERCHANT,
      description:
        payment.giftCardMinor > 0
          ? translate(locale, 'sandbox.paidByGiftCard', { description: view.description, amount: this.money(payment.giftCardMinor, payment.currency, locale) })
          : view.description,
      reference: view.reference,
      // What the card pays: the gift card covers the rest.
      amount: this.money(gatewayAmountMinor(payment), payment.currency, locale),
      status: payment.status,
      lapsed,
      resultUrl: this.destination(payment.id, lapsed ? 'expired' : payment.status, returnUrl),
      returnUrl,
      locale,
    };
  }

  private depositIntent(ref: string) {
    const gateway = this.gateways.get('sandbox');
    if (!(gateway instanceof SandboxGateway) || !/^sbx_pi_[0-9a-f]{24}$/.test(ref)) return undefined;
    return gateway.deposits.intent(ref) ? gateway.deposits : undefined;
  }

  /**
   * The page where the customer confirms a deposit hold their bank asked about, in the customer's chosen language
   * (the link reaches them in the dashboard and by email, both in that language); English by default.
   */
  async showDepositConfirmation(ref: string): Promise<SandboxAnswer> {
    const deposits = this.depositIntent(ref);
    const intent = deposits?.intent(ref);
    if (!intent) return this.notFound();
    const chosen = await this.payments.depositPayerLanguage(ref);
    const locale: Locale = isLocale(chosen) ? chosen : DEFAULT_LOCALE;
    const amount = this.money(intent.amountMinor, intent.currency, locale);
    if (intent.status !== 'requires_action') {
      return {
        kind: 'page',
        status: 200,
        html: renderSandboxMessage(
          translate(locale, 'cust.deposit.nothingTitle'),
          translate(locale, 'cust.deposit.nothingText', { amount }),
          { href: '/dashboard/rentals', label: translate(locale, 'cust.deposit.goTo', { merchant: MERCHANT }) },
          locale,
        ),
      };
    }
    return { kind: 'page', status: 200, html: renderSandboxDepositConfirmation({ ref, merchant: MERCHANT, amount, locale }) };
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
