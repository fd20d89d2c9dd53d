import { BadRequestException, ConflictException, HttpException, HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { Clock } from '../../common/clock.js';
import { minorOfField, shareOfMinor, toMajor } from '../../common/money.js';
import { isCurrencyCode } from '../../../locales/currency.js';
import { invalidField } from '../../common/field-error.js';
import { RateLimitStore } from '../../common/rate-limit.guard.js';
import { AppConfig } from '../../config/app-config.js';
import { isCheckViolation, isUniqueViolation } from '../../database/pg-errors.js';
import { TransactionHost } from '../../database/transaction-host.js';
import { addons } from '../../database/schema/addons.js';
import { couponRedemptions, CouponRow, coupons, NewCouponRow } from '../../database/schema/coupons.js';
import { rentals } from '../../database/schema/rentals.js';
import type { QuoteLineRow } from '../../database/schema/rentals.js';
import { DomainEvents } from '../events/domain-events.service.js';
import { COUPON_CODE, CouponDto, CouponStatsDto, CreateCouponDto, toCouponDto, UpdateCouponDto } from './coupons.dto.js';

const HOUR_MS = 3_600_000;
export const MAX_CODES = 3;

/** What the booking is, for a code's rules. */
export interface CouponContext {
  bike: { id: string; currency: string };
  start: Date;
  end: Date;
  quantity: number;
  /** The booking's lines before discounts (the bike's time and the add-ons). */
  lines: QuoteLineRow[];
  userId?: string;
  /** A reschedule: this rental's own use does not count against the customer. */
  rentalId?: string;
}

export interface AppliedCoupon {
  coupon: CouponRow;
  discountMinor: number;
  line: QuoteLineRow;
}

/** Who is trying codes (guessing is limited per customer and per client address). */
export interface CodeCaller {
  userId?: string;
  address?: string;
}

/** The 400 naming `coupon`, with why. */
export const couponError = (code: string, message: string): BadRequestException =>
  new BadRequestException({ message, code, errors: [{ path: 'coupon', message }] });

/** `coupon` as sent: one code, or stackable codes separated by commas. */
export function parseCodes(value: string | undefined | null): string[] {
  if (value === undefined || value === null || value.trim() === '') return [];
  const codes = [...new Set(value.split(',').map((c) => c.trim()).filter(Boolean).map((c) => c.toUpperCase()))];
  if (codes.length > MAX_CODES) throw couponError('COUPON_INVALID', `At most ${MAX_CODES} codes can be combined`);
  for (const c of codes) if (!COUPON_CODE.test(c)) throw couponError('COUPON_UNKNOWN', `Unknown code ${c.slice(0, 40)}`);
  return codes;
}

/**
 * Discount codes: the admin's codes and their numbers, the discount a booking gets, and the use it takes. A use is
 * taken in the booking's transaction: `uses = uses + 1` on the code's row (its lock orders concurrent bookings, and
 * the check constraint coupons_uses_within_limit refuses the use past max_uses), then the customer's own uses are
 * counted under that lock. Cancelled and lapsed bookings give their use back.
 */
@Injectable()
export class CouponsService {
  constructor(
    private readonly txHost: TransactionHost,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly store: RateLimitStore,
    private readonly events: DomainEvents,
  ) {}

  // ---- admin ----

  async list(): Promise<CouponStatsDto[]> {
    const rows = await this.txHost.db
      .select({
        c: coupons,
        revenue: sql<number>`coalesce(sum(${rentals.totalCostCents}) filter (where ${rentals.status} <> 'cancelled'), 0)`.mapWith(Number),
        discount: sql<number>`coalesce(sum(${couponRedemptions.discountCents}), 0)`.mapWith(Number),
      })
      .from(coupons)
      .leftJoin(couponRedemptions, eq(couponRedemptions.couponId, coupons.id))
      .leftJoin(rentals, eq(rentals.id, couponRedemptions.rentalId))
      .groupBy(coupons.id)
      .orderBy(asc(coupons.code));
    return rows.map((r) => ({ ...toCouponDto(r.c), revenue: toMajor(r.revenue, r.c.currency), discountGiven: toMajor(r.discount, r.c.currency) }));
  }

  async get(id: string): Promise<CouponStatsDto> {
    const found = (await this.list()).find((c) => c._id === id);
    if (!found) throw new NotFoundException('Coupon not found');
    return found;
  }

  private rules(dto: UpdateCouponDto): Partial<NewCouponRow> {
    const v: Partial<NewCouponRow> = {};
    if (dto.validFrom !== undefined) v.validFrom = dto.validFrom === null ? null : new Date(dto.validFrom);
    if (dto.validUntil !== undefined) v.validUntil = dto.validUntil === null ? null : new Date(dto.validUntil);
    if (dto.bikeIds !== undefined) v.bikeIds = dto.bikeIds === null || dto.bikeIds.length === 0 ? null : [...new Set(dto.bikeIds.map((b) => b.toLowerCase()))];
    if (dto.minHours !== undefined) v.minHours = dto.minHours;
    if (dto.minQuantity !== undefined) v.minQuantity = dto.minQuantity;
    if (dto.maxUses !== undefined) v.maxUses = dto.maxUses;
    if (dto.maxUsesPerCustomer !== undefined) v.maxUsesPerCustomer = dto.maxUsesPerCustomer;
    if (dto.stackable !== undefined) v.stackable = dto.stackable;
    if (dto.isActive !== undefined) v.isActive = dto.isActive;
    return v;
  }

  private checkDates(v: { validFrom?: Date | null; validUntil?: Date | null }): void {
    if (v.validFrom && v.validUntil && v.validUntil.getTime() <= v.validFrom.getTime()) {
      throw new BadRequestException({ message: 'validUntil must be after validFrom', code: 'VALIDATION_FAILED', errors: [{ path: 'validUntil', message: 'validUntil must be after validFrom' }] });
    }
  }

  async create(dto: CreateCouponDto): Promise<CouponStatsDto> {
    if (dto.currency !== undefined && !isCurrencyCode(dto.currency)) throw invalidField('currency', `currency ${dto.currency} is not an ISO 4217 currency code`);
    const now = this.clock.now();
    const v: NewCouponRow = {
      ...this.rules(dto),
      code: dto.code.toUpperCase(),
      kind: dto.kind,
      percentOff: dto.kind === 'percent' ? dto.percentOff! : null,
      amountOffCents: dto.kind === 'fixed' ? minorOfField(dto.amountOff!, dto.currency ?? this.config.env.RENTAL_CURRENCY, 'amountOff') : null,
      currency: dto.currency ?? this.config.env.RENTAL_CURRENCY,
      freeAddonId: dto.kind === 'free_addon' ? dto.freeAddonId!.toLowerCase() : null,
      createdAt: now,
      updatedAt: now,
    };
    this.checkDates(v);
    if (v.freeAddonId) {
      const [a] = await this.txHost.db.select({ id: addons.id }).from(addons).where(eq(addons.id, v.freeAddonId));
      if (!a) throw new BadRequestException({ message: 'freeAddonId is not an add-on', code: 'VALIDATION_FAILED', errors: [{ path: 'freeAddonId', message: 'freeAddonId is not an add-on' }] });
    }
    try {
      const [row] = await this.txHost.db.insert(coupons).values(v).returning();
      return this.get(row.id);
    } catch (e) {
      if (isUniqueViolation(e)) throw new ConflictException({ message: `The code ${v.code} exists already`, code: 'COUPON_EXISTS' });
      throw e;
    }
  }

  async update(id: string, dto: UpdateCouponDto): Promise<CouponStatsDto> {
    await this.txHost.run(async () => {
      const [current] = await this.txHost.db.select().from(coupons).where(eq(coupons.id, id)).for('update');
      if (!current) throw new NotFoundException('Coupon not found');
      const v = this.rules(dto);
      this.checkDates({ validFrom: v.validFrom === undefined ? current.validFrom : v.validFrom, validUntil: v.validUntil === undefined ? current.validUntil : v.validUntil });
      if (v.maxUses !== undefined && v.maxUses !== null && v.maxUses < current.uses) {
        throw new ConflictException({ message: `maxUses cannot go below the ${current.uses} uses already made`, code: 'COUPON_USES_EXCEED_LIMIT' });
      }
      await this.txHost.db.update(coupons).set({ ...v, updatedAt: this.clock.now() }).where(eq(coupons.id, id));
    });
    return this.get(id);
  }

  // ---- in a quote or a booking ----

  private guessKeys(who: CodeCaller): string[] {
    const keys: string[] = [];
    if (who.userId) keys.push(`coupon:user:${who.userId}`);
    if (who.address) keys.push(`coupon:ip:${who.address}`);
    return keys;
  }

  /** 429 once the caller tried COUPON_GUESS_LIMIT unknown codes in the window (per customer and per address). */
  private async checkGuesses(who: CodeCaller): Promise<void> {
    const limit = this.config.env.COUPON_GUESS_LIMIT;
    for (const key of this.guessKeys(who)) {
      const { count, resetInMs } = await this.store.peek(key);
      if (count >= limit) {
        const minutes = Math.max(1, Math.ceil(resetInMs / 60_000));
        throw new HttpException(
          { message: `Too many unknown codes tried; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`, code: 'COUPON_RATE_LIMIT', errors: [{ path: 'coupon', message: 'Too many unknown codes tried' }] },
          HttpStatus.TOO_MANY_REQUESTS,
        );
      }
    }
  }

  private async missed(who: CodeCaller): Promise<void> {
    const windowMs = this.config.env.COUPON_GUESS_WINDOW_MINUTES * 60_000;
    for (const key of this.guessKeys(who)) await this.store.hit(key, windowMs);
  }

  /**
   * The codes' discounts for a booking, as quote lines (negative amounts), or a 400 naming `coupon` with the reason
   * (unknown, not valid yet, expired, used up, not for this bike or window, not combinable). `keep`: a reschedule
   * re-prices the codes the booking already holds (their use is taken; only the booking's own rules are checked).
   */
  async evaluate(codes: string[], ctx: CouponContext, who: CodeCaller, opts: { keep?: CouponRow[] } = {}): Promise<AppliedCoupon[]> {
    let found: CouponRow[];
    if (opts.keep) {
      found = opts.keep;
    } else {
      if (codes.length === 0) return [];
      await this.checkGuesses(who);
      found = await this.txHost.db.select().from(coupons).where(inArray(sql`upper(${coupons.code})`, codes));
      for (const code of codes) {
        const c = found.find((f) => f.code.toUpperCase() === code);
        if (!c || !c.isActive) {
          await this.missed(who);
          throw couponError('COUPON_UNKNOWN', `Unknown code ${code}`);
        }
      }
      const now = this.clock.now().getTime();
      for (const c of found) {
        if (c.validFrom && now < c.validFrom.getTime()) throw couponError('COUPON_NOT_YET_VALID', `The code ${c.code} is valid from ${c.validFrom.toISOString()}`);
        if (c.validUntil && now >= c.validUntil.getTime()) throw couponError('COUPON_EXPIRED', `The code ${c.code} has expired`);
        if (c.maxUses !== null && c.uses >= c.maxUses) throw couponError('COUPON_EXHAUSTED', `The code ${c.code} has been used up`);
        if (c.maxUsesPerCustomer !== null && ctx.userId && (await this.usesBy(c.id, ctx.userId, ctx.rentalId)) >= c.maxUsesPerCustomer) {
          throw couponError('COUPON_EXHAUSTED', `You have already used the code ${c.code} ${c.maxUsesPerCustomer === 1 ? 'once' : `${c.maxUsesPerCustomer} times`}`);
        }
      }
      if (found.length > 1) {
        const single = found.find((c) => !c.stackable);
        if (single) throw couponError('COUPON_NOT_STACKABLE', `The code ${single.code} cannot be combined with other codes`);
      }
    }
    const ms = ctx.end.getTime() - ctx.start.getTime();
    for (const c of found) {
      if (c.bikeIds && !c.bikeIds.includes(ctx.bike.id)) throw couponError('COUPON_NOT_APPLICABLE', `The code ${c.code} is not valid for this bike`);
      if (ms < c.minHours * HOUR_MS) throw couponError('COUPON_NOT_APPLICABLE', `The code ${c.code} needs a rental of at least ${c.minHours} hours`);
      if (ctx.quantity < c.minQuantity) throw couponError('COUPON_NOT_APPLICABLE', `The code ${c.code} needs at least ${c.minQuantity} bikes`);
      if (c.kind === 'fixed' && c.currency !== ctx.bike.currency) throw couponError('COUPON_NOT_APPLICABLE', `The code ${c.code} is in ${c.currency}; this bike is priced in ${ctx.bike.currency}`);
      if (c.kind === 'free_addon' && !ctx.lines.some((l) => l.kind === 'addon' && l.ref === c.freeAddonId)) {
        const [a] = c.freeAddonId ? await this.txHost.db.select({ name: addons.name }).from(addons).where(eq(addons.id, c.freeAddonId)) : [];
        throw couponError('COUPON_NOT_APPLICABLE', `The code ${c.code} gives a free ${a?.name ?? 'add-on'}: add one to the booking`);
      }
    }
    // Free add-ons first, then fixed amounts, then percentages of what is left; never below zero.
    const order = { free_addon: 0, fixed: 1, percent: 2 } as const;
    let remaining = ctx.lines.reduce((s, l) => s + l.amountMinor, 0);
    const out: AppliedCoupon[] = [];
    for (const c of [...found].sort((a, b) => order[a.kind] - order[b.kind] || a.code.localeCompare(b.code))) {
      let d = 0;
      let label = `Code ${c.code}`;
      if (c.kind === 'free_addon') {
        const line = ctx.lines.find((l) => l.kind === 'addon' && l.ref === c.freeAddonId)!;
        d = line.unitAmountMinor;
        label = `Code ${c.code}: one ${line.label.replace(/ × \d+$/, '')} free`;
      } else if (c.kind === 'fixed') {
        d = c.amountOffCents!;
      } else {
        d = shareOfMinor(remaining, c.percentOff!, 100);
        label = `Code ${c.code}: ${c.percentOff}% off`;
      }
      d = Math.max(0, Math.min(d, remaining));
      remaining -= d;
      out.push({ coupon: c, discountMinor: d, line: { label, quantity: 1, unitAmountMinor: -d, amountMinor: -d, kind: 'discount', ref: c.id } });
    }
    return out;
  }

  private async usesBy(couponId: string, userId: string, exceptRentalId?: string): Promise<number> {
    const [row] = await this.txHost.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId), exceptRentalId ? ne(couponRedemptions.rentalId, exceptRentalId) : undefined));
    return row.n;
  }

  /**
   * In the booking's transaction: takes one use of each code for the rental. The row update locks the code (so
   * concurrent bookings take its last use one at a time) and the check constraint refuses a use past max_uses.
   */
  async redeem(applied: AppliedCoupon[], rentalId: string, userId: string, currency: string): Promise<void> {
    for (const a of [...applied].sort((x, y) => (x.coupon.id < y.coupon.id ? -1 : 1))) {
      let row: CouponRow | undefined;
      try {
        [row] = await this.txHost.db
          .update(coupons)
          .set({ uses: sql`${coupons.uses} + 1` })
          .where(eq(coupons.id, a.coupon.id))
          .returning();
      } catch (e) {
        if (isCheckViolation(e)) throw couponError('COUPON_EXHAUSTED', `The code ${a.coupon.code} has been used up`);
        throw e;
      }
      if (!row || !row.isActive) throw couponError('COUPON_UNKNOWN', `Unknown code ${a.coupon.code}`);
      if (row.maxUsesPerCustomer !== null && (await this.usesBy(row.id, userId)) >= row.maxUsesPerCustomer) {
        throw couponError('COUPON_EXHAUSTED', `You have already used the code ${row.code} ${row.maxUsesPerCustomer === 1 ? 'once' : `${row.maxUsesPerCustomer} times`}`);
      }
      await this.txHost.db.insert(couponRedemptions).values({ couponId: row.id, rentalId, userId, discountCents: a.discountMinor, createdAt: this.clock.now() });
      await this.events.record({
        type: 'coupon.redeemed',
        userId,
        data: { coupon: toCouponDto(row), rentalId, discount: toMajor(a.discountMinor, currency), currency },
      });
    }
  }

  /** The codes a rental holds. */
  async ofRental(rentalId: string): Promise<CouponRow[]> {
    const rows = await this.txHost.db
      .select({ c: coupons })
      .from(couponRedemptions)
      .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
      .where(eq(couponRedemptions.rentalId, rentalId));
    return rows.map((r) => r.c);
  }

  /** A reschedule: the discounts of the codes the rental keeps, re-priced. */
  async reprice(rentalId: string, applied: AppliedCoupon[]): Promise<void> {
    for (const a of applied) {
      await this.txHost.db
        .update(couponRedemptions)
        .set({ discountCents: a.discountMinor })
        .where(and(eq(couponRedemptions.rentalId, rentalId), eq(couponRedemptions.couponId, a.coupon.id)));
    }
  }

  /** A cancelled or lapsed booking gives its uses back (in the transaction that cancels it, once). */
  async release(rentalId: string): Promise<void> {
    await this.txHost.db.execute(sql`
      with gone as (delete from "coupon_redemptions" where "rental_id" = ${rentalId} returning "coupon_id")
      update "coupons" set "uses" = "uses" - 1 where "id" in (select "coupon_id" from gone)`);
  }

  toDto(c: CouponRow): CouponDto {
    return toCouponDto(c);
  }
}
