import { Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, sql, SQL, SQLWrapper } from 'drizzle-orm';
import { TransactionHost } from '../../database/transaction-host.js';
import { BikeUnitRow, bikeUnits, UnitStatus, unitReservations } from '../../database/schema/fleet.js';
import { rentals } from '../../database/schema/rentals.js';
import { addonReservations } from '../../database/schema/addons.js';
import { users } from '../../database/schema/users.js';

/** A time window; `end` null = open-ended (infinity). */
export interface Window {
  start: Date;
  end: Date | null;
}

/** The window as a tstzrange expression, [start, end). */
export const rangeOf = (w: Window): SQL =>
  sql`tstzrange(${w.start.toISOString()}::timestamptz, ${w.end ? w.end.toISOString() : 'infinity'}::timestamptz, '[)')`;

/**
 * Units of a bike free NOW: active, and not taken by a booking or a maintenance block whose period covers `at`.
 * This is the spec's `quantity`, always derived, never stored.
 */
/** The outer query's bikes.id, always qualified (drizzle leaves columns unqualified in single-table selects). */
export const OUTER_BIKE_ID: SQL = sql.raw('"bikes"."id"');

export const freeUnitsAt = (at: Date, bikeId: SQLWrapper = OUTER_BIKE_ID): SQL<number> =>
  sql<number>`(select count(*) from "bike_units" fu where fu."bike_id" = ${bikeId} and fu."status" = 'active' and not exists (select 1 from "unit_reservations" fr where fr."unit_id" = fu."id" and fr."period" @> ${at.toISOString()}::timestamptz))`.mapWith(
    Number,
  );

/** Active units of a bike (the fleet a customer can book from). */
export const activeUnits = (bikeId: SQLWrapper = OUTER_BIKE_ID): SQL<number> =>
  sql<number>`(select count(*) from "bike_units" au where au."bike_id" = ${bikeId} and au."status" = 'active')`.mapWith(Number);

export interface AvailabilityStep {
  start: Date;
  end: Date;
  free: number;
}

export interface TimelineBlock {
  id: string;
  unitId: string;
  kind: 'rental' | 'maintenance';
  start: Date;
  end: Date | null;
  rentalId: string | null;
  customerName: string | null;
  status: string | null;
  reason: string;
}

export interface ReservationRange {
  unitId: string;
  start: Date;
  end: Date | null;
}

const lowerOf = sql<string>`lower(${unitReservations.period})`;
/** null for an open-ended booking (upper bound 'infinity'). */
const upperOf = sql<string | null>`case when upper_inf(${unitReservations.period}) or upper(${unitReservations.period}) = 'infinity' then null else upper(${unitReservations.period}) end`;
const toDate = (v: string | Date): Date => (v instanceof Date ? v : new Date(v));

/** Units, reservations and the questions asked of them (free units in a window, steps over time). */
@Injectable()
export class FleetRepository {
  constructor(private readonly txHost: TransactionHost) {}

  async listUnits(bikeId: string): Promise<BikeUnitRow[]> {
    return this.txHost.db.select().from(bikeUnits).where(eq(bikeUnits.bikeId, bikeId)).orderBy(asc(bikeUnits.createdAt), asc(bikeUnits.label));
  }

  async findUnit(id: string, lock = false): Promise<BikeUnitRow | undefined> {
    const q = this.txHost.db.select().from(bikeUnits).where(eq(bikeUnits.id, id)).limit(1);
    const [row] = lock ? await q.for('update') : await q;
    return row;
  }

  async insertUnits(bikeId: string, labels: string[], at: Date, notes = ''): Promise<BikeUnitRow[]> {
    if (labels.length === 0) return [];
    return this.txHost.db
      .insert(bikeUnits)
      .values(labels.map((label) => ({ bikeId, label, notes, createdAt: at, updatedAt: at })))
      .returning();
  }

  /** Labels "<brand>-<n>" after the highest number already used for this bike. */
  async nextLabels(bikeId: string, brand: string, count: number): Promise<string[]> {
    const [{ n }] = await this.txHost.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(bikeUnits).where(eq(bikeUnits.bikeId, bikeId));
    const taken = new Set((await this.txHost.db.select({ label: bikeUnits.label }).from(bikeUnits).where(eq(bikeUnits.bikeId, bikeId))).map((r) => r.label.toLowerCase()));
    const labels: string[] = [];
    for (let i = n + 1; labels.length < count; i++) {
      const label = `${brand}-${i}`;
      if (!taken.has(label.toLowerCase())) labels.push(label);
    }
    return labels;
  }

  async updateUnit(id: string, values: Partial<Pick<BikeUnitRow, 'label' | 'status' | 'notes'>>, at: Date): Promise<BikeUnitRow | undefined> {
    const [row] = await this.txHost.db
      .update(bikeUnits)
      .set({ ...values, updatedAt: at })
      .where(eq(bikeUnits.id, id))
      .returning();
    return row;
  }

  /** Retires up to `count` active units free from `at` onwards (no current or future reservation); returns how many. */
  async retireFreeUnits(bikeId: string, count: number, at: Date): Promise<number> {
    const rows = await this.txHost.db.execute<{ id: string }>(sql`
      update "bike_units" set "status" = 'retired', "updated_at" = ${at.toISOString()}::timestamptz
      where "id" in (
        select u."id" from "bike_units" u
        where u."bike_id" = ${bikeId} and u."status" = 'active'
          and not exists (select 1 from "unit_reservations" r where r."unit_id" = u."id" and upper(r."period") > ${at.toISOString()}::timestamptz)
        order by u."created_at" desc, u."label" desc
        limit ${count}
        for update
      )
      returning "id"`);
    return rowsOf(rows).length;
  }

  /** Units free over the whole window: active and without an overlapping reservation (other than `exceptRentalId`'s own). */
  async countFree(bikeId: string, w: Window, exceptRentalId?: string): Promise<number> {
    const [row] = await this.txHost.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(bikeUnits)
      .where(and(eq(bikeUnits.bikeId, bikeId), eq(bikeUnits.status, 'active'), this.freeOver(w, exceptRentalId)));
    return row.n;
  }

  /** Up to `count` free units for the window, in random order (concurrent bookings rarely pick the same one). */
  async pickFree(bikeId: string, w: Window, count: number): Promise<string[]> {
    const rows = await this.txHost.db
      .select({ id: bikeUnits.id })
      .from(bikeUnits)
      .where(and(eq(bikeUnits.bikeId, bikeId), eq(bikeUnits.status, 'active'), this.freeOver(w)))
      .orderBy(sql`random()`)
      .limit(count);
    return rows.map((r) => r.id);
  }

  private freeOver(w: Window, exceptRentalId?: string): SQL {
    const except = exceptRentalId ? sql` and r."rental_id" is distinct from ${exceptRentalId}` : sql``;
    return sql`not exists (select 1 from "unit_reservations" r where r."unit_id" = ${bikeUnits.id} and r."period" && ${rangeOf(w)}${except})`;
  }

  /** A unit's bookings that have not started at `at` (the ones another unit can still take), earliest first. */
  async futureBookingsOn(unitId: string, at: Date): Promise<{ id: string; rentalId: string; start: Date; end: Date | null }[]> {
    const rows = await this.txHost.db
      .select({ id: unitReservations.id, rentalId: unitReservations.rentalId, start: lowerOf, end: upperOf })
      .from(unitReservations)
      .where(and(eq(unitReservations.unitId, unitId), eq(unitReservations.kind, 'rental'), sql`lower(${unitReservations.period}) > ${at.toISOString()}::timestamptz`))
      .orderBy(lowerOf);
    return rows.map((r) => ({ id: r.id, rentalId: r.rentalId!, start: toDate(r.start), end: r.end === null ? null : toDate(r.end) }));
  }

  /** Puts one reservation on another unit of the same bike (the exclusion constraint checks it). */
  async moveReservation(reservationId: string, unitId: string): Promise<void> {
    await this.txHost.db.update(unitReservations).set({ unitId }).where(eq(unitReservations.id, reservationId));
  }

  /** Takes the units for a rental's window; the exclusion constraint refuses (23P01) a unit taken meanwhile. */
  async reserveForRental(bikeId: string, rentalId: string, unitIds: string[], w: Window): Promise<void> {
    await this.txHost.db.insert(unitReservations).values(
      unitIds.map((unitId) => ({ unitId, bikeId, rentalId, kind: 'rental' as const, period: rangeOf(w) as unknown as string })),
    );
  }

  /**
   * Moves every unit period and add-on piece of a rental to the window (the exclusion constraints check each;
   * 23P01 when a unit or a piece is taken then).
   */
  async moveRentalPeriod(rentalId: string, w: Window): Promise<void> {
    await this.txHost.db.update(unitReservations).set({ period: rangeOf(w) as unknown as string }).where(eq(unitReservations.rentalId, rentalId));
    await this.txHost.db.update(addonReservations).set({ period: rangeOf(w) as unknown as string }).where(eq(addonReservations.rentalId, rentalId));
  }

  /** A unit by its label (case-insensitive), of any bike; several bikes may share a label: all of them. */
  async findUnitsByLabel(label: string): Promise<BikeUnitRow[]> {
    return this.txHost.db.select().from(bikeUnits).where(sql`lower(${bikeUnits.label}) = lower(${label})`).limit(10);
  }

  /** Frees a rental's units and add-on pieces (cancelled, expired, moved). Returns how many unit rows went. */
  async releaseRental(rentalId: string): Promise<number> {
    await this.txHost.db.delete(addonReservations).where(eq(addonReservations.rentalId, rentalId));
    const rows = await this.txHost.db.delete(unitReservations).where(eq(unitReservations.rentalId, rentalId)).returning({ id: unitReservations.id });
    return rows.length;
  }

  /**
   * Records the return of a rental's units at `at`: the period ends at the return (never later than it was
   * booked, so a late return cannot collide with the next booking of the unit).
   */
  async returnRental(rentalId: string, at: Date): Promise<void> {
    await this.txHost.db.execute(sql`
      update "unit_reservations"
      set "period" = tstzrange(lower("period"), least(upper("period"), greatest(${at.toISOString()}::timestamptz, lower("period") + interval '1 second')), '[)'),
          "returned_at" = ${at.toISOString()}::timestamptz
      where "rental_id" = ${rentalId}`);
    // The rental's add-on pieces come back with it (the same rule).
    await this.txHost.db.execute(sql`
      update "addon_reservations"
      set "period" = tstzrange(lower("period"), least(upper("period"), greatest(${at.toISOString()}::timestamptz, lower("period") + interval '1 second')), '[)')
      where "rental_id" = ${rentalId}`);
  }

  /** The units each rental holds (held or returned), by label. */
  async unitsOfRentals(rentalIds: string[]): Promise<{ rentalId: string; id: string; label: string }[]> {
    if (rentalIds.length === 0) return [];
    const rows = await this.txHost.db
      .select({ rentalId: unitReservations.rentalId, id: bikeUnits.id, label: bikeUnits.label })
      .from(unitReservations)
      .innerJoin(bikeUnits, eq(bikeUnits.id, unitReservations.unitId))
      .where(inArray(unitReservations.rentalId, rentalIds))
      .orderBy(asc(bikeUnits.label));
    return rows.map((r) => ({ rentalId: r.rentalId!, id: r.id, label: r.label }));
  }

  async insertMaintenance(unit: BikeUnitRow, w: Window, reason: string, at: Date): Promise<{ id: string; unitId: string; start: Date; end: Date | null; reason: string }> {
    const [row] = await this.txHost.db
      .insert(unitReservations)
      .values({ unitId: unit.id, bikeId: unit.bikeId, kind: 'maintenance', period: rangeOf(w) as unknown as string, reason, createdAt: at })
      .returning({ id: unitReservations.id, unitId: unitReservations.unitId, reason: unitReservations.reason });
    return { ...row, start: w.start, end: w.end };
  }

  async deleteMaintenance(unitId: string, blockId: string): Promise<boolean> {
    const rows = await this.txHost.db
      .delete(unitReservations)
      .where(and(eq(unitReservations.id, blockId), eq(unitReservations.unitId, unitId), eq(unitReservations.kind, 'maintenance')))
      .returning({ id: unitReservations.id });
    return rows.length > 0;
  }

  /** Every reservation of a bike overlapping the window, with its rental's customer. */
  async blocksOf(bikeId: string, w: Window): Promise<TimelineBlock[]> {
    const rows = await this.txHost.db
      .select({
        id: unitReservations.id,
        unitId: unitReservations.unitId,
        kind: unitReservations.kind,
        start: lowerOf,
        end: upperOf,
        rentalId: unitReservations.rentalId,
        customerName: users.name,
        status: rentals.status,
        reason: unitReservations.reason,
      })
      .from(unitReservations)
      .leftJoin(rentals, eq(rentals.id, unitReservations.rentalId))
      .leftJoin(users, eq(users.id, rentals.userId))
      .where(and(eq(unitReservations.bikeId, bikeId), sql`${unitReservations.period} && ${rangeOf(w)}`))
      .orderBy(lowerOf);
    return rows.map((r) => ({ ...r, start: toDate(r.start), end: r.end === null ? null : toDate(r.end), status: r.status ?? null }));
  }

  /**
   * Free units over [from, to) as a step function: the active units minus, at each instant, the units held then.
   * Reads only the bike's reservations overlapping the window (GiST index on bike and period). Outside a transaction
   * it reads the replica when there is one (DATABASE_REPLICA_URL): a calendar, never the booking's own check.
   */
  async availability(bikeId: string, from: Date, to: Date): Promise<{ totalUnits: number; steps: AvailabilityStep[] }> {
    const [{ total }] = await this.txHost.replica.select({ total: activeUnits(sql`${bikeId}::uuid`) }).from(sql`(select 1) one`);
    const ranges = await this.txHost.replica
      .select({ start: lowerOf, end: upperOf })
      .from(unitReservations)
      .innerJoin(bikeUnits, eq(bikeUnits.id, unitReservations.unitId))
      .where(and(eq(unitReservations.bikeId, bikeId), eq(bikeUnits.status, 'active'), sql`${unitReservations.period} && ${rangeOf({ start: from, end: to })}`));
    const deltas = new Map<number, number>();
    const bump = (t: number, d: number) => deltas.set(t, (deltas.get(t) ?? 0) + d);
    for (const r of ranges) {
      bump(Math.max(toDate(r.start).getTime(), from.getTime()), -1);
      const end = r.end === null ? to.getTime() : Math.min(toDate(r.end).getTime(), to.getTime());
      if (end < to.getTime()) bump(end, +1);
    }
    const times = [...new Set([from.getTime(), ...deltas.keys()])].sort((a, b) => a - b);
    const steps: AvailabilityStep[] = [];
    let free = total;
    for (let i = 0; i < times.length; i++) {
      free += deltas.get(times[i]) ?? 0;
      const end = i + 1 < times.length ? times[i + 1] : to.getTime();
      if (end <= times[i]) continue;
      const last = steps[steps.length - 1];
      if (last && last.free === free) last.end = new Date(end);
      else steps.push({ start: new Date(times[i]), end: new Date(end), free });
    }
    return { totalUnits: total, steps };
  }

  /** Every reservation of the bike's active units overlapping [from, to), with its unit (the calendar's input). */
  async reservationsOf(bikeId: string, from: Date, to: Date): Promise<{ totalUnits: number; ranges: ReservationRange[] }> {
    const [{ total }] = await this.txHost.db.select({ total: activeUnits(sql`${bikeId}::uuid`) }).from(sql`(select 1) one`);
    const rows = await this.txHost.db
      .select({ unitId: unitReservations.unitId, start: lowerOf, end: upperOf })
      .from(unitReservations)
      .innerJoin(bikeUnits, eq(bikeUnits.id, unitReservations.unitId))
      .where(and(eq(unitReservations.bikeId, bikeId), eq(bikeUnits.status, 'active'), sql`${unitReservations.period} && ${rangeOf({ start: from, end: to })}`));
    return { totalUnits: total, ranges: rows.map((r) => ({ unitId: r.unitId, start: toDate(r.start), end: r.end === null ? null : toDate(r.end) })) };
  }
}

/** Rows of a raw `execute` on either driver (node-postgres result or PGlite result). */
export function rowsOf<T>(result: unknown): T[] {
  const r = result as { rows?: T[] };
  return Array.isArray(r) ? (r as T[]) : (r.rows ?? []);
}

export type { UnitStatus };
