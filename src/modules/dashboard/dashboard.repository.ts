import { Injectable } from '@nestjs/common';
import { and, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { TransactionHost } from '../../database/transaction-host.js';
import { bikes } from '../../database/schema/bikes.js';
import { bikeUnits } from '../../database/schema/fleet.js';
import { payments } from '../../database/schema/payments.js';
import { deposits } from '../../database/schema/deposits.js';
import { rentalAddons } from '../../database/schema/addons.js';
import { couponRedemptions } from '../../database/schema/coupons.js';
import { rentals } from '../../database/schema/rentals.js';
import { users } from '../../database/schema/users.js';
import { giftCardMovements, giftCards } from '../../database/schema/gift-cards.js';

export interface DashboardTotalsRow {
  rentedUnits: number;
  rentalEarnMinor: number;
  bookingFeesMinor: number;
  /** Active units of bikes not deleted. */
  fleetUnits: number;
  users: number;
  /** Add-on lines of rentals whose booking fee was paid (booked, returned, paid), in the rental currency. */
  addonRevenueMinor: number;
  /** Uses of discount codes by bookings not cancelled, and the discounts they gave (rental currency). */
  couponUses: number;
  couponDiscountMinor: number;
}

const sumOf = (expr: unknown) => sql`coalesce(sum(${expr}), 0)`.mapWith(Number);

/** Read-only aggregates for the admin dashboard; every count and sum is computed by the database. */
@Injectable()
export class DashboardRepository {
  constructor(private readonly txHost: TransactionHost) {}

  /** One snapshot for the whole summary, so its numbers agree with each other. */
  snapshot<T>(fn: () => Promise<T>): Promise<T> {
    return this.txHost.run(fn, { own: true, isolationLevel: 'repeatable read', accessMode: 'read only' });
  }

  async totals(currencies: { rental: string; bookingFee: string }): Promise<DashboardTotalsRow> {
    const [rented] = await this.txHost.db
      .select({ n: sumOf(rentals.quantity) })
      .from(rentals)
      .where(inArray(rentals.status, ['booked', 'returned', 'paid']));
    const [money] = await this.txHost.db
      .select({
        rental: sumOf(sql`case when ${payments.kind} in ('rental', 'late_fee') and ${payments.currency} = ${currencies.rental} then ${payments.amountMinor} end`),
        bookingFee: sumOf(
          sql`case when ${payments.kind} = 'booking_fee' and ${payments.currency} = ${currencies.bookingFee} then ${payments.amountMinor} end`,
        ),
      })
      .from(payments)
      .where(eq(payments.status, 'succeeded'));
    // Captured security deposits are earnings; holds never are (issue 21).
    const [kept] = await this.txHost.db
      .select({ n: sumOf(deposits.capturedMinor) })
      .from(deposits)
      .where(eq(deposits.currency, currencies.rental));
    // The fleet: every active unit of a bike not deleted, counted once whether it is in the shop, out on a rental or
    // booked for later (stock free now plus units of open bookings counted a future booking's units twice).
    const [fleet] = await this.txHost.db
      .select({ n: sql`count(*)`.mapWith(Number) })
      .from(bikeUnits)
      .innerJoin(bikes, eq(bikes.id, bikeUnits.bikeId))
      .where(and(isNull(bikes.deletedAt), eq(bikeUnits.status, 'active')));
    const [people] = await this.txHost.db.select({ n: sql`count(*)`.mapWith(Number) }).from(users);
    const [addonMoney] = await this.txHost.db
      .select({ n: sumOf(rentalAddons.amountCents) })
      .from(rentalAddons)
      .innerJoin(rentals, eq(rentals.id, rentalAddons.rentalId))
      .where(and(inArray(rentals.status, ['booked', 'returned', 'paid']), eq(rentals.currency, currencies.rental)));
    // Redemptions of cancelled or lapsed bookings are deleted with their use; pending ones count (the use is taken).
    const [codes] = await this.txHost.db
      .select({ n: sql`count(*)`.mapWith(Number), discount: sumOf(sql`case when ${rentals.currency} = ${currencies.rental} then ${couponRedemptions.discountCents} end`) })
      .from(couponRedemptions)
      .innerJoin(rentals, eq(rentals.id, couponRedemptions.rentalId));
    return {
      addonRevenueMinor: addonMoney.n,
      couponUses: codes.n,
      couponDiscountMinor: codes.discount,
      rentedUnits: rented.n,
      rentalEarnMinor: money.rental + kept.n,
      bookingFeesMinor: money.bookingFee,
      fleetUnits: fleet.n,
      users: people.n,
    };
  }

  /**
   * Gift cards in `currency`: sales (succeeded gift_card payments), the liability (latest running balance of each
   * active card not expired at `now`) and what was spent (redeemed less given back).
   */
  async giftCards(currency: string, now: Date): Promise<{ soldCount: number; soldMinor: number; outstandingMinor: number; redeemedMinor: number }> {
    const [sold] = await this.txHost.db
      .select({ n: sql`count(*)`.mapWith(Number), sum: sumOf(payments.amountMinor) })
      .from(payments)
      .where(and(eq(payments.kind, 'gift_card'), inArray(payments.status, ['succeeded']), eq(payments.currency, currency)));
    const at = now.toISOString();
    const [owed] = await this.txHost.db
      .select({
        n: sumOf(
          sql`(select ${giftCardMovements.balanceAfter} from ${giftCardMovements} where ${giftCardMovements.giftCardId} = ${giftCards.id} order by ${giftCardMovements.seq} desc limit 1)`,
        ),
      })
      .from(giftCards)
      .where(and(eq(giftCards.status, 'active'), eq(giftCards.currency, currency), sql`(${giftCards.expiresAt} is null or ${giftCards.expiresAt} > ${at}::timestamptz)`));
    const [spent] = await this.txHost.db
      .select({ n: sumOf(sql`-${giftCardMovements.amountMinor}`) })
      .from(giftCardMovements)
      .innerJoin(giftCards, eq(giftCards.id, giftCardMovements.giftCardId))
      .where(and(eq(giftCards.currency, currency), inArray(giftCardMovements.kind, ['redeem', 'release', 'refund'])));
    return { soldCount: sold.n, soldMinor: sold.sum, outstandingMinor: owed.n, redeemedMinor: spent.n };
  }

  /** The most recently returned rentals (returned, then paid), newest first. */
  recentReturnedRentals(limit: number) {
    return this.txHost.db
      .select({
        id: rentals.id,
        bikeName: bikes.name,
        totalCostCents: rentals.totalCostCents,
        currency: rentals.currency,
        userEmail: users.email,
        quantity: rentals.quantity,
      })
      .from(rentals)
      .innerJoin(bikes, eq(bikes.id, rentals.bikeId))
      .innerJoin(users, eq(users.id, rentals.userId))
      .where(inArray(rentals.status, ['returned', 'paid']))
      .orderBy(sql`${rentals.returnTime} desc nulls last`, desc(rentals.createdAt), desc(rentals.id))
      .limit(limit);
  }

  /** Signups per calendar month in UTC ('YYYY-MM'), only months that have any. */
  signupsPerMonth(): Promise<{ month: string; count: number }[]> {
    const month = sql<string>`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM')`;
    return this.txHost.db
      .select({ month, count: sql`count(*)`.mapWith(Number) })
      .from(users)
      .groupBy(month)
      .orderBy(month);
  }

  /** Signups per UTC day ('YYYY-MM-DD') with `from` <= createdAt < `to`. */
  signupsPerDay(from: Date, to: Date): Promise<{ date: string; count: number }[]> {
    const day = sql<string>`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
    return this.txHost.db
      .select({ date: day, count: sql`count(*)`.mapWith(Number) })
      .from(users)
      .where(and(gte(users.createdAt, from), lt(users.createdAt, to)))
      .groupBy(day)
      .orderBy(day);
  }

  newestUsers(limit: number) {
    return this.txHost.db
      .select({ id: users.id, name: users.name, email: users.email, createdAt: users.createdAt })
      .from(users)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(limit);
  }
}
