import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, ne, SQL, sql, SQLWrapper } from 'drizzle-orm';
import { DRIZZLE, type Db, type DbOrTx } from '../../database/database.types.js';
import { Clock } from '../../common/clock.js';
import { BikeRow, bikes, NewBikeRow } from '../../database/schema/bikes.js';
import { rentals, RentalStatus } from '../../database/schema/rentals.js';
import { reviews } from '../../database/schema/reviews.js';
import { activeUnits, freeUnitsAt } from './fleet.repository.js';
import { containsPattern } from './like-pattern.js';

/** A bike with its stock, derived from its units and their reservations. */
export type BikeWithStock = BikeRow & { quantity: number; totalUnits: number };

/** The bike's columns plus `quantity` (units free at `at`) and `totalUnits` (active units). */
export const bikeWithStock = (at: Date) => ({
  ...getTableColumns(bikes),
  quantity: freeUnitsAt(at),
  totalUnits: activeUnits(),
});

export interface BikeListFilter {
  brand?: string;
  model?: string;
  searchTerm?: string;
  newestFirst: boolean;
  offset: number;
  limit: number;
}

export interface RatingSummary {
  reviewCount: number;
  /** Sum of reviews.rating_halves (2 per star). */
  ratingHalvesSum: number;
}

/** Rentals whose units are still out (or held for an unpaid fee): the bike cannot be deleted. */
export const OPEN_RENTAL_STATUSES: RentalStatus[] = ['pending_fee', 'booked'];

/**
 * `lower(col) like lower(pattern)` so the trigram GIN indexes on lower(name|brand|model) apply;
 * user text is escaped, so `%`, `_` and `\` match themselves.
 */
const contains = (column: SQLWrapper, text: string): SQL =>
  sql`lower(${column}) like lower(${containsPattern(text)})`;

/** Engine class for "similar bikes": electric, up to 125, 250, 500, 900 cc, bigger. */
const ccClass = (cc: SQLWrapper): SQL =>
  sql`case when ${cc} = 0 then 0 when ${cc} <= 125 then 1 when ${cc} <= 250 then 2 when ${cc} <= 500 then 3 when ${cc} <= 900 then 4 else 5 end`;

@Injectable()
export class BikesRepository {
  constructor(
    @Inject(DRIZZLE) private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** A bike that is not deleted, with its stock now. */
  async findActiveById(id: string, tx: DbOrTx = this.db): Promise<BikeWithStock | undefined> {
    const [row] = await tx
      .select(bikeWithStock(this.clock.now()))
      .from(bikes)
      .where(and(eq(bikes.id, id), isNull(bikes.deletedAt)))
      .limit(1);
    return row;
  }

  /** Same as findActiveById, and row-locks the bike until `tx` ends (serialises stock changes and deletion). */
  async lockActiveById(id: string, tx: DbOrTx): Promise<BikeRow | undefined> {
    const [row] = await tx
      .select()
      .from(bikes)
      .where(and(eq(bikes.id, id), isNull(bikes.deletedAt)))
      .limit(1)
      .for('update');
    return row;
  }

  /** One page of non-deleted bikes and the count of all that match, in one round trip. */
  async list(filter: BikeListFilter, tx: DbOrTx = this.db): Promise<{ rows: BikeWithStock[]; total: number }> {
    const where = this.listWhere(filter);
    const order = filter.newestFirst ? [desc(bikes.createdAt), desc(bikes.id)] : [asc(bikes.createdAt), asc(bikes.id)];
    const found = await tx
      .select({ ...bikeWithStock(this.clock.now()), total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(bikes)
      .where(where)
      .orderBy(...order)
      .limit(filter.limit)
      .offset(filter.offset);
    if (found.length > 0) {
      const rows = found.map(({ total: _total, ...row }) => row);
      return { rows, total: found[0].total };
    }
    if (filter.offset === 0) return { rows: [], total: 0 };
    // Beyond the last page the window count has no row to ride on.
    const [{ total }] = await tx.select({ total: count() }).from(bikes).where(where);
    return { rows: [], total };
  }

  private listWhere(filter: BikeListFilter): SQL | undefined {
    const conditions: SQL[] = [isNull(bikes.deletedAt)];
    if (filter.brand) conditions.push(contains(bikes.brand, filter.brand));
    if (filter.model) conditions.push(contains(bikes.model, filter.model));
    if (filter.searchTerm) {
      const term = filter.searchTerm;
      conditions.push(sql`(${contains(bikes.name, term)} or ${contains(bikes.brand, term)} or ${contains(bikes.model, term)})`);
    }
    return and(...conditions);
  }

  /**
   * Up to `limit` other non-deleted bikes, most similar first: same brand, then same engine class,
   * then closest price, then closest displacement.
   */
  async findRelated(bike: BikeRow, limit: number, tx: DbOrTx = this.db): Promise<BikeWithStock[]> {
    return tx
      .select(bikeWithStock(this.clock.now()))
      .from(bikes)
      .where(and(isNull(bikes.deletedAt), ne(bikes.id, bike.id)))
      .orderBy(
        sql`(lower(${bikes.brand}) = lower(${bike.brand})) desc`,
        sql`(${ccClass(sql`${bikes.cc}`)} = ${ccClass(sql`${bike.cc}::int`)}) desc`,
        sql`abs(${bikes.pricePerHourCents} - ${bike.pricePerHourCents}::int)`,
        sql`abs(${bikes.cc} - ${bike.cc}::int)`,
        asc(bikes.createdAt),
        asc(bikes.id),
      )
      .limit(limit);
  }

  async ratingSummary(bikeId: string, tx: DbOrTx = this.db): Promise<RatingSummary> {
    const [row] = await tx
      .select({
        reviewCount: count(),
        ratingHalvesSum: sql<number>`coalesce(sum(${reviews.ratingHalves}), 0)`.mapWith(Number),
      })
      .from(reviews)
      .where(eq(reviews.bikeId, bikeId));
    return row;
  }

  async insert(values: NewBikeRow, tx: DbOrTx = this.db): Promise<BikeRow> {
    const [row] = await tx.insert(bikes).values(values).returning();
    return row;
  }

  /** Updates a non-deleted bike; undefined when it does not exist or is deleted. */
  async update(id: string, values: Partial<NewBikeRow>, tx: DbOrTx = this.db): Promise<BikeRow | undefined> {
    const [row] = await tx
      .update(bikes)
      .set(values)
      .where(and(eq(bikes.id, id), isNull(bikes.deletedAt)))
      .returning();
    return row;
  }

  async softDelete(id: string, at: Date, tx: DbOrTx = this.db): Promise<boolean> {
    const rows = await tx
      .update(bikes)
      .set({ deletedAt: at, updatedAt: at })
      .where(and(eq(bikes.id, id), isNull(bikes.deletedAt)))
      .returning({ id: bikes.id });
    return rows.length > 0;
  }

  async hasOpenRentals(bikeId: string, tx: DbOrTx = this.db): Promise<boolean> {
    const rows = await tx
      .select({ id: rentals.id })
      .from(rentals)
      .where(and(eq(rentals.bikeId, bikeId), inArray(rentals.status, OPEN_RENTAL_STATUSES)))
      .limit(1);
    return rows.length > 0;
  }
}
