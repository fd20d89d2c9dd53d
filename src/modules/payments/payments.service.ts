import { BadGatewayException, BadRequestException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import type { IncomingHttpHeaders } from 'node:http';
import { AuthUser } from '../../common/decorators.js';
import { Clock } from '../../common/clock.js';
import { AppConfig } from '../../config/app-config.js';
import { TransactionHost } from '../../database/transaction-host.js';
import { PaymentKind, PaymentRow } from '../../database/schema/payments.js';
import { users } from '../../database/schema/users.js';
import { CheckoutSession, GatewayNotification, PaymentOutcome } from './payment-gateway.js';
import { DomainEvents } from '../events/domain-events.service.js';
import { PaymentGateways } from './payment-gateways.js';
import { AttentionPaymentDto, NotificationResultDto, PaymentDto, PaymentStatusDto, toPaymentDto, toPaymentStatusDto } from './payments.dto.js';
import { PaymentsRepository } from './payments.repository.js';
import { currentCheckoutReturnUrl, withOutcome } from './return-url.js';
import { loggableError, loggableMessage } from '../../common/loggable-error.js';
import { payments as paymentsSettled } from '../../common/observability/metrics.js';
import { GiftCardLedger } from './gift-cards/gift-card-ledger.js';

/** The provider of a payment a gift card covers wholly: no gateway is involved. */
export const GIFT_CARD_PROVIDER = 'gift_card';

/**
 * Called in the transaction that made `payment` final, so what depends on it (the rental's state, the stock)
 * changes atomically with it. Payments know nothing about rentals; the rentals module subscribes.
 */
export type PaymentSettledListener = (payment: PaymentRow, at: Date, details?: SettleDetails) => Promise<void | typeof REFUND>;

/** What the gateway told about a settled payment beyond its outcome. */
export interface SettleDetails {
  /** The card saved for the rental's deposit (GatewayNotification.savedCard). */
  savedCard?: string;
}

/** A settled listener's answer for money the rental must not keep: it is flagged and refunded after the commit. */
export const REFUND = 'refund';

/** Called in the transaction that records a refund, after it (the rental's paid amount follows its payments). */
export type PaymentRefundedListener = (payment: PaymentRow, at: Date) => Promise<void>;

/** A gateway's verified notice about a deposit hold (the deposits own holds: they plug in here), after it is recorded. */
export type DepositHoldNoticeListener = (notice: { provider: string; ref: string; event: 'expired' }) => Promise<void>;

export interface OpenPayment {
  rentalId: string | null;
  userId: string;
  kind: PaymentKind;
  amountMinor: number;
  currency: string;
  expiresAt: Date | null;
}

/** payments.attention reasons. */
export const PAID_AFTER_CLOSE = 'paid_after_close';
export const REFUND_FAILED = 'refund_failed';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Injectable()
export class PaymentsService {
  private readonly logger = new Logger('Payments');
  private readonly listeners: PaymentSettledListener[] = [];
  private readonly refundListeners: PaymentRefundedListener[] = [];
  private readonly holdNoticeListeners: DepositHoldNoticeListener[] = [];

  constructor(
    private readonly txHost: TransactionHost,
    private readonly payments: PaymentsRepository,
    private readonly gateways: PaymentGateways,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly events: DomainEvents,
    private readonly giftCards: GiftCardLedger,
  ) {}

  onSettled(listener: PaymentSettledListener): void {
    this.listeners.push(listener);
  }

  onRefunded(listener: PaymentRefundedListener): void {
    this.refundListeners.push(listener);
  }

  onDepositHoldNotice(listener: DepositHoldNoticeListener): void {
    this.holdNoticeListeners.push(listener);
  }

  /**
   * Opens a pending payment at the current gateway (the checkout is created afterwards, outside the transaction).
   * With a gift card code (in the caller's transaction): the card is locked and covers what it can; the gateway
   * will charge the rest. A payment the card covers wholly is succeeded here, with its listeners, and needs no
   * checkout (`provider` gift_card). A code that cannot pay is a 400 naming giftCardCode and nothing is opened.
   */
  async open(values: OpenPayment, giftCardCode?: string): Promise<PaymentRow> {
    if (giftCardCode === undefined) return this.payments.insert({ ...values, provider: this.gateways.current().provider, status: 'pending' });
    return this.txHost.run(async () => {
      const { card, balance } = await this.giftCards.lockForPayment(giftCardCode, values.currency);
      const take = Math.min(balance, values.amountMinor);
      const whole = take === values.amountMinor;
      const row = await this.payments.insert({
        ...values,
        provider: whole ? GIFT_CARD_PROVIDER : this.gateways.current().provider,
        status: 'pending',
        giftCardId: card.id,
        giftCardMinor: take,
      });
      await this.giftCards.append(card.id, 'redeem', -take, row.id);
      if (!whole) return row;
      return (await this.settle(row.id, 'succeeded')) ?? row;
    });
  }

  /** The gateway new payments open at (PAYMENT_PROVIDER). */
  currentProvider(): string {
    return this.gateways.current().provider;
  }

  /** Whether a payment is complete without a gateway (a gift card covered it wholly). */
  isGatewayFree(payment: PaymentRow): boolean {
    return payment.provider === GIFT_CARD_PROVIDER;
  }

  /** A payment taken at the shop's counter (cash or card terminal): recorded as succeeded, no gateway involved. */
  recordCounterPayment(values: OpenPayment, method: string): Promise<PaymentRow> {
    const at = this.clock.now();
    return this.payments.insert({ ...values, provider: method, status: 'succeeded', createdAt: at, completedAt: at });
  }

  /**
   * Creates the hosted checkout for `payment` at its gateway. The gateway returns the payer to the shop's result
   * page, or to the validated return URL of this checkout request (CheckoutReturnUrlMiddleware). Never inside a database transaction: it is a call
   * over the network. A gateway failure is a 502 PAYMENT_GATEWAY_ERROR.
   */
  async createCheckout(payment: PaymentRow, description: string, origin: string, returnUrl = currentCheckoutReturnUrl()): Promise<CheckoutSession> {
    const resultUrl = this.resultUrl(origin, payment.id);
    const successUrl = returnUrl ? withOutcome(returnUrl, payment.id, 'succeeded') : resultUrl;
    const cancelUrl = returnUrl ? withOutcome(returnUrl, payment.id, 'cancelled') : resultUrl;
    try {
      return await this.gateways
        .require(payment.provider)
        .createCheckout({ payment, description, successUrl, cancelUrl, siteOrigin: origin, returnUrl });
    } catch (e) {
      this.logger.error(`checkout for payment ${payment.id} at ${payment.provider} failed: ${loggableError(e)}`);
      throw new BadGatewayException({
        message: 'The payment gateway could not be reached, please try again in a moment',
        code: 'PAYMENT_GATEWAY_ERROR',
      });
    }
  }

  attachCheckout(paymentId: string, session: CheckoutSession): Promise<PaymentRow | undefined> {
    return this.payments.attachCheckout(paymentId, session.providerRef, session.url);
  }

  /** The shop page a gateway returns the browser to. */
  resultUrl(origin: string, paymentId: string): string {
    return `${origin}/payment/result?payment=${paymentId}`;
  }

  /** The public origin of the shop: PUBLIC_URL, else the one the request came to. */
  publicOrigin(requestOrigin: string): string {
    return this.config.env.PUBLIC_URL ? new URL(this.config.env.PUBLIC_URL).origin : requestOrigin;
  }

  /**
   * pending -> `outcome` once (a conditional update), then the listeners, all in the current transaction (its own
   * when none is open).
   * undefined when the payment was no longer pending: nothing changed. The payment's rental is locked first (one
   * lock order with cancel and reschedule). A success the rental must not keep (a listener answered REFUND: more
   * than it owes, or the rental is closed) comes back flagged PAID_AFTER_CLOSE: the caller refunds it after the commit.
   */
  settle(paymentId: string, outcome: PaymentOutcome, details?: SettleDetails): Promise<PaymentRow | undefined> {
    return this.txHost.run(async () => {
      await this.payments.lockRentalOf(paymentId);
      const at = this.clock.now();
      let row = await this.payments.settle(paymentId, outcome, at);
      if (row) {
        paymentsSettled.inc({ outcome });
        // A payment that will not be paid gives its gift-card part back to the card.
        if (row.giftCardId && row.status !== 'succeeded') await this.giftCards.giveBack(row.giftCardId, row.id, 'release', row.giftCardMinor);
        let refund = false;
        for (const listener of this.listeners) if ((await listener(row, at, details)) === REFUND) refund = true;
        if (row.status === 'succeeded') await this.events.payment('payment.succeeded', row.id);
        if (refund) {
          this.logger.warn(`payment ${row.id} succeeded for money its rental does not owe: refunding it`);
          await this.payments.markPaidAfterClose(row.id, PAID_AFTER_CLOSE, at);
          row = (await this.payments.findById(row.id)) ?? row;
        }
      }
      return row;
    });
  }

  /** Whether a settled payment must be refunded (a success its rental refused, see settle). */
  mustRefund(row: PaymentRow): boolean {
    return row.status === 'succeeded' && row.attention === PAID_AFTER_CLOSE;
  }

  findPending(rentalId: string, kind?: PaymentKind): Promise<PaymentRow[]> {
    return this.payments.findPending(rentalId, kind);
  }

  /** Whether a payment of this kind of the rental was ever given a hosted checkout. */
  hadCheckout(rentalId: string, kind: PaymentKind): Promise<boolean> {
    return this.payments.hadCheckout(rentalId, kind);
  }

  listByRentalIds(rentalIds: string[]): Promise<PaymentRow[]> {
    return this.payments.listByRentalIds(rentalIds);
  }

  /** Rental payments left unpaid past their expiry become expired (the rental stays returned and can be paid anew). */
  async expireLapsedRentalPayments(limit = 200): Promise<number> {
    const expired: PaymentRow[] = [];
    for (const payment of await this.payments.findLapsed('rental', this.clock.now(), limit)) {
      const row = await this.settle(payment.id, 'expired');
      if (row) expired.push(row);
    }
    await this.closeCheckouts(expired);
    return expired.length;
  }

  /** Closes the hosted checkouts of payments that expired on our side (Stripe keeps a session open 30 minutes at least). */
  async closeCheckouts(expired: PaymentRow[]): Promise<void> {
    for (const payment of expired) {
      const gateway = this.gateways.get(payment.provider);
      if (!gateway?.expireCheckout || !payment.providerRef) continue;
      try {
        await gateway.expireCheckout(payment.providerRef);
      } catch (e) {
        this.logger.warn(`could not close checkout ${payment.providerRef} of expired payment ${payment.id}: ${loggableMessage(e)}`);
      }
    }
  }

  /**
   * A gateway notification: verified (400 and nothing changes when the signature or timestamp is bad), recorded
   * once per (provider, notification id) (a replay answers 200 and changes nothing), then the payment moves from
   * pending to one final state, with its effects, in the same transaction.
   */
  async handleNotification(provider: string, rawBody: Buffer | undefined, headers: IncomingHttpHeaders): Promise<{ message: string; data: NotificationResultDto }> {
    const gateway = this.gateways.require(provider);
    if (!rawBody?.length) throw new BadRequestException({ message: 'The notification body must be JSON', code: 'BAD_NOTIFICATION' });
    const notification = gateway.parseNotification(rawBody, headers);
    if (notification.depositHold) return this.handleDepositHoldNotice(provider, notification, notification.depositHold);
    const result: { message: string; data: NotificationResultDto; refund?: PaymentRow } = await this.txHost.run(async () => {
      const payment = await this.findNotified(provider, notification);
      // The rental first, then its payment (as cancel does): the two never wait for each other in a cycle.
      if (payment) await this.payments.lockRentalOf(payment.id);
      const recorded = await this.payments.insertNotification(
        {
          provider,
          notificationId: notification.notificationId,
          paymentId: payment?.id ?? null,
          eventType: notification.eventType,
          payload: notification.payload,
        },
      );
      const current = (changed: boolean, status = payment?.status ?? null): NotificationResultDto => ({ paymentId: payment?.id ?? null, status, changed });
      if (!recorded) return { message: 'Notification already processed', data: current(false) };
      if (!payment) {
        this.logger.warn(`${provider} notification ${notification.notificationId} (${notification.eventType}) matches no payment`);
        return { message: 'Notification recorded; it matches no payment', data: current(false) };
      }
      if (!notification.outcome) return { message: 'Notification recorded; it does not settle a payment', data: current(false) };
      const settled = await this.settle(payment.id, notification.outcome, { savedCard: notification.savedCard });
      if (settled && this.mustRefund(settled)) {
        return { message: 'Notification processed; the rental does not owe this payment and it is refunded', data: current(true, settled.status), refund: settled };
      }
      if (settled) return { message: 'Notification processed', data: current(true, settled.status) };
      // Another notification may have settled it after this one read it (the conditional update waited for it to
      // commit): decide on the state it committed. Deciding on the row read before refunded a payment that a
      // concurrent 'succeeded' had just booked (PostgreSQL, two success notices at once).
      const latest = (await this.payments.findById(payment.id)) ?? payment;
      if (notification.outcome === 'succeeded' && latest.status !== 'succeeded' && latest.status !== 'refunded') {
        // Paid after its hold lapsed (the booking is gone): the money goes back, automatically, after this commit.
        this.logger.warn(`payment ${payment.id} reported paid at ${provider} after it became ${latest.status}: refunding it`);
        await this.payments.markPaidAfterClose(payment.id, PAID_AFTER_CLOSE, this.clock.now());
        return { message: 'Notification recorded; the payment was already closed and is refunded', data: current(false, latest.status), refund: latest };
      }
      return { message: 'Notification recorded; the payment was already final', data: current(false, latest.status) };
    });
    if (result.refund) {
      const refunded = await this.refund(result.refund);
      if (refunded) result.data.status = refunded.status;
    }
    return { message: result.message, data: result.data };
  }

  /**
   * A notice about a deposit hold (its authorisation lapsed): recorded once per notification id like any other, then
   * handed to the deposits after the commit, which ask the gateway for the hold's state before recording anything.
   */
  private async handleDepositHoldNotice(
    provider: string,
    notification: GatewayNotification,
    hold: NonNullable<GatewayNotification['depositHold']>,
  ): Promise<{ message: string; data: NotificationResultDto }> {
    const recorded = await this.txHost.run(() =>
      this.payments.insertNotification({ provider, notificationId: notification.notificationId, paymentId: null, eventType: notification.eventType, payload: notification.payload }),
    );
    const data: NotificationResultDto = { paymentId: null, status: null, changed: false };
    if (!recorded) return { message: 'Notification already processed', data };
    for (const listener of this.holdNoticeListeners) await listener({ provider, ref: hold.ref, event: hold.event });
    return { message: 'Notification processed; the deposit hold was checked at the gateway', data };
  }

  /**
   * Gives a payment's money back through its gateway and records it (status refunded). A gateway failure leaves
   * the payment flagged for an admin (GET payments/attention) and returns undefined; never inside a transaction.
   */
  async refund(payment: PaymentRow): Promise<PaymentRow | undefined> {
    const gateway = this.gateways.get(payment.provider);
    try {
      // The gateway gives back what it charged; the gift-card part goes back to the card below.
      if (payment.provider !== GIFT_CARD_PROVIDER) {
        if (!gateway) throw new Error(`the ${payment.provider} gateway is not enabled`);
        await gateway.refund(payment);
      }
    } catch (e) {
      this.logger.error(`refund of payment ${payment.id} at ${payment.provider} failed: ${loggableError(e)}`);
      await this.payments.setAttention(payment.id, REFUND_FAILED);
      return undefined;
    }
    return this.txHost.run(async () => {
      await this.payments.lockRentalOf(payment.id);
      const at = this.clock.now();
      const row = await this.payments.markRefunded(payment.id, at);
      if (row) {
        if (row.giftCardId) await this.giftCards.giveBack(row.giftCardId, row.id, 'refund', row.giftCardMinor);
        for (const listener of this.refundListeners) await listener(row, at);
        await this.events.payment('payment.refunded', row.id);
      }
      return row;
    });
  }

  /**
   * Payments needing an admin: paid after their booking lapsed (refund pending) or whose refund failed; then the
   * late payments refunded automatically. With the customer and the links to the documents that exist.
   */
  async listAttention(limit = 200): Promise<AttentionPaymentDto[]> {
    const rows = await this.payments.listAttention(limit);
    const list: AttentionPaymentDto[] = [];
    for (const row of rows) {
      const view = await this.payments.findView({ id: row.id });
      if (!view) continue;
      const [customer] = await this.txHost.db.select({ _id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, row.userId));
      const rentalDone = view.rental.status === 'returned' || view.rental.status === 'paid';
      list.push({
        ...toPaymentDto(view),
        paidAfterCloseAt: row.paidAfterCloseAt?.toISOString() ?? null,
        customer: customer ?? { _id: row.userId, name: '', email: '' },
        receiptUrl: row.status === 'succeeded' || row.status === 'refunded' ? `/api/payments/${row.id}/receipt` : null,
        invoiceUrl: row.rentalId && (rentalDone || (await this.payments.hasPaidPayment(row.rentalId))) ? `/api/rentals/${row.rentalId}/invoice` : null,
      });
    }
    return list;
  }

  private async findNotified(provider: string, n: GatewayNotification): Promise<PaymentRow | undefined> {
    if (n.paymentId && UUID.test(n.paymentId)) {
      const byId = await this.payments.findById(n.paymentId);
      if (byId && byId.provider === provider) return byId;
    }
    return n.providerRef ? this.payments.findByProviderRef(provider, n.providerRef) : undefined;
  }

  /** GET payments/{id}/status: public, by the payment's unguessable id; the payment line only. */
  async getPaymentStatus(id: string): Promise<PaymentStatusDto> {
    const row = await this.payments.findById(id);
    if (!row) throw new NotFoundException('Payment not found');
    return toPaymentStatusDto(row);
  }

  /** GET payments/{id}: the payment's owner or an admin; anyone else gets 404. */
  async getPayment(caller: AuthUser, id: string): Promise<PaymentDto> {
    const view = await this.payments.findView({ id });
    if (!view || (caller.role !== 'admin' && view.payment.userId !== caller.id)) throw new NotFoundException('Payment not found');
    return toPaymentDto(view);
  }
}
