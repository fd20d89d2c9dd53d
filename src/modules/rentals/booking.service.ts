import { ConflictException, HttpException, HttpStatus, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { DomainEvents } from '../events/domain-events.service.js';
import { sql } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import { AuthUser } from '../../common/decorators.js';
import { Clock } from '../../common/clock.js';
import { HttpReply, IdempotencyClaim, IdempotencyService, RetryableConflict } from '../../common/idempotency/idempotency.service.js';
import { MAX_MINOR, toMajor, toMinor, toMinorExact } from '../../common/money.js';
import { AppConfig } from '../../config/app-config.js';
import { TransactionHost } from '../../database/transaction-host.js';
import { isExclusionViolation, isSerializationFailure } from '../../database/pg-errors.js';
import { BikeRow } from '../../database/schema/bikes.js';
import { PaymentRow } from '../../database/schema/payments.js';
import { NewRentalRow, RentalRow } from '../../database/schema/rentals.js';
import { users } from '../../database/schema/users.js';
import { FleetRepository } from '../bikes/fleet.repository.js';
import { ShopSettingsService } from '../shop/shop-settings.service.js';
import { CheckoutSession } from '../payments/payment-gateway.js';
import { toPaymentSummaryDto } from '../payments/payments.dto.js';
import { PaymentsService } from '../payments/payments.service.js';
import { paymentDescription } from '../payments/sandbox.service.js';
import { BookingLimits, bookingFeeRefund } from './booking-limits.js';
import { HoldSweeper } from './hold-sweeper.service.js';
import { DepositsService } from './deposits/deposits.service.js';
import { priceWindow } from './pricing.js';
import { BookingWindow, HOUR_MS, invalidField, MINUTE_MS, readWindow } from './rental-time.js';
import { RentalViews } from './rental-views.js';
import {
  CounterSaleDto,
  CreateRentalDto,
  CreateRentalResultDto,
  QuoteDto,
  QuoteQueryDto,
  QuoteTermsDto,
  quoteLinesDto,
  RentalDto,
  RescheduleRentalDto,
} from './rentals.dto.js';
import { RentalsRepository } from './rentals.repository.js';
import { bookings } from '../../common/observability/metrics.js';

/** Attempts to take units when concurrent bookings took the chosen ones first (exclusion violation). */
const UNIT_ATTEMPTS = 12;
const REF_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export const CREATE_RENTAL_ROUTE = 'POST /api/rentals';

/** 'TXN-' + 12 random uppercase letters and digits: the rental's public checkout reference. */
export function newPaymentRef(): string {
  let ref = 'TXN-';
  for (let i = 0; i < 12; i++) ref += REF_ALPHABET[randomInt(REF_ALPHABET.length)];
  return ref;
}

export class OutOfStock extends Error {}

/** Retryable: the same Idempotency-Key books once a unit is free again (the 409 is not kept as the key's reply). */
export const outOfStock = (): ConflictException => new RetryableConflict({ message: 'Bike is already rented', code: 'OUT_OF_STOCK' });

/** The window's price at the bike's current rates (fixed windows), or none (open-ended). */
function quoteFor(bike: Pick<BikeRow, 'pricePerHourCents' | 'pricePerDayCents' | 'pricePerWeekCents'>, w: BookingWindow, quantity: number) {
  if (!w.end) return null;
  const quote = priceWindow(bike, w.end.getTime() - w.start.getTime(), quantity);
  if (quote.totalMinor > MAX_MINOR) throw new ConflictException({ message: 'The rental period is too long for this bike', code: 'WINDOW_TOO_LONG' });
  return quote;
}

/**
 * Bookings: quote, book (units for a window), cancel, reschedule and counter sales. Units are chosen among
 * the free ones and inserted; the database's exclusion constraint refuses a unit another booking took
 * meanwhile, and the booking then tries other units, or answers 409 when none is left.
 */
@Injectable()
export class BookingService {
  constructor(
    private readonly txHost: TransactionHost,
    private readonly rentals: RentalsRepository,
    private readonly fleet: FleetRepository,
    private readonly payments: PaymentsService,
    private readonly idempotency: IdempotencyService,
    private readonly sweeper: HoldSweeper,
    private readonly views: RentalViews,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly events: DomainEvents,
    private readonly limits: BookingLimits,
    private readonly deposits: DepositsService,
    private readonly shop: ShopSettingsService,
  ) {}

  /** Late fee per started hour and unit: LATE_FEE_PER_HOUR, else the hourly price. */
  lateFeeRateMinor(pricePerHourCents: number): number {
    const configured = this.config.env.LATE_FEE_PER_HOUR;
    return configured === undefined ? pricePerHourCents : toMinor(configured);
  }

  terms(pricePerHourCents: number): QuoteTermsDto {
    const env = this.config.env;
    return {
      lateFeePerHour: toMajor(this.lateFeeRateMinor(pricePerHourCents)),
      lateGraceMinutes: env.LATE_GRACE_MINUTES,
      freeCancellationHours: env.FREE_CANCELLATION_HOURS,
      bookingFee: env.BOOKING_FEE_AMOUNT,
      bookingFeeCurrency: env.BOOKING_FEE_CURRENCY,
    };
  }

  /** GET bikes/{id}/quote: the price of a window and how many units are free for all of it. */
  async quote(bikeId: string, q: QuoteQueryDto, caller?: AuthUser): Promise<QuoteDto> {
    const bike = await this.rentals.findActiveBike(bikeId);
    if (!bike) throw new NotFoundException('Bike not found');
    const w = readWindow(q.startTime, q.endTime, this.clock.now());
    await this.shop.assertOpen(w);
    const priced = quoteFor(bike, w, q.quantity)!;
    let ownRentalId: string | undefined;
    if (q.rentalId !== undefined) {
      // A reschedule's quote: the booking's own units are free to it (the move may keep them), but only its owner may ask.
      if (!caller) throw new UnauthorizedException('Please log in to continue');
      const own = await this.rentals.findById(q.rentalId);
      if (!own || own.userId !== caller.id || own.bikeId !== bikeId) throw new NotFoundException('Rental not found');
      ownRentalId = own.id;
    }
    const available = bike.isAvailable ? await this.fleet.countFree(bikeId, w, ownRentalId) : 0;
    return {
      total: toMajor(priced.totalMinor),
      currency: bike.currency,
      lines: quoteLinesDto(priced.lines),
      available,
      startTime: w.start.toISOString(),
      endTime: w.end!.toISOString(),
      terms: this.terms(bike.pricePerHourCents),
      deposit: { amount: toMajor(bike.depositAmountCents * q.quantity), currency: bike.currency },
    };
  }

  /** POST rentals: take units for the window, create the rental and open its booking fee in one transaction, then the checkout. */
  async createRental(user: AuthUser, dto: CreateRentalDto, key: string | undefined, origin: string, clientAddress?: string): Promise<HttpReply> {
    const w = readWindow(dto.startTime, dto.endTime, this.clock.now());
    await this.shop.assertOpen(w);
    const scope = this.idempotency.scope(user.id, CREATE_RENTAL_ROUTE, key, dto);
    return this.idempotency.run(scope, async (claim) => {
      let reserved: { rental: RentalRow; payment: PaymentRow; bikeName: string };
      const addressUnits = await this.limits.takeAddressUnits(clientAddress, dto.quantity);
      try {
        try {
          reserved = await this.reserve(user, dto, w, claim);
        } catch (e) {
          if (!(e instanceof OutOfStock)) throw e;
          // Units held by lapsed unpaid bookings count as free: release them, then try once more.
          if ((await this.sweeper.expireHolds({ bikeId: dto.bikeId })) === 0) throw outOfStock();
          try {
            reserved = await this.reserve(user, dto, w, claim);
          } catch (again) {
            throw again instanceof OutOfStock ? outOfStock() : again;
          }
        }
      } catch (e) {
        await addressUnits.giveBack();
        throw e;
      }
      const { rental, payment, bikeName } = reserved;
      let session: CheckoutSession;
      try {
        session = await this.payments.createCheckout(payment, paymentDescription('booking_fee', bikeName, rental.quantity), this.payments.publicOrigin(origin));
      } catch (e) {
        // Undo the booking so its units are free again (exactly once) and the key may be retried.
        await this.txHost.run(async () => {
          await this.payments.settle(payment.id, 'failed');
          await this.rentals.cancelAndRelease(rental.id, this.clock.now());
          await claim.release();
        });
        throw e;
      }
      return this.txHost.run(async () => {
        const opened = await this.payments.attachCheckout(payment.id, session);
        const data: CreateRentalResultDto = {
          rental: await this.views.find(rental.id),
          payment_url: session.url,
          payment: toPaymentSummaryDto(opened ?? payment),
        };
        const reply = { status: 201, body: { success: true, message: 'Go to the payment page to complete the rental process.', data } };
        await claim.complete(reply);
        bookings.inc();
        return reply;
      });
    });
  }

  /**
   * Runs `work` in a transaction, again when the units it chose were taken meanwhile (23P01); then OutOfStock.
   * Each attempt opens a fresh transaction (`own`: never joins an outer one, whose failure a retry could not undo).
   */
  private async withUnits<T>(work: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.txHost.run(work, { own: true });
      } catch (e) {
        // A deadlock or serialization failure rolled everything back: the same work may simply run again.
        if (isSerializationFailure(e) && attempt < UNIT_ATTEMPTS) continue;
        if (!isExclusionViolation(e)) throw e;
        if (attempt >= UNIT_ATTEMPTS) throw new OutOfStock();
      }
    }
  }

  /** Picks `quantity` free units for the window and reserves them for the rental (23P01 when one was taken meanwhile). */
  private async takeUnits(bikeId: string, rentalId: string, w: BookingWindow, quantity: number): Promise<void> {
    const units = await this.fleet.pickFree(bikeId, w, quantity);
    if (units.length < quantity) throw new OutOfStock();
    // Inserted in one global order (by unit id), so two bookings that picked overlapping units wait for each other
    // in the same order instead of deadlocking on the exclusion constraint (40P01, then retries, and at last a 500
    // once the retries ran out: the concurrency suite's multi-unit race on PostgreSQL).
    await this.fleet.reserveForRental(bikeId, rentalId, [...units].sort(), w);
  }

  private async bookableBike(bikeId: string): Promise<BikeRow> {
    // Locked (see findActiveBike): bookings of this bike run one at a time; a deletion waits for the booking, and sees it.
    const bike = await this.rentals.findActiveBike(bikeId, true);
    if (!bike) throw new NotFoundException('Bike not found');
    if (!bike.isAvailable) throw new OutOfStock();
    return bike;
  }

  private rentalValues(bike: BikeRow, w: BookingWindow, quantity: number, now: Date): Omit<NewRentalRow, 'userId' | 'status'> {
    const quote = quoteFor(bike, w, quantity);
    return {
      paymentRef: newPaymentRef(),
      bikeId: bike.id,
      quantity,
      startTime: w.start,
      endTime: w.end,
      pricePerHourCents: bike.pricePerHourCents,
      pricePerDayCents: bike.pricePerDayCents,
      pricePerWeekCents: bike.pricePerWeekCents,
      currency: bike.currency,
      quoteLines: quote?.lines ?? null,
      totalCostCents: quote?.totalMinor ?? 0,
      createdAt: now,
      updatedAt: now,
    };
  }

  private async reserve(user: AuthUser, dto: CreateRentalDto, w: BookingWindow, claim: IdempotencyClaim) {
    return this.withUnits(async () => {
      // One booking of a customer at a time, so the count below cannot be overtaken (taken first, before any row
      // that references the customer is written).
      await this.rentals.lockUser(user.id);
      await claim.claim();
      const now = this.clock.now();
      const max = this.config.env.MAX_PENDING_BOOKINGS;
      if ((await this.rentals.countPending(user.id, now)) >= max) {
        throw new HttpException(
          { message: `You already have ${max} bookings awaiting their booking fee; pay or let one lapse first`, code: 'TOO_MANY_PENDING' },
          HttpStatus.TOO_MANY_REQUESTS,
        );
      }
      const bike = await this.bookableBike(dto.bikeId);
      await this.limits.checkCustomer(user.id, bike.id, w, dto.quantity, now);
      const values = this.rentalValues(bike, w, dto.quantity, now);
      await this.checkExpectedTotal(dto, values.totalCostCents ?? 0, w);
      const holdExpiresAt = new Date(now.getTime() + this.config.env.HOLD_MINUTES * MINUTE_MS);
      const rental = await this.rentals.insert({ ...values, userId: user.id, status: 'pending_fee', holdExpiresAt });
      await this.takeUnits(bike.id, rental.id, w, dto.quantity);
      await this.events.rental('rental.created', rental.id);
      const payment = await this.payments.open(
        {
          rentalId: rental.id,
          userId: user.id,
          kind: 'booking_fee',
          amountMinor: this.config.bookingFeeMinor,
          currency: this.config.env.BOOKING_FEE_CURRENCY,
          expiresAt: holdExpiresAt,
        },
      );
      await this.deposits.onBooked(rental, bike);
      return { rental, payment, bikeName: bike.name };
    });
  }

  /** The customer saw `expectedTotal`: book only at that price (under the bike's lock, so the price cannot change meanwhile). */
  private async checkExpectedTotal(dto: CreateRentalDto, totalMinor: number, w: BookingWindow): Promise<void> {
    if (dto.expectedTotal === undefined) return;
    if (!w.end) throw invalidField('expectedTotal', 'expectedTotal needs an endTime: an open-ended booking is priced at its return');
    if (toMinorExact(dto.expectedTotal) === totalMinor) return;
    const quote = await this.quote(dto.bikeId, { startTime: dto.startTime, endTime: dto.endTime!, quantity: dto.quantity });
    throw new RetryableConflict({
      message: `The price of this booking is now ${quote.total} ${quote.currency}, not ${dto.expectedTotal}; check the new price and book again`,
      code: 'PRICE_CHANGED',
      data: quote,
    });
  }

  private async ownOpenRental(user: AuthUser, id: string): Promise<RentalRow> {
    const rental = await this.rentals.lock(id);
    if (!rental || rental.userId !== user.id) throw new NotFoundException('Rental not found');
    if (rental.source === 'counter') {
      // Taken (and perhaps paid in cash) at the counter: the shop changes it, or the cash would stay taken online.
      throw new ConflictException({ message: 'This booking was made at the shop counter; please ask the shop to change or cancel it', code: 'COUNTER_SALE' });
    }
    if (rental.status === 'cancelled') throw new ConflictException({ message: 'This rental was cancelled', code: 'RENTAL_CANCELLED' });
    if (rental.status === 'returned' || rental.status === 'paid') throw new ConflictException({ message: 'Bike is already returned', code: 'ALREADY_RETURNED' });
    if (this.clock.now().getTime() >= rental.startTime.getTime()) {
      throw new ConflictException({ message: 'This rental has already started', code: 'RENTAL_STARTED' });
    }
    return rental;
  }

  /** The booking fee's free-cancellation deadline: fixed when the fee was paid (never later), else from the start. */
  private freeCancelUntil(rental: RentalRow): Date {
    const fromStart = new Date(rental.startTime.getTime() - this.config.env.FREE_CANCELLATION_HOURS * HOUR_MS);
    return rental.freeCancelUntil && rental.freeCancelUntil < fromStart ? rental.freeCancelUntil : fromStart;
  }

  /**
   * POST rentals/{id}/cancel (owner, before the start). Units free at once. Every open payment of the rental, of
   * every kind, is closed (its checkout expired at the gateway; one paid anyway is refunded and shows on Payment
   * Attention). A booked rental cancelled by its free-cancellation deadline (fixed when the fee was paid, see
   * markBooked) gets its booking fee refunded through the gateway; later the fee is kept. Rental payments made up
   * front are always refunded. An unpaid booking just ends (its fee cancelled).
   */
  async cancel(user: AuthUser, id: string): Promise<RentalDto> {
    const { closed, refunds } = await this.txHost.run(async () => {
      const rental = await this.ownOpenRental(user, id);
      const now = this.clock.now();
      const closed: PaymentRow[] = [];
      const refunds: PaymentRow[] = [];
      for (const p of await this.payments.findPending(rental.id)) {
        const done = await this.payments.settle(p.id, 'cancelled');
        if (done) closed.push(done);
      }
      if (rental.status === 'pending_fee') {
        if (await this.rentals.cancelAndRelease(rental.id, now)) await this.events.rental('rental.cancelled', rental.id);
      } else {
        if (await this.rentals.cancelBooked(rental.id, now)) await this.events.rental('rental.cancelled', rental.id);
        const free = now.getTime() <= this.freeCancelUntil(rental).getTime();
        for (const p of await this.payments.listByRentalIds([rental.id])) {
          if (p.status !== 'succeeded') continue;
          if (p.kind !== 'booking_fee' || (free && bookingFeeRefund(p.amountMinor, this.config.env.CANCELLATION_FEE_KEPT_PERCENT).refundMinor > 0)) refunds.push(p);
        }
      }
      return { closed, refunds };
    });
    await this.payments.closeCheckouts(closed);
    for (const p of refunds) await this.payments.refund(p);
    await this.deposits.onCancelled(id);
    return this.views.find(id);
  }

  /**
   * POST rentals/{id}/reschedule (owner, before the start): the same units if free, else others; a new quote.
   * Open rental payments (their amount was the old quote) are closed, their checkouts expired at the gateway; the
   * booking fee's checkout stays (its amount does not depend on the window). A paid fee's free-cancellation
   * deadline never moves later.
   */
  async reschedule(user: AuthUser, id: string, dto: RescheduleRentalDto): Promise<RentalDto> {
    const w = readWindow(dto.startTime, dto.endTime, this.clock.now());
    await this.shop.assertOpen(w);
    let closed: PaymentRow[] = [];
    try {
      closed = await this.withUnits(async () => {
        const rental = await this.ownOpenRental(user, id);
        if (rental.totalPaidCents !== null) {
          throw new ConflictException({ message: 'A rental paid in advance cannot be moved; cancel it and book again', code: 'ALREADY_PAID' });
        }
        await this.rentals.lockUser(user.id);
        const bike = await this.bookableBike(rental.bikeId);
        const now = this.clock.now();
        // Moving a booking to a year-long window is holding too.
        await this.limits.checkCustomer(user.id, bike.id, w, rental.quantity, now, rental.id);
        const values = this.rentalValues(bike, w, rental.quantity, now);
        await this.fleet.releaseRental(rental.id);
        await this.takeUnits(bike.id, rental.id, w, rental.quantity);
        const { paymentRef: _ref, createdAt: _created, ...changes } = values;
        await this.rentals.update(rental.id, changes);
        await this.rentals.keepFreeCancelDeadline(rental.id, this.config.env.FREE_CANCELLATION_HOURS);
        const superseded: PaymentRow[] = [];
        for (const p of await this.payments.findPending(rental.id)) {
          if (p.kind === 'booking_fee') continue;
          const done = await this.payments.settle(p.id, 'expired');
          if (done) superseded.push(done);
        }
        await this.events.rental('rental.rescheduled', rental.id);
        return superseded;
      });
    } catch (e) {
      throw e instanceof OutOfStock ? outOfStock() : e;
    }
    await this.payments.closeCheckouts(closed);
    return this.views.find(id);
  }

  /**
   * POST rentals/counter (admin): a booking for a customer in the shop, booked at once without the online
   * booking fee. When `paid` and the window is fixed, the quote is recorded as paid at the counter.
   */
  async counterSale(dto: CounterSaleDto): Promise<RentalDto> {
    const w = readWindow(dto.startTime, dto.endTime, this.clock.now());
    const [customer] = await this.txHost.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${dto.customerEmail})`)
      .limit(1);
    if (!customer) throw new NotFoundException({ message: 'No customer with this email', code: 'CUSTOMER_NOT_FOUND' });
    let rentalId: string;
    try {
      rentalId = await this.withUnits(async () => {
        const now = this.clock.now();
        const bike = await this.bookableBike(dto.bikeId);
        const values = this.rentalValues(bike, w, dto.quantity, now);
        const paidNow = dto.paid && values.totalCostCents! > 0 && w.end !== null;
        const rental = await this.rentals.insert(
          { ...values, userId: customer.id, status: 'booked', source: 'counter', paymentMethod: dto.paymentMethod, totalPaidCents: paidNow ? values.totalCostCents : null },
        );
        await this.takeUnits(bike.id, rental.id, w, dto.quantity);
        await this.deposits.onCounterSale(rental, bike, dto.depositMethod ?? dto.paymentMethod);
        await this.events.rental('rental.created', rental.id);
        await this.events.rental('rental.booked', rental.id);
        if (paidNow) {
          await this.payments.recordCounterPayment(
            { rentalId: rental.id, userId: customer.id, kind: 'rental', amountMinor: values.totalCostCents!, currency: bike.currency, expiresAt: null },
            dto.paymentMethod,
          );
        }
        return rental.id;
      });
    } catch (e) {
      throw e instanceof OutOfStock ? outOfStock() : e;
    }
    return this.views.find(rentalId);
  }
}

