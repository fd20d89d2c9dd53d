import { ConflictException, HttpException, HttpStatus, Injectable, Logger, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { createStep, runSteps } from '../../common/steps/steps.js';
import { DomainEvents } from '../events/domain-events.service.js';
import { randomInt } from 'node:crypto';
import { AuthUser } from '../../common/decorators.js';
import { Clock } from '../../common/clock.js';
import { HttpReply, IdempotencyClaim, IdempotencyService, RetryableConflict } from '../../common/idempotency/idempotency.service.js';
import { MAX_MINOR, minorOfField, minorOfOwnMajor, toMajor } from '../../common/money.js';
import { AppConfig } from '../../config/app-config.js';
import { TransactionHost } from '../../database/transaction-host.js';
import { isExclusionViolation, isSerializationFailure } from '../../database/pg-errors.js';
import { BikeRow } from '../../database/schema/bikes.js';
import { PaymentRow } from '../../database/schema/payments.js';
import { NewRentalRow, RentalRow } from '../../database/schema/rentals.js';
import { FleetRepository } from '../bikes/fleet.repository.js';
import { AddonOutOfStock, addonOutOfStock, AddonSelection, AddonsService, parseAddonsParam, PricedAddon } from '../bikes/addons.service.js';
import { AppliedCoupon, CodeCaller, couponError, CouponsService, parseCodes } from '../coupons/coupons.service.js';
import type { CouponRow } from '../../database/schema/coupons.js';
import type { QuoteLineRow } from '../../database/schema/rentals.js';
import { ShopSettingsService } from '../shop/shop-settings.service.js';
import { UsersRepository } from '../users/users.repository.js';
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

/** What the booking's reserve step wrote (committed): the rental, its pending booking fee, the bike's name. */
interface Reserved {
  rental: RentalRow;
  payment: PaymentRow;
  bikeName: string;
}

/** Retryable: the same Idempotency-Key books once a unit is free again (the 409 is not kept as the key's reply). */
export const outOfStock = (): ConflictException => new RetryableConflict({ message: 'Bike is already rented', code: 'OUT_OF_STOCK' });

/** The window's price at the bike's current rates (fixed windows), or none (open-ended). */
function quoteFor(bike: Pick<BikeRow, 'pricePerHourCents' | 'pricePerDayCents' | 'pricePerWeekCents'>, w: BookingWindow, quantity: number) {
  if (!w.end) return null;
  const quote = priceWindow(bike, w.end.getTime() - w.start.getTime(), quantity);
  if (quote.totalMinor > MAX_MINOR) throw new ConflictException({ message: 'The rental period is too long for this bike', code: 'WINDOW_TOO_LONG' });
  return quote;
}

/** A booking's add-ons and codes priced with its window: the lines after the bike's, and what they add up to. */
interface PricedExtras {
  lines: QuoteLineRow[];
  totalMinor: number;
  priced: PricedAddon[];
  applied: AppliedCoupon[];
  addonDepositMinor: number;
}

const NO_EXTRAS: PricedExtras = { lines: [], totalMinor: 0, priced: [], applied: [], addonDepositMinor: 0 };

/** Runs `work`; a piece of an add-on missing for the window becomes the 409 naming the add-on. */
async function addonConflicts<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    throw e instanceof AddonOutOfStock ? addonOutOfStock(e) : e;
  }
}

/**
 * Bookings: quote, book (units for a window), cancel, reschedule and counter sales. Units are chosen among
 * the free ones and inserted; the database's exclusion constraint refuses a unit another booking took
 * meanwhile, and the booking then tries other units, or answers 409 when none is left.
 */
@Injectable()
export class BookingService {
  private readonly logger = new Logger('Booking');

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
    private readonly users: UsersRepository,
    private readonly addons: AddonsService,
    private readonly coupons: CouponsService,
  ) {}

  /**
   * Prices a booking's add-ons and codes after the bike's lines (`bikeLines`, the window's price): each add-on its
   * own line, then each code's discount as a negative line. `lock`: in the booking's transaction (add-on rows
   * locked). `keep`: a reschedule re-prices the codes the booking holds.
   */
  private async priceExtras(
    bike: BikeRow,
    w: BookingWindow,
    quantity: number,
    bikeLines: QuoteLineRow[],
    selections: AddonSelection[],
    codes: string[],
    who: CodeCaller,
    opts: { lock?: boolean; keep?: CouponRow[]; rentalId?: string } = {},
  ): Promise<PricedExtras> {
    if (selections.length === 0 && codes.length === 0 && !opts.keep?.length) return NO_EXTRAS;
    if (!w.end) {
      if (selections.length) throw invalidField('addons', 'Add-ons need a return time (endTime): an open-ended booking is priced at its return');
      throw couponError('COUPON_NOT_APPLICABLE', 'A discount code needs a return time (endTime): an open-ended booking is priced at its return');
    }
    const priced = await this.addons.price(bike, w, quantity, selections, { lock: opts.lock });
    const addonLines = priced.map((p) => p.line);
    const applied = await this.coupons.evaluate(
      codes,
      { bike, start: w.start, end: w.end, quantity, lines: [...bikeLines, ...addonLines], userId: who.userId, rentalId: opts.rentalId },
      who,
      opts.keep?.length ? { keep: opts.keep } : {},
    );
    const lines = [...addonLines, ...applied.map((a) => a.line)];
    const addonDepositMinor = priced.reduce((sum, p) => sum + p.depositMinor, 0);
    if (addonDepositMinor + bike.depositAmountCents * quantity > MAX_MINOR) throw invalidField('addons', 'The deposit for these add-ons is too large');
    return { lines, totalMinor: lines.reduce((sum, l) => sum + l.amountMinor, 0), priced, applied, addonDepositMinor };
  }

  /** Late fee per started hour and unit: LATE_FEE_PER_HOUR, else the hourly price. */
  lateFeeRateMinor(pricePerHourCents: number, currency = this.config.env.RENTAL_CURRENCY): number {
    const configured = this.config.env.LATE_FEE_PER_HOUR;
    return configured === undefined ? pricePerHourCents : minorOfOwnMajor(configured, currency);
  }

  terms(pricePerHourCents: number, currency = this.config.env.RENTAL_CURRENCY): QuoteTermsDto {
    const env = this.config.env;
    return {
      lateFeePerHour: toMajor(this.lateFeeRateMinor(pricePerHourCents, currency), currency),
      lateGraceMinutes: env.LATE_GRACE_MINUTES,
      freeCancellationHours: env.FREE_CANCELLATION_HOURS,
      bookingFee: env.BOOKING_FEE_AMOUNT,
      bookingFeeCurrency: env.BOOKING_FEE_CURRENCY,
    };
  }

  /** GET bikes/{id}/quote: the price of a window and how many units are free for all of it. */
  async quote(bikeId: string, q: QuoteQueryDto, caller?: AuthUser, address?: string): Promise<QuoteDto> {
    const bike = await this.rentals.findActiveBike(bikeId);
    if (!bike) throw new NotFoundException('Bike not found');
    const w = readWindow(q.startTime, q.endTime, this.clock.now());
    await this.shop.assertOpen(w);
    const priced = quoteFor(bike, w, q.quantity)!;
    let ownRentalId: string | undefined;
    let selections = parseAddonsParam(q.addons);
    const codes = parseCodes(q.coupon);
    let keep: CouponRow[] | undefined;
    if (q.rentalId !== undefined) {
      // A reschedule's quote: the booking's own units are free to it (the move may keep them), but only its owner may ask.
      if (!caller) throw new UnauthorizedException('Please log in to continue');
      const own = await this.rentals.findById(q.rentalId);
      if (!own || own.userId !== caller.id || own.bikeId !== bikeId) throw new NotFoundException('Rental not found');
      ownRentalId = own.id;
      // A reschedule's quote carries the booking's add-ons (unless others are asked) and keeps its codes.
      if (q.addons === undefined) {
        selections = (await this.addons.linesOf([own.id])).filter((l) => l.addonId !== null).map((l) => ({ addonId: l.addonId!, quantity: l.quantity }));
      }
      if (codes.length === 0) keep = await this.coupons.ofRental(own.id);
    }
    const available = bike.isAvailable ? await this.fleet.countFree(bikeId, w, ownRentalId) : 0;
    const extras = await this.priceExtras(bike, w, q.quantity, priced.lines, selections, codes, { userId: caller?.id, address }, { keep, rentalId: ownRentalId });
    const totalMinor = priced.totalMinor + extras.totalMinor;
    if (totalMinor > MAX_MINOR) throw new ConflictException({ message: 'The rental period is too long for this bike', code: 'WINDOW_TOO_LONG' });
    const free = extras.priced.length ? await this.addons.available(extras.priced, w, ownRentalId) : new Map<string, number | null>();
    const discountMinor = extras.applied.reduce((sum, a) => sum + a.discountMinor, 0);
    return {
      total: toMajor(totalMinor, bike.currency),
      currency: bike.currency,
      lines: quoteLinesDto([...priced.lines, ...extras.lines], bike.currency),
      available,
      startTime: w.start.toISOString(),
      endTime: w.end!.toISOString(),
      terms: this.terms(bike.pricePerHourCents, bike.currency),
      deposit: { amount: toMajor(bike.depositAmountCents * q.quantity + extras.addonDepositMinor, bike.currency), currency: bike.currency },
      ...(q.addons !== undefined || extras.priced.length
        ? {
            addons: extras.priced.map((p) => ({
              addonId: p.addon.id,
              name: p.addon.name,
              quantity: p.quantity,
              available: free.get(p.addon.id) ?? null,
              unitPrice: toMajor(p.line.unitAmountMinor, bike.currency),
              amount: toMajor(p.line.amountMinor, bike.currency),
              deposit: toMajor(p.depositMinor, bike.currency),
            })),
          }
        : {}),
      ...(extras.applied.length
        ? { coupons: extras.applied.map((a) => ({ couponId: a.coupon.id, code: a.coupon.code, discount: toMajor(a.discountMinor, bike.currency) })), discount: toMajor(discountMinor, bike.currency) }
        : {}),
    };
  }

  /**
   * POST rentals, as a list of steps (issue 24): each step that leaves something behind has its undo, run newest
   * first when a later step fails (src/common/steps).
   * 1. take the network's units (MAX_UNITS_PER_ADDRESS): undo gives them back;
   * 2. reserve, in one transaction: the idempotency claim, the customer's caps, the units, the rental, its booking
   *    fee (pending) and its deposit: undo fails the fee, cancels the rental, frees its units and the key;
   * 3. open the hosted checkout at the gateway (over the network, outside any transaction): undo expires it;
   * 4. confirm, in one transaction: the checkout attached to the fee, `rental.created` recorded, the reply kept for
   *    the key. Nothing is announced for a booking a later step undid.
   */
  async createRental(user: AuthUser, dto: CreateRentalDto, key: string | undefined, origin: string, clientAddress?: string): Promise<HttpReply> {
    const w = readWindow(dto.startTime, dto.endTime, this.clock.now());
    await this.shop.assertOpen(w);
    parseCodes(dto.coupon);
    const scope = this.idempotency.scope(user.id, CREATE_RENTAL_ROUTE, key, dto);
    return this.idempotency.run(scope, (claim) =>
      runSteps('booking', this.logger, async (flow) => {
        await flow.step(this.takeAddressUnitsStep, { address: clientAddress, quantity: dto.quantity });
        const reserved = await flow.step(this.reserveStep, { user, dto, w, claim, clientAddress });
        // A gift card paid the whole fee: the booking is confirmed already, no checkout.
        if (this.payments.isGatewayFree(reserved.payment)) return this.confirmPaidByGiftCard(reserved, origin, claim);
        const session = await flow.step(this.openCheckoutStep, { reserved, origin });
        return flow.step(this.confirmBookingStep, { reserved, session, claim });
      }),
    );
  }

  private readonly takeAddressUnitsStep = createStep(
    'take the network\'s units',
    ({ address, quantity }: { address?: string; quantity: number }) => this.limits.takeAddressUnits(address, quantity),
    (units) => units.giveBack(),
  );

  private readonly reserveStep = createStep(
    'reserve units, rental, booking fee and deposit',
    async ({ user, dto, w, claim, clientAddress }: { user: AuthUser; dto: CreateRentalDto; w: BookingWindow; claim: IdempotencyClaim; clientAddress?: string }): Promise<Reserved> => {
      try {
        return await addonConflicts(() => this.reserve(user, dto, w, claim, clientAddress));
      } catch (e) {
        if (!(e instanceof OutOfStock)) throw e;
        // Units held by lapsed unpaid bookings count as free: release them, then try once more.
        if ((await this.sweeper.expireHolds({ bikeId: dto.bikeId })) === 0) throw outOfStock();
        try {
          return await addonConflicts(() => this.reserve(user, dto, w, claim, clientAddress));
        } catch (again) {
          throw again instanceof OutOfStock ? outOfStock() : again;
        }
      }
    },
    // The booking's units are free again (exactly once), its fee no longer open, and the key may be retried.
    ({ rental, payment }, { claim }) =>
      this.txHost.run(async () => {
        await this.payments.settle(payment.id, 'failed');
        await this.rentals.cancelAndRelease(rental.id, this.clock.now());
        await claim.release();
      }),
  );

  private readonly openCheckoutStep = createStep(
    'open the booking fee\'s checkout at the gateway',
    ({ reserved: { rental, payment, bikeName }, origin }: { reserved: Reserved; origin: string }): Promise<CheckoutSession> =>
      this.payments.createCheckout(payment, paymentDescription('booking_fee', bikeName, rental.quantity), this.payments.publicOrigin(origin)),
    (session, { reserved: { payment } }) => this.payments.closeCheckouts([{ ...payment, providerRef: session.providerRef }]),
  );

  private confirmPaidByGiftCard({ rental, payment }: Reserved, origin: string, claim: IdempotencyClaim): Promise<HttpReply> {
    return this.txHost.run(async () => {
      const data: CreateRentalResultDto = {
        rental: await this.views.find(rental.id),
        payment_url: this.payments.resultUrl(this.payments.publicOrigin(origin), payment.id),
        payment: toPaymentSummaryDto(payment),
      };
      const reply = { status: 201, body: { success: true, message: 'The booking fee was paid with your gift card.', data } };
      await claim.complete(reply);
      bookings.inc();
      return reply;
    });
  }

  private readonly confirmBookingStep = createStep(
    'attach the checkout, announce the booking, keep the reply',
    ({ reserved: { rental, payment }, session, claim }: { reserved: Reserved; session: CheckoutSession; claim: IdempotencyClaim }): Promise<HttpReply> =>
      this.txHost.run(async () => {
        const opened = await this.payments.attachCheckout(payment.id, session);
        // The event carries the rental's DTO as it is now: the reply is the same DTO, not read a second time.
        const created = await this.events.rentalRecorded('rental.created', rental.id);
        const data: CreateRentalResultDto = {
          rental: (created?.data as RentalDto | undefined) ?? (await this.views.find(rental.id)),
          payment_url: session.url,
          payment: toPaymentSummaryDto(opened ?? payment),
        };
        const reply = { status: 201, body: { success: true, message: 'Go to the payment page to complete the rental process.', data } };
        await claim.complete(reply);
        bookings.inc();
        return reply;
      }),
  );

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

  private rentalValues(bike: BikeRow, w: BookingWindow, quantity: number, now: Date, extras: PricedExtras = NO_EXTRAS): Omit<NewRentalRow, 'userId' | 'status'> {
    const base = quoteFor(bike, w, quantity);
    const quote = base ? { lines: [...base.lines, ...extras.lines], totalMinor: base.totalMinor + extras.totalMinor } : null;
    if (quote && quote.totalMinor > MAX_MINOR) throw new ConflictException({ message: 'The rental period is too long for this bike', code: 'WINDOW_TOO_LONG' });
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

  private async reserve(user: AuthUser, dto: CreateRentalDto, w: BookingWindow, claim: IdempotencyClaim, clientAddress?: string): Promise<Reserved> {
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
      const extras = await this.priceExtras(bike, w, dto.quantity, quoteFor(bike, w, dto.quantity)?.lines ?? [], dto.addons ?? [], parseCodes(dto.coupon), { userId: user.id, address: clientAddress }, { lock: true });
      const values = this.rentalValues(bike, w, dto.quantity, now, extras);
      await this.checkExpectedTotal(dto, values.totalCostCents ?? 0, w, values.currency ?? this.config.env.RENTAL_CURRENCY);
      const holdExpiresAt = new Date(now.getTime() + this.config.env.HOLD_MINUTES * MINUTE_MS);
      const rental = await this.rentals.insert({ ...values, userId: user.id, status: 'pending_fee', holdExpiresAt });
      await this.takeUnits(bike.id, rental.id, w, dto.quantity);
      await this.addons.take(rental.id, w, extras.priced);
      await this.coupons.redeem(extras.applied, rental.id, user.id, bike.currency);
      const payment = await this.payments.open(
        {
          rentalId: rental.id,
          userId: user.id,
          kind: 'booking_fee',
          amountMinor: this.config.bookingFeeMinor,
          currency: this.config.env.BOOKING_FEE_CURRENCY,
          expiresAt: holdExpiresAt,
        },
        dto.giftCardCode,
      );
      await this.deposits.onBooked(rental, bike, extras.addonDepositMinor);
      return { rental, payment, bikeName: bike.name };
    });
  }

  /** The customer saw `expectedTotal`: book only at that price (under the bike's lock, so the price cannot change meanwhile). */
  private async checkExpectedTotal(dto: CreateRentalDto, totalMinor: number, w: BookingWindow, currency: string): Promise<void> {
    if (dto.expectedTotal === undefined) return;
    if (!w.end) throw invalidField('expectedTotal', 'expectedTotal needs an endTime: an open-ended booking is priced at its return');
    // More decimals than the currency has (12.345 USD) is a malformed amount (400 naming the field), not another price.
    if (minorOfField(dto.expectedTotal, currency, 'expectedTotal') === totalMinor) return;
    const quote = await this.quote(dto.bikeId, {
      startTime: dto.startTime,
      endTime: dto.endTime!,
      quantity: dto.quantity,
      ...(dto.addons?.length ? { addons: dto.addons.map((a) => `${a.addonId}:${a.quantity}`).join(',') } : {}),
      ...(dto.coupon ? { coupon: dto.coupon } : {}),
    });
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
    await runSteps('cancel', this.logger, async (flow) => {
      const { closed, refunds } = await flow.step(this.cancelBookingStep, { user, id });
      // The cancel committed: what follows moves forward, never back (a failed refund shows on Payment Attention,
      // a deposit not released is retried by the deposit scheduler, a checkout left open cannot be paid: its fee is
      // cancelled).
      await flow.step(this.closeCheckoutsStep, closed);
      await flow.step(this.refundStep, refunds);
      await flow.step(this.releaseDepositStep, id);
    });
    return this.views.find(id);
  }

  /** In one transaction: the rental cancelled (units free), its open payments closed, the refunds owed chosen. */
  private readonly cancelBookingStep = createStep(
    'cancel the booking and close its payments',
    ({ user, id }: { user: AuthUser; id: string }): Promise<{ closed: PaymentRow[]; refunds: PaymentRow[] }> =>
      this.txHost.run(async () => {
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
      }),
  );

  private readonly closeCheckoutsStep = createStep('expire the closed payments\' checkouts at the gateway', (closed: PaymentRow[]) => this.payments.closeCheckouts(closed));

  private readonly refundStep = createStep('refund through the gateway', async (refunds: PaymentRow[]) => {
    for (const p of refunds) await this.payments.refund(p);
  });

  private readonly releaseDepositStep = createStep('release the deposit', (rentalId: string) => this.deposits.onCancelled(rentalId));

  /**
   * POST rentals/{id}/reschedule (owner, before the start): the same units if free, else others; a new quote.
   * Open rental payments (their amount was the old quote) are closed, their checkouts expired at the gateway; the
   * booking fee's checkout stays (its amount does not depend on the window). A paid fee's free-cancellation
   * deadline never moves later.
   */
  async reschedule(user: AuthUser, id: string, dto: RescheduleRentalDto): Promise<RentalDto> {
    const w = readWindow(dto.startTime, dto.endTime, this.clock.now());
    await this.shop.assertOpen(w);
    await runSteps('reschedule', this.logger, async (flow) => {
      const superseded = await flow.step(this.moveBookingStep, { user, id, w });
      // The move committed; the superseded payments are expired already, their checkouts only closed at the gateway.
      await flow.step(this.closeCheckoutsStep, superseded);
    });
    return this.views.find(id);
  }

  /** In one transaction (retried when the chosen units were taken meanwhile): units moved, new quote, rental payments superseded. */
  private readonly moveBookingStep = createStep(
    'move the units and the quote, supersede the rental payments',
    async ({ user, id, w }: { user: AuthUser; id: string; w: BookingWindow }): Promise<PaymentRow[]> => {
      try {
        return await addonConflicts(() => this.withUnits(async () => {
          const rental = await this.ownOpenRental(user, id);
          if (rental.totalPaidCents !== null) {
            throw new ConflictException({ message: 'A rental paid in advance cannot be moved; cancel it and book again', code: 'ALREADY_PAID' });
          }
          await this.rentals.lockUser(user.id);
          const bike = await this.bookableBike(rental.bikeId);
          const now = this.clock.now();
          // Moving a booking to a year-long window is holding too.
          await this.limits.checkCustomer(user.id, bike.id, w, rental.quantity, now, rental.id);
          // Its add-ons and codes go with it: the pieces are taken again for the new window (stock re-checked).
          const selections = (await this.addons.linesOf([rental.id])).filter((l) => l.addonId !== null).map((l) => ({ addonId: l.addonId!, quantity: l.quantity }));
          const keep = await this.coupons.ofRental(rental.id);
          const extras = await this.priceExtras(bike, w, rental.quantity, quoteFor(bike, w, rental.quantity)?.lines ?? [], selections, [], { userId: user.id }, { lock: true, keep, rentalId: rental.id });
          const values = this.rentalValues(bike, w, rental.quantity, now, extras);
          await this.fleet.releaseRental(rental.id);
          await this.addons.release(rental.id);
          await this.takeUnits(bike.id, rental.id, w, rental.quantity);
          await this.addons.take(rental.id, w, extras.priced);
          await this.coupons.reprice(rental.id, extras.applied);
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
        }));
      } catch (e) {
        throw e instanceof OutOfStock ? outOfStock() : e;
      }
    },
  );

  /**
   * The counter's check-out of a rental picked up more than 15 minutes off its window: the window moves to start at
   * the pick-up and keeps its length (the return time moves with it), priced again at the rates fixed at booking,
   * in the caller's transaction. The units' periods move too (the exclusion constraint checks them: 23P01 when a
   * unit is taken right before or after). Open rental checkouts of the old amount are closed, as a reschedule does.
   */
  async moveWindowAtPickup(id: string, pickup: Date): Promise<{ rental: RentalRow; closed: PaymentRow[] }> {
    const rental = await this.rentals.lock(id);
    if (!rental) throw new NotFoundException('Rental not found');
    const end = rental.endTime === null ? null : new Date(pickup.getTime() + (rental.endTime.getTime() - rental.startTime.getTime()));
    const w: BookingWindow = { start: pickup, end };
    const quote = quoteFor({ pricePerHourCents: rental.pricePerHourCents, pricePerDayCents: rental.pricePerDayCents, pricePerWeekCents: rental.pricePerWeekCents }, w, rental.quantity);
    const total = quote?.totalMinor ?? 0;
    if (rental.totalPaidCents !== null && rental.totalPaidCents > total) {
      throw new ConflictException({ message: 'More was paid than the moved window costs; keep the booked window', code: 'ALREADY_PAID' });
    }
    await this.fleet.moveRentalPeriod(id, w);
    const now = this.clock.now();
    const updated = (await this.rentals.update(id, { startTime: w.start, endTime: w.end, quoteLines: quote?.lines ?? null, totalCostCents: total, updatedAt: now }))!;
    const closed: PaymentRow[] = [];
    if (total !== rental.totalCostCents) {
      for (const p of await this.payments.findPending(id)) {
        if (p.kind === 'booking_fee') continue;
        const done = await this.payments.settle(p.id, 'expired');
        if (done) closed.push(done);
      }
    }
    await this.events.rental('rental.rescheduled', id);
    return { rental: updated, closed };
  }

  /** Closes checkouts at the gateway after the transaction that expired them committed. */
  closeCheckouts(closed: PaymentRow[]): Promise<void> {
    return this.payments.closeCheckouts(closed);
  }

  /**
   * POST rentals/counter (admin): a booking for a customer in the shop, booked at once without the online
   * booking fee. When `paid` and the window is fixed, the quote is recorded as paid at the counter.
   */
  async counterSale(dto: CounterSaleDto): Promise<RentalDto> {
    const w = readWindow(dto.startTime, dto.endTime, this.clock.now());
    // The users module's own query (case-insensitive email), not a read of its table from here.
    const customer = await this.users.findByEmail(dto.customerEmail);
    if (!customer) throw new NotFoundException({ message: 'No customer with this email', code: 'CUSTOMER_NOT_FOUND' });
    const codes = parseCodes(dto.coupon);
    let rentalId: string;
    try {
      rentalId = await addonConflicts(() => this.withUnits(async () => {
        const now = this.clock.now();
        const bike = await this.bookableBike(dto.bikeId);
        const extras = await this.priceExtras(bike, w, dto.quantity, quoteFor(bike, w, dto.quantity)?.lines ?? [], dto.addons ?? [], codes, { userId: customer.id }, { lock: true });
        const values = this.rentalValues(bike, w, dto.quantity, now, extras);
        await this.checkExpectedTotal(dto, values.totalCostCents ?? 0, w, values.currency ?? this.config.env.RENTAL_CURRENCY);
        const paidNow = dto.paid && values.totalCostCents! > 0 && w.end !== null;
        const rental = await this.rentals.insert(
          { ...values, userId: customer.id, status: 'booked', source: 'counter', paymentMethod: dto.paymentMethod, totalPaidCents: paidNow ? values.totalCostCents : null },
        );
        await this.takeUnits(bike.id, rental.id, w, dto.quantity);
        await this.addons.take(rental.id, w, extras.priced);
        await this.coupons.redeem(extras.applied, rental.id, customer.id, bike.currency);
        await this.deposits.onCounterSale(rental, bike, dto.depositMethod ?? dto.paymentMethod, extras.addonDepositMinor);
        await this.events.rental('rental.created', rental.id);
        await this.events.rental('rental.booked', rental.id);
        if (paidNow) {
          await this.payments.recordCounterPayment(
            { rentalId: rental.id, userId: customer.id, kind: 'rental', amountMinor: values.totalCostCents!, currency: bike.currency, expiresAt: null },
            dto.paymentMethod,
          );
        }
        return rental.id;
      }));
    } catch (e) {
      throw e instanceof OutOfStock ? outOfStock() : e;
    }
    return this.views.find(rentalId);
  }
}

