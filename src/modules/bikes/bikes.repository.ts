import { Injectable } from '@nestjs/common';
import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, ne, SQL, sql, SQLWrapper } from 'drizzle-orm';
import { TransactionHost } from '../../database/transaction-host.js';
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

/** From this offset on, a page selects its ids from the listing index first (deferred join). */
const DEFERRED_JOIN_OFFSET = 200;
/** Catalogue size from which the unfiltered total is reused for a few seconds instead of counted per listing. */
export const LARGE_CATALOGUE = 10_000;
const CATALOGUE_SIZE_TTL_MS = 5_000;

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
    private readonly txHost: TransactionHost,
    private readonly clock: Clock,
  ) {}

  /** A bike that is not deleted, with its stock now. */
  async findActiveById(id: string): Promise<BikeWithStock | undefined> {
    const [row] = await this.txHost.db
      .select(bikeWithStock(this.clock.now()))
      .from(bikes)
      .where(and(eq(bikes.id, id), isNull(bikes.deletedAt)))
      .limit(1);
    return row;
  }

  /** Same as findActiveById, and row-locks the bike until the current transaction ends (serialises stock changes and deletion). */
  async lockActiveById(id: string): Promise<BikeRow | undefined> {
    const [row] = await this.txHost.db
      .select()
      .from(bikes)
      .where(and(eq(bikes.id, id), isNull(bikes.deletedAt)))
      .limit(1)
      .for('update');
    return row;
  }

  /**
   * One page of non-deleted bikes and the count of all that match, as two statements sent together: a window count
   * on the page query would make PostgreSQL read every matching row before returning ten (bench/README.md, scale).
   * Deep pages select their ids first from the listing index (a deferred join), then fetch just those rows.
   * Read from the replica when there is one (DATABASE_REPLICA_URL): a listing a moment old is harmless.
   */
  async list(filter: BikeListFilter): Promise<{ rows: BikeWithStock[]; total: number }> {
    const where = this.listWhere(filter);
    const order = filter.newestFirst ? [desc(bikes.createdAt), desc(bikes.id)] : [asc(bikes.createdAt), asc(bikes.id)];
    const unfiltered = !filter.brand && !filter.model && !filter.searchTerm;
    const columns = bikeWithStock(this.clock.now());
    let page: Promise<BikeWithStock[]>;
    if (filter.offset >= DEFERRED_JOIN_OFFSET) {
      const ids = this.txHost.replica.select({ id: bikes.id }).from(bikes).where(where).orderBy(...order).limit(filter.limit).offset(filter.offset).as('page_ids');
      page = this.txHost.replica
        .select(columns)
        .from(bikes)
        .innerJoin(ids, eq(bikes.id, ids.id))
        .orderBy(...order);
    } else {
      page = this.txHost.replica.select(columns).from(bikes).where(where).orderBy(...order).limit(filter.limit).offset(filter.offset);
    }
    const [rows, total] = await Promise.all([page, unfiltered ? this.catalogueSize() : this.count(where)]);
    return { rows, total };
  }

  private async count(where: SQL | undefined): Promise<number> {
    const [{ total }] = await this.txHost.replica.select({ total: count() }).from(bikes).where(where);
    return total;
  }

  /**
   * Non-deleted bikes. Counting a large catalogue reads its whole index (about 20 ms at 100,000 bikes), so from
   * LARGE_CATALOGUE bikes on the figure is reused for CATALOGUE_SIZE_TTL_MS (this instance's own adds and deletes
   * drop it at once); below that every listing counts exactly.
   */
  private async catalogueSize(): Promise<number> {
    const cached = this.cachedSize;
    if (cached && cached.until > Date.now()) return cached.total;
    const total = await this.count(isNull(bikes.deletedAt));
    this.cachedSize = total >= LARGE_CATALOGUE ? { total, until: Date.now() + CATALOGUE_SIZE_TTL_MS } : undefined;
    return total;
  }

  private cachedSize?: { total: number; until: number };

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
   * then closest price, then closest displacement. Brand is the first sort key, so when the brand has `limit` other
   * bikes the answer lies among them (found through bikes_brand_lower_idx); only a smaller brand sorts the catalogue.
   */
  async findRelated(bike: BikeRow, limit: number): Promise<BikeWithStock[]> {
    const columns = bikeWithStock(this.clock.now());
    const similarity = [
      sql`(${ccClass(sql`${bikes.cc}`)} = ${ccClass(sql`${bike.cc}::int`)}) desc`,
      sql`abs(${bikes.pricePerHourCents} - ${bike.pricePerHourCents}::int)`,
      sql`abs(${bikes.cc} - ${bike.cc}::int)`,
      asc(bikes.createdAt),
      asc(bikes.id),
    ];
    const others = and(isNull(bikes.deletedAt), ne(bikes.id, bike.id));
    const sameBrand = await this.txHost.db
      .select(columns)
      .from(bikes)
      .where(and(others, sql`lower(${bikes.brand}) = lower(${bike.brand})`))
      .orderBy(...similarity)
      .limit(limit);
    if (sameBrand.length >= limit) return sameBrand;
    return this.txHost.db
      .select(columns)
      .from(bikes)
      .where(others)
      .orderBy(sql`(lower(${bikes.brand}) = lower(${bike.brand})) desc`, ...similarity)
      .limit(limit);
  }

  async ratingSummary(bikeId: string): Promise<RatingSummary> {
    const [row] = await this.txHost.db
      .select({
        reviewCount: count(),
        ratingHalvesSum: sql<number>`coalesce(sum(${reviews.ratingHalves}), 0)`.mapWith(Number),
      })
      .from(reviews)
      .where(eq(reviews.bikeId, bikeId));
    return row;
  }

  async insert(values: NewBikeRow): Promise<BikeRow> {
    this.cachedSize = undefined;
    const [row] = await this.txHost.db.insert(bikes).values(values).returning();
    return row;
  }

  /** Updates a non-deleted bike; undefined when it does not exist or is deleted. */
  async update(id: string, values: Partial<NewBikeRow>): Promise<BikeRow | undefined> {
    const [row] = await this.txHost.db
      .update(bikes)
      .set(values)
      .where(and(eq(bikes.id, id), isNull(bikes.deletedAt)))
      .returning();
    return row;
  }

  async softDelete(id: string, at: Date): Promise<boolean> {
    this.cachedSize = undefined;
    const rows = await this.txHost.db
      .update(bikes)
      .set({ deletedAt: at, updatedAt: at })
      .where(and(eq(bikes.id, id), isNull(bikes.deletedAt)))
      .returning({ id: bikes.id });
    return rows.length > 0;
  }

  async hasOpenRentals(bikeId: string): Promise<boolean> {
    const rows = await this.txHost.db
      .select({ id: rentals.id })
      .from(rentals)
      .where(and(eq(rentals.bikeId, bikeId), inArray(rentals.status, OPEN_RENTAL_STATUSES)))
      .limit(1);
    return rows.length > 0;
  }
}
