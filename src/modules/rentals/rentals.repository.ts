import { Injectable } from '@nestjs/common';
import { alias } from 'drizzle-orm/pg-core';
import { and, asc, desc, eq, gt, inArray, isNull, lte, ne, notExists, or, SQL, sql } from 'drizzle-orm';
import { TransactionHost } from '../../database/transaction-host.js';
import { BikeRow, bikes } from '../../database/schema/bikes.js';
import { payments, PaymentStatus } from '../../database/schema/payments.js';
import { NewRentalRow, RentalRow, rentals, RentalStatus } from '../../database/schema/rentals.js';
import { reviews } from '../../database/schema/reviews.js';
import { depositMovements, deposits } from '../../database/schema/deposits.js';
import type { DepositViewRow } from './deposits/deposits.dto.js';
import { users } from '../../database/schema/users.js';
import { CouponsService } from '../coupons/coupons.service.js';
import { FleetRepository } from '../bikes/fleet.repository.js';

/** A rental with what its DTO shows: the bike (deleted or not), the renter, the booking fee, whether it was reviewed. */
export interface RentalView {
  rental: RentalRow;
  units: { id: string; label: string }[];
  bike: { id: string; name: string; imageUrl: string; pricePerHourCents: number; brand: string; model: string };
  /** language: the customer's chosen language (users.language), null when none. */
  user: { id: string; name: string; email: string; language: string | null };
  fee: { id: string; amountMinor: number; currency: string; status: PaymentStatus } | null;
  reviewAdded: boolean;
  deposit: DepositViewRow | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const bookingFee = alias(payments, 'booking_fee');

@Injectable()
export class RentalsRepository {
  constructor(
    private readonly txHost: TransactionHost,
    private readonly fleet: FleetRepository,
    private readonly coupons: CouponsService,
  ) {}

  /**
   * Row-locks the customer until the current transaction ends: bookings of one customer run one after the other, so the count of
   * bookings awaiting their fee cannot be overtaken by a concurrent booking.
   */
  async lockUser(userId: string): Promise<void> {
    // NO KEY UPDATE: serialises the customer's bookings without conflicting with the KEY SHARE locks that inserts
    // referencing the user (idempotency key, rental, payment) take; FOR UPDATE deadlocked two bookings of one customer.
    await this.txHost.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  }
  /** Rentals of a customer whose bikes are still out or held for an unpaid booking fee. */
  async countOpenOf(userId: string): Promise<number> {
    const [{ n }] = await this.txHost.db
      .select({ n: sql<number>`count(*)::int` })
      .from(rentals)
      .where(and(eq(rentals.userId, userId), inArray(rentals.status, ['pending_fee', 'booked'])));
    return n;
  }


  /** Bookings of the customer awaiting their booking fee whose hold has not lapsed. */
  async countPending(userId: string, now: Date): Promise<number> {
    const [row] = await this.txHost.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(rentals)
      .where(and(eq(rentals.userId, userId), eq(rentals.status, 'pending_fee'), gt(rentals.holdExpiresAt, now)));
    return row.n;
  }

  /** Row-locks a rental until the current transaction ends. */
  async lock(id: string): Promise<RentalRow | undefined> {
    const [row] = await this.txHost.db.select().from(rentals).where(eq(rentals.id, id)).limit(1).for('update');
    return row;
  }

  async update(id: string, values: Partial<NewRentalRow>): Promise<RentalRow | undefined> {
    const [row] = await this.txHost.db.update(rentals).set(values).where(eq(rentals.id, id)).returning();
    return row;
  }

  async findActiveBike(bikeId: string, lock = false): Promise<BikeRow | undefined> {
    const q = this.txHost.db
      .select()
      .from(bikes)
      .where(and(eq(bikes.id, bikeId), isNull(bikes.deletedAt)))
      .limit(1);
    // Bookings of one bike take its row in turn: concurrent inserts into the exclusion constraint deadlock (each waits
    // for the other's uncommitted period: 40P01, one second of deadlock_timeout per round) far more often than a
    // shop's bookings of one bike collide; a fleet change or a deletion (update lock) waits for them too.
    const [row] = lock ? await q.for('no key update') : await q;
    return row;
  }

  async insert(values: NewRentalRow): Promise<RentalRow> {
    const [row] = await this.txHost.db.insert(rentals).values(values).returning();
    return row;
  }

  async findById(id: string): Promise<RentalRow | undefined> {
    const [row] = await this.txHost.db.select().from(rentals).where(eq(rentals.id, id)).limit(1);
    return row;
  }

  /** By paymentRef, or by _id when `ref` is a uuid; row-locked when `lock` (inside a transaction). */
  async findByRef(ref: string, userId: string, lock = false): Promise<RentalRow | undefined> {
    const match = UUID.test(ref) ? or(eq(rentals.paymentRef, ref), eq(rentals.id, ref)) : eq(rentals.paymentRef, ref);
    const query = this.txHost.db
      .select()
      .from(rentals)
      .where(and(match, eq(rentals.userId, userId)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  async listViews(where: SQL | undefined, page?: { offset: number; limit: number }): Promise<RentalView[]> {
    const query = this.txHost.db
      .select({
        rental: rentals,
        bike: {
          id: bikes.id,
          name: bikes.name,
          imageUrl: bikes.imageUrl,
          pricePerHourCents: bikes.pricePerHourCents,
          brand: bikes.brand,
          model: bikes.model,
        },
        user: { id: users.id, name: users.name, email: users.email, language: users.language },
        feeId: bookingFee.id,
        feeAmount: bookingFee.amountMinor,
        feeCurrency: bookingFee.currency,
        feeStatus: bookingFee.status,
        reviewAdded: sql<boolean>`exists (select 1 from ${reviews} where ${reviews.rentalId} = ${rentals.id})`,
        deposit: {
          amountMinor: deposits.amountMinor,
          currency: deposits.currency,
          status: deposits.status,
          method: deposits.method,
          heldMinor: deposits.heldMinor,
          capturedMinor: deposits.capturedMinor,
          captureBefore: deposits.captureBefore,
          reason: deposits.reason,
        },
        depositActionUrl: sql<string | null>`(select ${depositMovements.actionUrl} from ${depositMovements} where ${depositMovements.rentalId} = ${rentals.id} and ${depositMovements.status} = 'requires_action' limit 1)`,
      })
      .from(rentals)
      // Past rentals keep their bike even after it is deleted.
      .innerJoin(bikes, eq(bikes.id, rentals.bikeId))
      .innerJoin(users, eq(users.id, rentals.userId))
      // A booking may try its fee more than once while the hold lasts: the paid one (later refunded, perhaps) if any, else the latest try.
      .leftJoin(
        bookingFee,
        eq(
          bookingFee.id,
          sql`(select p."id" from "payments" p where p."rental_id" = ${rentals.id} and p."kind" = 'booking_fee'
                order by (p."status" in ('succeeded', 'refunded')) desc, p."created_at" desc, p."id" desc limit 1)`,
        ),
      )
      .leftJoin(deposits, eq(deposits.rentalId, rentals.id))
      .where(where)
      .orderBy(desc(rentals.createdAt), desc(rentals.id));
    const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
    const units = new Map<string, { id: string; label: string }[]>();
    for (const u of await this.fleet.unitsOfRentals(rows.map((r) => r.rental.id))) units.set(u.rentalId, [...(units.get(u.rentalId) ?? []), { id: u.id, label: u.label }]);
    return rows.map(({ feeId, feeAmount, feeCurrency, feeStatus, reviewAdded, deposit, depositActionUrl, ...rest }) => ({
      ...rest,
      deposit: deposit ? { ...deposit, actionUrl: depositActionUrl ?? null } : null,
      units: units.get(rest.rental.id) ?? [],
      fee:
        feeId === null || feeAmount === null || feeCurrency === null || feeStatus === null
          ? null
          : { id: feeId, amountMinor: feeAmount, currency: feeCurrency, status: feeStatus },
      reviewAdded: Boolean(reviewAdded),
    }));
  }

  async findView(id: string): Promise<RentalView | undefined> {
    const [view] = await this.listViews(eq(rentals.id, id));
    return view;
  }

  listViewsOfUser(userId: string): Promise<RentalView[]> {
    return this.listViews(eq(rentals.userId, userId));
  }

  listViewsByStatus(statuses: RentalStatus[] | 'all' | 'live', page: { offset: number; limit: number }): Promise<RentalView[]> {
    if (statuses === 'all') return this.listViews(undefined, page);
    if (statuses === 'live') return this.listViews(ne(rentals.status, 'cancelled'), page);
    return this.listViews(inArray(rentals.status, statuses), page);
  }

  /**
   * pending_fee -> booked (the booking fee is paid; the hold ends). The fee's free-cancellation deadline is fixed
   * now, `freeCancellationHours` before the start; a reschedule only ever moves it earlier.
   */
  async markBooked(id: string, at: Date, freeCancellationHours: number): Promise<boolean> {
    const rows = await this.txHost.db
      .update(rentals)
      .set({
        status: 'booked',
        holdExpiresAt: null,
        freeCancelUntil: sql`${rentals.startTime} - ${freeCancellationHours}::int * interval '1 hour'`,
        updatedAt: at,
      })
      .where(and(eq(rentals.id, id), eq(rentals.status, 'pending_fee')))
      .returning({ id: rentals.id });
    return rows.length > 0;
  }

  /**
   * pending_fee -> cancelled and the held units free again, exactly once (`stock_released_at is null`).
   * Never for a rental whose booking fee succeeded. Returns the cancelled rental, or undefined when nothing changed.
   */
  async cancelAndRelease(id: string, at: Date, opts: { onlyLapsed?: boolean } = {}): Promise<RentalRow | undefined> {
    const [row] = await this.txHost.db
      .update(rentals)
      .set({ status: 'cancelled', stockReleasedAt: at, cancelledAt: at, holdExpiresAt: null, updatedAt: at })
      .where(
        and(
          eq(rentals.id, id),
          eq(rentals.status, 'pending_fee'),
          isNull(rentals.stockReleasedAt),
          // onlyLapsed: a declined or abandoned fee ends the booking only once its hold ran out (the customer may try again until then).
          opts.onlyLapsed ? or(isNull(rentals.holdExpiresAt), lte(rentals.holdExpiresAt, at)) : undefined,
          notExists(
            this.txHost.db
              .select({ one: sql`1` })
              .from(payments)
              .where(and(eq(payments.rentalId, rentals.id), eq(payments.kind, 'booking_fee'), eq(payments.status, 'succeeded'))),
          ),
        ),
      )
      .returning();
    if (row) {
      // Units, add-on pieces and the discount codes' uses come back, once (with the conditional update above).
      await this.fleet.releaseRental(row.id);
      await this.coupons.release(row.id);
    }
    return row;
  }

  /** booked (before its start) -> cancelled by its customer, units free at once; undefined when not booked. */
  async cancelBooked(id: string, at: Date): Promise<RentalRow | undefined> {
    const [row] = await this.txHost.db
      .update(rentals)
      .set({ status: 'cancelled', stockReleasedAt: at, cancelledAt: at, updatedAt: at })
      .where(and(eq(rentals.id, id), eq(rentals.status, 'booked'), isNull(rentals.stockReleasedAt)))
      .returning();
    if (row) {
      // Units, add-on pieces and the discount codes' uses come back, once (with the conditional update above).
      await this.fleet.releaseRental(row.id);
      await this.coupons.release(row.id);
    }
    return row;
  }

  /** booked -> returned with its cost, and the units back to stock, once: a concurrent second return changes nothing. */
  async markReturned(
    id: string,
    returnTime: Date,
    cost: { totalCostCents: number; lateFeeCents: number },
    at: Date,
  ): Promise<RentalRow | undefined> {
    // Already paid in full (a fixed window paid up front, no late fee): straight to paid.
    const [row] = await this.txHost.db
      .update(rentals)
      .set({
        status: sql`case when coalesce(${rentals.totalPaidCents}, 0) >= ${cost.totalCostCents}::int and ${rentals.totalPaidCents} is not null then 'paid' else 'returned' end`,
        returnTime,
        totalCostCents: cost.totalCostCents,
        lateFeeCents: cost.lateFeeCents,
        stockReleasedAt: at,
        updatedAt: at,
      })
      .where(and(eq(rentals.id, id), eq(rentals.status, 'booked'), isNull(rentals.stockReleasedAt)))
      .returning();
    // Each unit's period ends at the return (never later than booked, so it cannot collide with the next booking).
    if (row) await this.fleet.returnRental(id, returnTime);
    return row;
  }

  /**
   * The rental's paid amount, derived from its ledger: the sum of its succeeded rental and late-fee payments that
   * it keeps (a payment flagged for refund, paid_after_close_at, never counts; a refunded one is no longer
   * succeeded), null when there is none. A returned rental paid in full becomes paid; booked ones (a fixed window
   * paid up front) stay booked. The caller holds the rental's lock. Returns the rental as it is now.
   */
  async derivePaid(id: string, at: Date): Promise<RentalRow | undefined> {
    const kept = sql`(select case when count(*) = 0 then null else sum(${payments.amountMinor})::int end from ${payments}
      where ${payments.rentalId} = ${rentals.id} and ${payments.kind} <> 'booking_fee' and ${payments.status} = 'succeeded'
        and ${payments.paidAfterCloseAt} is null)`;
    const [row] = await this.txHost.db
      .update(rentals)
      .set({
        totalPaidCents: kept,
        status: sql`case when ${rentals.status} = 'returned' and coalesce(${kept}, 0) >= ${rentals.totalCostCents} then 'paid' else ${rentals.status} end`,
        updatedAt: at,
      })
      .where(eq(rentals.id, id))
      .returning();
    return row;
  }

  /** A reschedule: the free-cancellation deadline of a paid fee moves with the start, but only ever earlier. */
  async keepFreeCancelDeadline(id: string, freeCancellationHours: number): Promise<void> {
    await this.txHost.db
      .update(rentals)
      .set({ freeCancelUntil: sql`least(${rentals.freeCancelUntil}, ${rentals.startTime} - ${freeCancellationHours}::int * interval '1 hour')` })
      .where(and(eq(rentals.id, id), sql`${rentals.freeCancelUntil} is not null`));
  }

  /** Rentals whose unpaid hold has run out (oldest first), optionally of one bike. */
  async findLapsedHolds(now: Date, limit: number, bikeId?: string): Promise<RentalRow[]> {
    return this.txHost.db
      .select()
      .from(rentals)
      .where(
        and(
          eq(rentals.status, 'pending_fee'),
          lte(rentals.holdExpiresAt, now),
          bikeId ? eq(rentals.bikeId, bikeId) : undefined,
        ),
      )
      .orderBy(asc(rentals.holdExpiresAt))
      .limit(limit);
  }
}
