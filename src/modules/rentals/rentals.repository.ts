import { Inject, Injectable } from '@nestjs/common';
import { alias } from 'drizzle-orm/pg-core';
import { and, asc, desc, eq, gte, inArray, isNull, lte, ne, notExists, or, SQL, sql } from 'drizzle-orm';
import { Db, DbOrTx, DRIZZLE } from '../../database/database.types.js';
import { BikeRow, bikes } from '../../database/schema/bikes.js';
import { payments, PaymentStatus } from '../../database/schema/payments.js';
import { NewRentalRow, RentalRow, rentals, RentalStatus } from '../../database/schema/rentals.js';
import { reviews } from '../../database/schema/reviews.js';
import { users } from '../../database/schema/users.js';

/** A rental with what its DTO shows: the bike (deleted or not), the renter, the booking fee, whether it was reviewed. */
export interface RentalView {
  rental: RentalRow;
  bike: { id: string; name: string; imageUrl: string; pricePerHourCents: number; brand: string; model: string };
  user: { id: string; name: string; email: string };
  fee: { id: string; amountMinor: number; currency: string; status: PaymentStatus } | null;
  reviewAdded: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const bookingFee = alias(payments, 'booking_fee');

@Injectable()
export class RentalsRepository {
  constructor(@Inject(DRIZZLE) private readonly db: Db) {}

  /**
   * Takes `quantity` units of a bookable bike in one conditional update (the row lock serialises concurrent
   * bookings; never below zero). undefined when the bike is unknown, deleted, switched off or short of stock.
   */
  async reserveStock(bikeId: string, quantity: number, at: Date, tx: DbOrTx): Promise<BikeRow | undefined> {
    const [row] = await tx
      .update(bikes)
      .set({ quantity: sql`${bikes.quantity} - ${quantity}`, updatedAt: at })
      .where(and(eq(bikes.id, bikeId), isNull(bikes.deletedAt), eq(bikes.isAvailable, true), gte(bikes.quantity, quantity)))
      .returning();
    return row;
  }

  async releaseStock(bikeId: string, quantity: number, at: Date, tx: DbOrTx): Promise<void> {
    await tx
      .update(bikes)
      .set({ quantity: sql`${bikes.quantity} + ${quantity}`, updatedAt: at })
      .where(eq(bikes.id, bikeId));
  }

  async findActiveBike(bikeId: string, tx: DbOrTx = this.db): Promise<BikeRow | undefined> {
    const [row] = await tx
      .select()
      .from(bikes)
      .where(and(eq(bikes.id, bikeId), isNull(bikes.deletedAt)))
      .limit(1);
    return row;
  }

  async insert(values: NewRentalRow, tx: DbOrTx): Promise<RentalRow> {
    const [row] = await tx.insert(rentals).values(values).returning();
    return row;
  }

  async findById(id: string, tx: DbOrTx = this.db): Promise<RentalRow | undefined> {
    const [row] = await tx.select().from(rentals).where(eq(rentals.id, id)).limit(1);
    return row;
  }

  /** By paymentRef, or by _id when `ref` is a uuid; row-locked when `lock` (inside a transaction). */
  async findByRef(ref: string, userId: string, tx: DbOrTx = this.db, lock = false): Promise<RentalRow | undefined> {
    const match = UUID.test(ref) ? or(eq(rentals.paymentRef, ref), eq(rentals.id, ref)) : eq(rentals.paymentRef, ref);
    const query = tx
      .select()
      .from(rentals)
      .where(and(match, eq(rentals.userId, userId)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  async listViews(where: SQL | undefined, tx: DbOrTx = this.db): Promise<RentalView[]> {
    const rows = await tx
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
        user: { id: users.id, name: users.name, email: users.email },
        feeId: bookingFee.id,
        feeAmount: bookingFee.amountMinor,
        feeCurrency: bookingFee.currency,
        feeStatus: bookingFee.status,
        reviewAdded: sql<boolean>`exists (select 1 from ${reviews} where ${reviews.rentalId} = ${rentals.id})`,
      })
      .from(rentals)
      // Past rentals keep their bike even after it is deleted.
      .innerJoin(bikes, eq(bikes.id, rentals.bikeId))
      .innerJoin(users, eq(users.id, rentals.userId))
      .leftJoin(bookingFee, and(eq(bookingFee.rentalId, rentals.id), eq(bookingFee.kind, 'booking_fee')))
      .where(where)
      .orderBy(desc(rentals.createdAt), desc(rentals.id));
    return rows.map(({ feeId, feeAmount, feeCurrency, feeStatus, reviewAdded, ...rest }) => ({
      ...rest,
      fee:
        feeId === null || feeAmount === null || feeCurrency === null || feeStatus === null
          ? null
          : { id: feeId, amountMinor: feeAmount, currency: feeCurrency, status: feeStatus },
      reviewAdded: Boolean(reviewAdded),
    }));
  }

  async findView(id: string, tx: DbOrTx = this.db): Promise<RentalView | undefined> {
    const [view] = await this.listViews(eq(rentals.id, id), tx);
    return view;
  }

  listViewsOfUser(userId: string, tx: DbOrTx = this.db): Promise<RentalView[]> {
    return this.listViews(eq(rentals.userId, userId), tx);
  }

  listViewsByStatus(statuses: RentalStatus[] | 'all' | 'live', tx: DbOrTx = this.db): Promise<RentalView[]> {
    if (statuses === 'all') return this.listViews(undefined, tx);
    if (statuses === 'live') return this.listViews(ne(rentals.status, 'cancelled'), tx);
    return this.listViews(inArray(rentals.status, statuses), tx);
  }

  /** pending_fee -> booked (the booking fee is paid; the hold ends). */
  async markBooked(id: string, at: Date, tx: DbOrTx): Promise<boolean> {
    const rows = await tx
      .update(rentals)
      .set({ status: 'booked', holdExpiresAt: null, updatedAt: at })
      .where(and(eq(rentals.id, id), eq(rentals.status, 'pending_fee')))
      .returning({ id: rentals.id });
    return rows.length > 0;
  }

  /**
   * pending_fee -> cancelled and the held units back to stock, exactly once (`stock_released_at is null`).
   * Never for a rental whose booking fee succeeded. Returns the cancelled rental, or undefined when nothing changed.
   */
  async cancelAndRelease(id: string, at: Date, tx: DbOrTx): Promise<RentalRow | undefined> {
    const [row] = await tx
      .update(rentals)
      .set({ status: 'cancelled', stockReleasedAt: at, holdExpiresAt: null, updatedAt: at })
      .where(
        and(
          eq(rentals.id, id),
          eq(rentals.status, 'pending_fee'),
          isNull(rentals.stockReleasedAt),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(payments)
              .where(and(eq(payments.rentalId, rentals.id), eq(payments.kind, 'booking_fee'), eq(payments.status, 'succeeded'))),
          ),
        ),
      )
      .returning();
    if (row) await this.releaseStock(row.bikeId, row.quantity, at, tx);
    return row;
  }

  /** booked -> returned with its cost, and the units back to stock, once: a concurrent second return changes nothing. */
  async markReturned(id: string, returnTime: Date, totalCostCents: number, at: Date, tx: DbOrTx): Promise<RentalRow | undefined> {
    const [row] = await tx
      .update(rentals)
      .set({ status: 'returned', returnTime, totalCostCents, stockReleasedAt: at, updatedAt: at })
      .where(and(eq(rentals.id, id), eq(rentals.status, 'booked'), isNull(rentals.stockReleasedAt)))
      .returning();
    if (row) await this.releaseStock(row.bikeId, row.quantity, at, tx);
    return row;
  }

  /** returned -> paid, setting totalPaid once. */
  async markPaid(id: string, amountMinor: number, at: Date, tx: DbOrTx): Promise<boolean> {
    const rows = await tx
      .update(rentals)
      .set({ status: 'paid', totalPaidCents: amountMinor, updatedAt: at })
      .where(and(eq(rentals.id, id), eq(rentals.status, 'returned'), isNull(rentals.totalPaidCents)))
      .returning({ id: rentals.id });
    return rows.length > 0;
  }

  /** Rentals whose unpaid hold has run out (oldest first), optionally of one bike. */
  async findLapsedHolds(now: Date, limit: number, bikeId?: string, tx: DbOrTx = this.db): Promise<RentalRow[]> {
    return tx
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
