import { Injectable } from '@nestjs/common';
import { and, asc, eq, gt, inArray, isNull, lt, or, SQL, sql } from 'drizzle-orm';
import { TransactionHost } from '../../database/transaction-host.js';
import { bikes } from '../../database/schema/bikes.js';
import { unitReservations } from '../../database/schema/fleet.js';
import { rentals } from '../../database/schema/rentals.js';
import { users } from '../../database/schema/users.js';

/** What a calendar feed may show of a booking: its number, the customer's first name, the bike, the window. */
export interface FeedBooking {
  id: string;
  ref: string;
  firstName: string;
  bikeName: string;
  quantity: number;
  status: string;
  start: Date;
  end: Date | null;
  returnTime: Date | null;
}

export type FeedScope = { kind: 'shop' } | { kind: 'bike'; bikeId: string } | { kind: 'unit'; unitId: string } | { kind: 'rental'; rentalId: string };

/** Bookings for the calendar feeds: confirmed ones (booked, returned, paid) whose window touches [from, to). */
@Injectable()
export class RentalFeedsRepository {
  constructor(private readonly txHost: TransactionHost) {}

  async bookings(scope: FeedScope, from: Date, to: Date, limit = 5000): Promise<FeedBooking[]> {
    const conditions: SQL[] = [];
    if (scope.kind === 'rental') {
      conditions.push(eq(rentals.id, scope.rentalId));
    } else {
      conditions.push(inArray(rentals.status, ['booked', 'returned', 'paid']));
      conditions.push(lt(rentals.startTime, to));
      conditions.push(or(isNull(rentals.endTime), gt(rentals.endTime, from))!);
      if (scope.kind === 'bike') conditions.push(eq(rentals.bikeId, scope.bikeId));
      if (scope.kind === 'unit') {
        conditions.push(sql`exists (select 1 from ${unitReservations} r where r.rental_id = ${rentals.id} and r.unit_id = ${scope.unitId})`);
      }
    }
    const rows = await this.txHost.db
      .select({
        id: rentals.id,
        ref: rentals.paymentRef,
        name: users.name,
        bikeName: bikes.name,
        quantity: rentals.quantity,
        status: rentals.status,
        start: rentals.startTime,
        end: rentals.endTime,
        returnTime: rentals.returnTime,
      })
      .from(rentals)
      .innerJoin(users, eq(users.id, rentals.userId))
      .innerJoin(bikes, eq(bikes.id, rentals.bikeId))
      .where(and(...conditions))
      .orderBy(asc(rentals.startTime), asc(rentals.id))
      .limit(limit);
    return rows.map(({ name, ...r }) => ({ ...r, firstName: firstNameOf(name) }));
  }

  /** The owner of a rental (for its own .ics), or undefined. */
  async ownerOf(rentalId: string): Promise<string | undefined> {
    const [row] = await this.txHost.db.select({ userId: rentals.userId }).from(rentals).where(eq(rentals.id, rentalId));
    return row?.userId;
  }
}

/** The first word of a name: all a feed shows of the customer. */
export const firstNameOf = (name: string): string => name.trim().split(/\s+/)[0] ?? '';
