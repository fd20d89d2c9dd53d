import {
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  OnApplicationBootstrap,
  OnApplicationShutdown,
  OnModuleInit,
} from '@nestjs/common';
import { randomInt } from 'node:crypto';
import { AuthUser } from '../../common/decorators.js';
import { Clock } from '../../common/clock.js';
import { parseShopTime } from '../../common/shop-time.js';
import { HttpReply, IdempotencyClaim, IdempotencyService } from '../../common/idempotency/idempotency.service.js';
import { AppConfig } from '../../config/app-config.js';
import { Db, DbOrTx, DRIZZLE } from '../../database/database.types.js';
import { PaymentRow } from '../../database/schema/payments.js';
import { RentalRow } from '../../database/schema/rentals.js';
import { toMinorExact } from '../payments/money.js';
import { toPaymentSummaryDto } from '../payments/payments.dto.js';
import { CheckoutSession } from '../payments/payment-gateway.js';
import { PaymentsService } from '../payments/payments.service.js';
import { paymentDescription } from '../payments/sandbox.service.js';
import {
  CreateRentalDto,
  CreateRentalResultDto,
  FullPaymentDto,
  ListAllRentalsQueryDto,
  PaymentUrlDto,
  RentalDto,
  RentalPaymentReportDto,
  toRentalDto,
} from './rentals.dto.js';
import { RentalsRepository } from './rentals.repository.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Clock skew allowed for a start time "now". */
const START_SKEW_MS = 5 * MINUTE;
const MAX_AHEAD_MS = 365 * 24 * HOUR;
/** Rental payments stay payable for a day (Stripe Checkout's maximum is 24 hours). */
const RENTAL_PAYMENT_TTL_MS = 23 * HOUR;
/** A reusable open payment must leave the payer this long to finish. */
const REUSE_MARGIN_MS = 5 * MINUTE;
/** A pending payment without its checkout yet is being opened by another request for at most this long. */
const OPENING_GRACE_MS = MINUTE;
const PURGE_INTERVAL_MS = 10 * MINUTE;
const SWEEP_INTERVAL_MS = 30_000;
const SWEEP_BATCH = 200;
const MAX_CENTS = 2_147_483_647;
const REF_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export const CREATE_RENTAL_ROUTE = 'POST /api/rentals';
export const FULL_PAYMENT_ROUTE = 'POST /api/rentals/fullpayment';

/** 'TXN-' + 12 random uppercase letters and digits: the rental's public checkout reference. */
export function newPaymentRef(): string {
  let ref = 'TXN-';
  for (let i = 0; i < 12; i++) ref += REF_ALPHABET[randomInt(REF_ALPHABET.length)];
  return ref;
}

const invalidField = (path: string, message: string) =>
  new BadRequestException({ message, code: 'VALIDATION_FAILED', errors: [{ path, message }] });

/** Times without an offset are read in the shop's time zone (SHOP_TIME_ZONE), whatever the server's own. */
export function parseApiTime(value: string): Date {
  return parseShopTime(value);
}

class OutOfStock extends Error {}

@Injectable()
export class RentalsService implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Rentals');
  private sweepTimer?: NodeJS.Timeout;
  private sweeping = false;
  private lastPurge = 0;

  constructor(
    @Inject(DRIZZLE) private readonly db: Db,
    private readonly rentals: RentalsRepository,
    private readonly payments: PaymentsService,
    private readonly idempotency: IdempotencyService,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.payments.onSettled((tx, payment, at) => this.applyPaymentOutcome(tx, payment, at));
  }

  onApplicationBootstrap(): void {
    if (this.config.env.NODE_ENV === 'test') return;
    this.sweepTimer = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS);
    this.sweepTimer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.sweepTimer);
    this.sweepTimer = undefined;
  }

  /** POST rentals: reserve stock, create the rental and open its booking fee in one transaction, then the checkout. */
  async createRental(user: AuthUser, dto: CreateRentalDto, key: string | undefined, origin: string): Promise<HttpReply> {
    const startTime = parseApiTime(dto.startTime);
    const now = this.clock.now().getTime();
    if (Number.isNaN(startTime.getTime())) throw invalidField('startTime', 'startTime must be an ISO 8601 date-time');
    if (startTime.getTime() < now - START_SKEW_MS) throw invalidField('startTime', 'startTime must not be in the past');
    if (startTime.getTime() > now + MAX_AHEAD_MS) throw invalidField('startTime', 'startTime must be at most one year ahead');

    const scope = this.idempotency.scope(user.id, CREATE_RENTAL_ROUTE, key, dto);
    return this.idempotency.run(scope, async (claim) => {
      let reserved: { rental: RentalRow; payment: PaymentRow; bikeName: string };
      try {
        reserved = await this.reserve(user, dto, startTime, claim);
      } catch (e) {
        if (!(e instanceof OutOfStock)) throw e;
        // Units held by lapsed unpaid bookings count as free: release them, then try once more.
        if ((await this.expireHolds({ bikeId: dto.bikeId })) === 0) throw this.outOfStock();
        try {
          reserved = await this.reserve(user, dto, startTime, claim);
        } catch (again) {
          throw again instanceof OutOfStock ? this.outOfStock() : again;
        }
      }
      const { rental, payment, bikeName } = reserved;
      const checkoutOrigin = this.payments.publicOrigin(origin);
      let session: CheckoutSession;
      try {
        session = await this.payments.createCheckout(payment, paymentDescription('booking_fee', bikeName, rental.quantity), checkoutOrigin);
      } catch (e) {
        // Undo the booking so the stock is free again (exactly once) and the key may be retried.
        await this.db.transaction(async (tx) => {
          await this.payments.settle(payment.id, 'failed', tx);
          await this.rentals.cancelAndRelease(rental.id, this.clock.now(), tx);
          await claim.release(tx);
        });
        throw e;
      }
      return this.db.transaction(async (tx) => {
        const opened = await this.payments.attachCheckout(payment.id, session, tx);
        const view = await this.rentals.findView(rental.id, tx);
        const data: CreateRentalResultDto = {
          rental: toRentalDto(view!),
          payment_url: session.url,
          payment: toPaymentSummaryDto(opened ?? payment),
        };
        const reply = { status: 201, body: { success: true, message: 'Go to the payment page to complete the rental process.', data } };
        await claim.complete(tx, reply);
        return reply;
      });
    });
  }

  private async reserve(user: AuthUser, dto: CreateRentalDto, startTime: Date, claim: IdempotencyClaim) {
    return this.db.transaction(async (tx) => {
      await claim.claim(tx);
      const now = this.clock.now();
      const bike = await this.rentals.reserveStock(dto.bikeId, dto.quantity, now, tx);
      if (!bike) {
        if (!(await this.rentals.findActiveBike(dto.bikeId, tx))) throw new NotFoundException('Bike not found');
        throw new OutOfStock();
      }
      const holdExpiresAt = new Date(now.getTime() + this.config.env.HOLD_MINUTES * MINUTE);
      const rental = await this.rentals.insert(
        {
          paymentRef: newPaymentRef(),
          userId: user.id,
          bikeId: bike.id,
          quantity: dto.quantity,
          startTime,
          status: 'pending_fee',
          pricePerHourCents: bike.pricePerHourCents,
          currency: bike.currency,
          holdExpiresAt,
          createdAt: now,
          updatedAt: now,
        },
        tx,
      );
      const payment = await this.payments.open(
        {
          rentalId: rental.id,
          userId: user.id,
          kind: 'booking_fee',
          amountMinor: this.config.bookingFeeMinor,
          currency: this.config.env.BOOKING_FEE_CURRENCY,
          expiresAt: holdExpiresAt,
        },
        tx,
      );
      return { rental, payment, bikeName: bike.name };
    });
  }

  private outOfStock(): ConflictException {
    return new ConflictException({ message: 'Bike is already rented', code: 'OUT_OF_STOCK' });
  }

  /** GET rentals: the caller's rentals, newest first (lapsed holds are released first so the list is current). */
  async listMine(user: AuthUser): Promise<RentalDto[]> {
    await this.expireHolds();
    return (await this.rentals.listViewsOfUser(user.id)).map(toRentalDto);
  }

  /** GET rentals/trans/{id}: one of the caller's rentals by its paymentId (or _id). */
  async getForCheckout(user: AuthUser, ref: string): Promise<RentalDto> {
    const rental = await this.rentals.findByRef(ref, user.id);
    const view = rental && (await this.rentals.findView(rental.id));
    if (!view) throw new NotFoundException('Rental not found');
    return toRentalDto(view);
  }

  async listAll(query: ListAllRentalsQueryDto): Promise<RentalDto[]> {
    const filter = query.status === undefined ? 'live' : query.status === 'all' ? 'all' : [query.status];
    return (await this.rentals.listViewsByStatus(filter)).map(toRentalDto);
  }

  /** GET rentals/rentalpayment: returned rentals (paid or not) with every payment they have. */
  async listPaymentReport(): Promise<RentalPaymentReportDto[]> {
    const views = await this.rentals.listViewsByStatus(['returned', 'paid']);
    const byRental = new Map<string, PaymentRow[]>();
    for (const p of await this.payments.listByRentalIds(views.map((v) => v.rental.id))) {
      byRental.set(p.rentalId, [...(byRental.get(p.rentalId) ?? []), p]);
    }
    return views.map((v) => ({
      ...toRentalDto(v),
      amountDue: Math.max(0, v.rental.totalCostCents - (v.rental.totalPaidCents ?? 0)) / 100,
      payments: (byRental.get(v.rental.id) ?? []).map(toPaymentSummaryDto),
    }));
  }

  /** PUT rentals/{id}/return (admin): cost = ceil(hours) x price at booking x quantity; stock back once. */
  async returnRental(id: string, returntime: string): Promise<RentalDto> {
    const returnTime = parseApiTime(returntime);
    if (Number.isNaN(returnTime.getTime())) throw invalidField('returntime', 'returntime must be an ISO 8601 date-time');
    const rental = await this.rentals.findById(id);
    if (!rental) throw new NotFoundException('Rental not found');
    const ms = returnTime.getTime() - rental.startTime.getTime();
    if (ms <= 0) throw invalidField('returntime', 'Return time must be after the start time');
    const totalCostCents = Math.ceil(ms / HOUR) * rental.pricePerHourCents * rental.quantity;
    if (totalCostCents > MAX_CENTS) throw invalidField('returntime', 'The rental period is too long for this bike');

    return this.db.transaction(async (tx) => {
      const returned = await this.rentals.markReturned(id, returnTime, totalCostCents, this.clock.now(), tx);
      if (!returned) throw this.returnConflict((await this.rentals.findById(id, tx)) ?? rental);
      return toRentalDto((await this.rentals.findView(id, tx))!);
    });
  }

  private returnConflict(rental: RentalRow): ConflictException {
    switch (rental.status) {
      case 'returned':
      case 'paid':
        return new ConflictException({ message: 'Bike is already returned', code: 'ALREADY_RETURNED' });
      case 'pending_fee':
        return new ConflictException({ message: 'The booking fee of this rental is not paid', code: 'BOOKING_FEE_UNPAID' });
      default:
        return new ConflictException({ message: 'This rental was cancelled', code: 'RENTAL_CANCELLED' });
    }
  }

  /** POST rentals/fullpayment: pay a returned rental's cost, which must be the server's amount to the cent. */
  async payRental(user: AuthUser, dto: FullPaymentDto, key: string | undefined, origin: string): Promise<HttpReply> {
    const scope = this.idempotency.scope(user.id, FULL_PAYMENT_ROUTE, key, dto);
    return this.idempotency.run(scope, async (claim) => {
      const { payment, reused, bikeName, quantity, replaced } = await this.db.transaction(async (tx) => {
        const replaced: PaymentRow[] = [];
        await claim.claim(tx);
        const rental = await this.rentals.findByRef(dto.paymentId, user.id, tx, true);
        if (!rental) throw new NotFoundException('Rental not found');
        this.assertPayable(rental, dto.totalCost);
        const bike = (await this.rentals.findView(rental.id, tx))!.bike;
        const now = this.clock.now();
        for (const open of await this.payments.findPending(rental.id, 'rental', tx)) {
          if (!open.checkoutUrl && now.getTime() - open.createdAt.getTime() < OPENING_GRACE_MS) {
            // Another request is creating this checkout right now; expiring it could strand a live gateway session.
            throw new ConflictException({ message: 'A payment for this rental is being opened, please retry in a moment', code: 'PAYMENT_IN_PROGRESS' });
          }
          const usable = open.checkoutUrl && open.amountMinor === rental.totalCostCents && (!open.expiresAt || open.expiresAt.getTime() > now.getTime() + REUSE_MARGIN_MS);
          if (usable) return { payment: open, reused: true, bikeName: bike.name, quantity: rental.quantity, replaced };
          const expired = await this.payments.settle(open.id, 'expired', tx);
          if (expired) replaced.push(expired);
        }
        const opened = await this.payments.open(
          {
            rentalId: rental.id,
            userId: user.id,
            kind: 'rental',
            amountMinor: rental.totalCostCents,
            currency: rental.currency,
            expiresAt: new Date(now.getTime() + RENTAL_PAYMENT_TTL_MS),
          },
          tx,
        );
        return { payment: opened, reused: false, bikeName: bike.name, quantity: rental.quantity, replaced };
      });
      await this.payments.closeCheckouts(replaced);

      let url = payment.checkoutUrl;
      let current = payment;
      if (!reused) {
        try {
          const session = await this.payments.createCheckout(payment, paymentDescription('rental', bikeName, quantity), this.payments.publicOrigin(origin));
          url = session.url;
          current = (await this.db.transaction((tx) => this.payments.attachCheckout(payment.id, session, tx))) ?? payment;
        } catch (e) {
          await this.db.transaction(async (tx) => {
            await this.payments.settle(payment.id, 'failed', tx);
            await claim.release(tx);
          });
          throw e;
        }
      }
      const data: PaymentUrlDto = { payment_url: url!, payment: toPaymentSummaryDto(current) };
      const reply = { status: 200, body: { success: true, message: 'Go to the payment page to complete the payment.', data } };
      await this.db.transaction((tx) => claim.complete(tx, reply));
      return reply;
    });
  }

  private assertPayable(rental: RentalRow, clientAmount: number): void {
    if (rental.status === 'paid' || rental.totalPaidCents !== null) throw new ConflictException({ message: 'This rental is already paid', code: 'ALREADY_PAID' });
    if (rental.status === 'cancelled') throw new ConflictException({ message: 'This rental was cancelled', code: 'RENTAL_CANCELLED' });
    if (rental.status !== 'returned') throw new ConflictException({ message: 'The bike has not been returned yet', code: 'NOT_RETURNED' });
    if (rental.totalCostCents <= 0) throw new ConflictException({ message: 'This rental has nothing to pay', code: 'NOTHING_TO_PAY' });
    if (toMinorExact(clientAmount) !== rental.totalCostCents) {
      throw new ConflictException({
        message: `The amount does not match the rental's total cost of ${(rental.totalCostCents / 100).toFixed(2)} ${rental.currency}`,
        code: 'AMOUNT_MISMATCH',
      });
    }
  }

  /** A payment became final: move its rental along in the same transaction. */
  private async applyPaymentOutcome(tx: DbOrTx, payment: PaymentRow, at: Date): Promise<void> {
    if (payment.kind === 'booking_fee') {
      if (payment.status === 'succeeded') await this.rentals.markBooked(payment.rentalId, at, tx);
      else await this.rentals.cancelAndRelease(payment.rentalId, at, tx);
    } else if (payment.status === 'succeeded') {
      await this.rentals.markPaid(payment.rentalId, payment.amountMinor, at, tx);
    }
  }

  /**
   * Cancels every pending_fee rental whose hold has run out: its booking fee becomes expired, the rental
   * cancelled and the units go back to stock. Conditional updates make it happen once even when several
   * instances sweep at the same time. Returns how many rentals were cancelled.
   */
  async expireHolds(filter: { bikeId?: string } = {}): Promise<number> {
    let cancelled = 0;
    const closed: PaymentRow[] = [];
    for (;;) {
      const before = cancelled;
      const lapsed = await this.rentals.findLapsedHolds(this.clock.now(), SWEEP_BATCH, filter.bikeId);
      for (const rental of lapsed) {
        const done = await this.db.transaction(async (tx) => {
          for (const payment of await this.payments.findPending(rental.id, 'booking_fee', tx)) {
            const expired = await this.payments.settle(payment.id, 'expired', tx);
            if (expired) closed.push(expired);
          }
          // Also covers a hold without an open fee; never a rental whose fee succeeded.
          const stillHeld = await this.rentals.cancelAndRelease(rental.id, this.clock.now(), tx);
          return stillHeld !== undefined || closed.some((p) => p.rentalId === rental.id);
        });
        if (done) cancelled += 1;
      }
      // A full batch may hide more; stop when one makes no progress (rows another instance is handling).
      if (lapsed.length < SWEEP_BATCH || cancelled === before) break;
    }
    if (closed.length) await this.payments.closeCheckouts(closed);
    return cancelled;
  }

  /** The periodic job: lapsed holds and rental payments, and now and then idempotency keys past their replay window. */
  private async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      const cancelled = await this.expireHolds();
      if (cancelled) this.logger.log(`released ${cancelled} unpaid booking(s) whose hold expired`);
      await this.payments.expireLapsedRentalPayments();
      if (Date.now() - this.lastPurge >= PURGE_INTERVAL_MS) {
        this.lastPurge = Date.now();
        await this.idempotency.purgeExpired();
      }
    } catch (e) {
      this.logger.error(`sweep failed: ${(e as Error).message}`);
    } finally {
      this.sweeping = false;
    }
  }
}
