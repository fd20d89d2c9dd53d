import { ConflictException, Injectable, NotFoundException, OnModuleInit } from '@nestjs/common';
import { DomainEvents } from '../events/domain-events.service.js';
import { AuthUser } from '../../common/decorators.js';
import { Clock } from '../../common/clock.js';
import { HttpReply, IdempotencyService } from '../../common/idempotency/idempotency.service.js';
import { amountText, toMinorExact } from '../../common/money.js';
import { AppConfig } from '../../config/app-config.js';
import { TransactionHost } from '../../database/transaction-host.js';
import { PaymentKind, PaymentRow } from '../../database/schema/payments.js';
import { RentalRow } from '../../database/schema/rentals.js';
import { toPaymentSummaryDto } from '../payments/payments.dto.js';
import { PaymentsService, REFUND } from '../payments/payments.service.js';
import { paymentDescription } from '../payments/sandbox.service.js';
import { announceLapsedBooking } from './rental-events.js';
import { HOUR_MS, MINUTE_MS } from './rental-time.js';
import { amountDueMinor, FullPaymentDto, PaymentUrlDto } from './rentals.dto.js';
import { RentalsRepository } from './rentals.repository.js';

/** Rental payments stay payable for a day (Stripe Checkout's maximum is 24 hours). */
const RENTAL_PAYMENT_TTL_MS = 23 * HOUR_MS;
/** A reusable open payment must leave the payer this long to finish. */
const REUSE_MARGIN_MS = 5 * MINUTE_MS;
/** A pending payment without its checkout yet is being opened by another request for at most this long. */
const OPENING_GRACE_MS = MINUTE_MS;

export const FULL_PAYMENT_ROUTE = 'POST /api/rentals/fullpayment';

/** Tries at the booking fee of one booking (each a hosted checkout); a declined card is not retried without end. */
export const MAX_FEE_ATTEMPTS = 5;

/**
 * Money after the booking fee: the rental's cost (after the return, or the quote of a fixed window right after
 * booking) and a late fee still due after the return; and what a settled payment does to its rental.
 */
@Injectable()
export class RentalPaymentsService implements OnModuleInit {
  constructor(
    private readonly txHost: TransactionHost,
    private readonly rentals: RentalsRepository,
    private readonly payments: PaymentsService,
    private readonly idempotency: IdempotencyService,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.payments.onSettled((payment, at) => this.applyPaymentOutcome(payment, at));
    this.payments.onRefunded(async (payment, at) => {
      // A refunded rental or late-fee payment no longer counts (the booking fee is not part of the paid amount).
      if (payment.rentalId && payment.kind !== 'booking_fee') await this.rentals.derivePaid(payment.rentalId, at);
    });
  }

  /** POST rentals/fullpayment: pay what the rental still owes, which must be the server's amount to the cent. */
  async payRental(user: AuthUser, dto: FullPaymentDto, key: string | undefined, origin: string): Promise<HttpReply> {
    const scope = this.idempotency.scope(user.id, FULL_PAYMENT_ROUTE, key, dto);
    return this.idempotency.run(scope, async (claim) => {
      const { payment, reused, bikeName, quantity, replaced } = await this.txHost.run(async () => {
        const replaced: PaymentRow[] = [];
        await claim.claim();
        const rental = await this.rentals.findByRef(dto.paymentId, user.id, true);
        if (!rental) throw new NotFoundException('Rental not found');
        const due = this.assertPayable(rental, dto.totalCost);
        const kind: PaymentKind = rental.totalPaidCents === null ? 'rental' : 'late_fee';
        const bike = (await this.rentals.findView(rental.id))!.bike;
        const now = this.clock.now();
        for (const open of await this.payments.findPending(rental.id, kind)) {
          if (!open.checkoutUrl && now.getTime() - open.createdAt.getTime() < OPENING_GRACE_MS) {
            // Another request is creating this checkout right now; expiring it could strand a live gateway session.
            throw new ConflictException({ message: 'A payment for this rental is being opened, please retry in a moment', code: 'PAYMENT_IN_PROGRESS' });
          }
          // An open checkout is reused only for the same way of paying (with no gift card, or with the same card).
          const sameCard = dto.giftCardCode === undefined ? open.giftCardId === null : false;
          const usable = sameCard && open.checkoutUrl && open.amountMinor === due && (!open.expiresAt || open.expiresAt.getTime() > now.getTime() + REUSE_MARGIN_MS);
          if (usable) return { payment: open, reused: true, bikeName: bike.name, quantity: rental.quantity, replaced };
          const expired = await this.payments.settle(open.id, 'expired');
          if (expired) replaced.push(expired);
        }
        const opened = await this.payments.open(
          { rentalId: rental.id, userId: user.id, kind, amountMinor: due, currency: rental.currency, expiresAt: new Date(now.getTime() + RENTAL_PAYMENT_TTL_MS) },
          dto.giftCardCode,
        );
        return { payment: opened, reused: false, bikeName: bike.name, quantity: rental.quantity, replaced };
      });
      await this.payments.closeCheckouts(replaced);

      let url = payment.checkoutUrl;
      let current = payment;
      if (this.payments.isGatewayFree(payment)) {
        // A gift card paid it all: nothing to charge at the gateway.
        const data: PaymentUrlDto = { payment_url: this.payments.resultUrl(this.payments.publicOrigin(origin), payment.id), payment: toPaymentSummaryDto(payment) };
        const reply = { status: 200, body: { success: true, message: 'The rental was paid with your gift card.', data } };
        await this.txHost.run(() => claim.complete(reply));
        return reply;
      }
      if (!reused) {
        try {
          const session = await this.payments.createCheckout(payment, paymentDescription('rental', bikeName, quantity), this.payments.publicOrigin(origin));
          url = session.url;
          current = (await this.txHost.run(() => this.payments.attachCheckout(payment.id, session))) ?? payment;
        } catch (e) {
          await this.txHost.run(async () => {
            await this.payments.settle(payment.id, 'failed');
            await claim.release();
          });
          throw e;
        }
      }
      const data: PaymentUrlDto = { payment_url: url!, payment: toPaymentSummaryDto(current) };
      const reply = { status: 200, body: { success: true, message: 'Go to the payment page to complete the payment.', data } };
      await this.txHost.run(() => claim.complete(reply));
      return reply;
    });
  }

  /**
   * POST rentals/{id}/booking-fee: pay the booking fee of a booking still held (pending_fee) again after a declined,
   * cancelled or abandoned try. An open checkout that can still be paid is reused; otherwise it is closed and a new
   * one opened, payable until the hold ends (the hold is not extended).
   */
  async payBookingFee(user: AuthUser, rentalId: string, origin: string, giftCardCode?: string): Promise<PaymentUrlDto> {
    const { payment, reused, bikeName, quantity, replaced } = await this.txHost.run(async () => {
      const replaced: PaymentRow[] = [];
      const rental = await this.rentals.lock(rentalId);
      if (!rental || rental.userId !== user.id) throw new NotFoundException('Rental not found');
      if (rental.status === 'cancelled') throw new ConflictException({ message: 'This rental was cancelled', code: 'RENTAL_CANCELLED' });
      if (rental.status !== 'pending_fee') throw new ConflictException({ message: 'The booking fee is already paid', code: 'ALREADY_PAID' });
      const now = this.clock.now();
      if (!rental.holdExpiresAt || rental.holdExpiresAt.getTime() <= now.getTime() + MINUTE_MS) {
        throw new ConflictException({ message: 'The hold on this booking has ended; book again', code: 'HOLD_EXPIRED' });
      }
      const bike = (await this.rentals.findView(rental.id))!.bike;
      for (const open of await this.payments.findPending(rental.id, 'booking_fee')) {
        if (!open.checkoutUrl && now.getTime() - open.createdAt.getTime() < OPENING_GRACE_MS) {
          throw new ConflictException({ message: 'A payment for this rental is being opened, please retry in a moment', code: 'PAYMENT_IN_PROGRESS' });
        }
        if (giftCardCode === undefined && open.giftCardId === null && open.checkoutUrl && (!open.expiresAt || open.expiresAt.getTime() > now.getTime())) {
          return { payment: open, reused: true, bikeName: bike.name, quantity: rental.quantity, replaced };
        }
        const expired = await this.payments.settle(open.id, 'expired');
        if (expired) replaced.push(expired);
      }
      const tries = (await this.payments.listByRentalIds([rental.id])).filter((p) => p.kind === 'booking_fee').length;
      if (tries >= MAX_FEE_ATTEMPTS) {
        throw new ConflictException({ message: `The booking fee was tried ${MAX_FEE_ATTEMPTS} times; book again later`, code: 'TOO_MANY_ATTEMPTS' });
      }
      const opened = await this.payments.open({
        rentalId: rental.id,
        userId: user.id,
        kind: 'booking_fee',
        amountMinor: this.config.bookingFeeMinor,
        currency: this.config.env.BOOKING_FEE_CURRENCY,
        expiresAt: rental.holdExpiresAt,
      }, giftCardCode);
      return { payment: opened, reused: false, bikeName: bike.name, quantity: rental.quantity, replaced };
    });
    await this.payments.closeCheckouts(replaced);
    if (reused) return { payment_url: payment.checkoutUrl!, payment: toPaymentSummaryDto(payment) };
    if (this.payments.isGatewayFree(payment)) return { payment_url: this.payments.resultUrl(this.payments.publicOrigin(origin), payment.id), payment: toPaymentSummaryDto(payment) };
    try {
      const session = await this.payments.createCheckout(payment, paymentDescription('booking_fee', bikeName, quantity), this.payments.publicOrigin(origin));
      const current = (await this.txHost.run(() => this.payments.attachCheckout(payment.id, session))) ?? payment;
      return { payment_url: session.url, payment: toPaymentSummaryDto(current) };
    } catch (e) {
      await this.txHost.run(() => this.payments.settle(payment.id, 'failed'));
      throw e;
    }
  }

  /** What the rental still owes (minor units), or the 409 saying why it cannot be paid now. */
  private assertPayable(rental: RentalRow, clientAmount: number): number {
    const due = amountDueMinor(rental);
    if (rental.status === 'paid' || (rental.totalPaidCents !== null && due === 0)) {
      throw new ConflictException({ message: 'This rental is already paid', code: 'ALREADY_PAID' });
    }
    if (rental.status === 'cancelled') throw new ConflictException({ message: 'This rental was cancelled', code: 'RENTAL_CANCELLED' });
    if (rental.status === 'pending_fee' || (rental.status === 'booked' && rental.endTime === null)) {
      throw new ConflictException({ message: 'The bike has not been returned yet', code: 'NOT_RETURNED' });
    }
    if (due <= 0) throw new ConflictException({ message: 'This rental has nothing to pay', code: 'NOTHING_TO_PAY' });
    if (toMinorExact(clientAmount, rental.currency) !== due) {
      throw new ConflictException({
        message: `The amount does not match the rental's total cost of ${amountText(due, rental.currency)} ${rental.currency}`,
        code: 'AMOUNT_MISMATCH',
      });
    }
    return due;
  }

  /** A payment became final: move its rental along in the same transaction. */
  private async applyPaymentOutcome(payment: PaymentRow, at: Date): Promise<void | typeof REFUND> {
    // A gift card's sale has no rental (GiftCardsService issues the card).
    if (payment.rentalId === null) return;
    if (payment.kind === 'booking_fee') {
      if (payment.status === 'succeeded') {
        if (await this.rentals.markBooked(payment.rentalId, at, this.config.env.FREE_CANCELLATION_HOURS)) await this.events.rental('rental.booked', payment.rentalId);
      } else if (await this.rentals.cancelAndRelease(payment.rentalId, at, { onlyLapsed: true })) {
        // A declined or abandoned fee keeps the booking while its hold lasts (POST rentals/{id}/booking-fee tries
        // again); once the hold ran out it ends here, or in the HoldSweeper.
        await announceLapsedBooking(this.events, this.payments, payment.rentalId);
      }
    } else if (payment.status === 'succeeded') {
      return this.applyRentalPayment({ ...payment, rentalId: payment.rentalId }, at);
    }
  }

  /**
   * A rental or late-fee payment succeeded (the rental is locked): the rental keeps it when it owes at least that
   * much now; otherwise (a checkout opened before a reschedule made the rental cheaper, or before a cancel, a
   * rental already paid) the whole payment is refunded automatically and shows on Payment Attention. The paid
   * amount is then derived from the payments; a rental paid in full closes its other open payments.
   */
  private async applyRentalPayment(payment: PaymentRow & { rentalId: string }, at: Date): Promise<void | typeof REFUND> {
    const rental = await this.rentals.findById(payment.rentalId);
    if (!rental) return REFUND;
    const owed = amountDueMinor(rental);
    if (payment.currency !== rental.currency || payment.amountMinor > owed) return REFUND;
    const now = (await this.rentals.derivePaid(rental.id, at))!;
    await this.events.rental('rental.paid', rental.id);
    if (amountDueMinor(now) === 0) {
      // Nothing is owed any more: no other checkout of this rental stays payable (a late success would be refunded).
      for (const open of await this.payments.findPending(rental.id)) {
        if (open.kind !== 'booking_fee') await this.payments.settle(open.id, 'expired');
      }
    }
  }
}
