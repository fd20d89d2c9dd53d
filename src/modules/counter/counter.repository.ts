import { Injectable } from '@nestjs/common';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { TransactionHost } from '../../database/transaction-host.js';
import { bikes } from '../../database/schema/bikes.js';
import {
  ConditionPhotoRow,
  conditionPhotos,
  DamageReportRow,
  damageReports,
  RentalCheckoutRow,
  rentalCheckouts,
  UnitConditionRow,
  unitConditions,
} from '../../database/schema/counter.js';
import { BikeUnitRow, bikeUnits, unitReservations } from '../../database/schema/fleet.js';
import { rentals } from '../../database/schema/rentals.js';

/** A unit with its bike, as the counter opens it. */
export interface UnitWithBike {
  unit: BikeUnitRow;
  bike: { id: string; name: string; brand: string; model: string; currency: string; cc: number };
}

const BIKE_COLUMNS = { id: bikes.id, name: bikes.name, brand: bikes.brand, model: bikes.model, currency: bikes.currency, cc: bikes.cc };

const toDate = (v: string | Date): Date => (v instanceof Date ? v : new Date(v.replace(' ', 'T').replace(/\+00$/, 'Z')));

/** The counter's tables: check-outs, unit conditions, damage reports, photos; and the unit's reservations. */
@Injectable()
export class CounterRepository {
  constructor(private readonly txHost: TransactionHost) {}

  async unitWithBike(unitId: string): Promise<UnitWithBike | undefined> {
    const [row] = await this.txHost.db
      .select({ unit: bikeUnits, bike: BIKE_COLUMNS })
      .from(bikeUnits)
      .innerJoin(bikes, eq(bikes.id, bikeUnits.bikeId))
      .where(and(eq(bikeUnits.id, unitId), sql`${bikes.deletedAt} is null`))
      .limit(1);
    return row;
  }

  /** Units whose label is `label` (case-insensitive; labels are unique per bike, so perhaps several bikes). */
  async unitsByLabel(label: string): Promise<UnitWithBike[]> {
    return this.txHost.db
      .select({ unit: bikeUnits, bike: BIKE_COLUMNS })
      .from(bikeUnits)
      .innerJoin(bikes, eq(bikes.id, bikeUnits.bikeId))
      .where(and(sql`lower(${bikeUnits.label}) = lower(${label})`, sql`${bikes.deletedAt} is null`))
      .orderBy(asc(bikes.name))
      .limit(10);
  }

  /** Every unit of the bikes (all bikes when `bikeId` is undefined) that is not retired, for the label sheet. */
  async unitsForLabels(bikeId?: string): Promise<UnitWithBike[]> {
    return this.txHost.db
      .select({ unit: bikeUnits, bike: BIKE_COLUMNS })
      .from(bikeUnits)
      .innerJoin(bikes, eq(bikes.id, bikeUnits.bikeId))
      .where(and(sql`${bikes.deletedAt} is null`, sql`${bikeUnits.status} <> 'retired'`, bikeId ? eq(bikes.id, bikeId) : undefined))
      .orderBy(asc(bikes.name), asc(bikeUnits.label));
  }

  /** The rentals that hold the unit and are not over: the one under way (or overdue) and the next ones. */
  async openRentalsOfUnit(unitId: string, limit = 10): Promise<{ rentalId: string; reservationId: string }[]> {
    const rows = await this.txHost.db
      .select({ rentalId: unitReservations.rentalId, reservationId: unitReservations.id })
      .from(unitReservations)
      .innerJoin(rentals, eq(rentals.id, unitReservations.rentalId))
      .where(and(eq(unitReservations.unitId, unitId), eq(unitReservations.kind, 'rental'), inArray(rentals.status, ['booked', 'pending_fee'])))
      .orderBy(sql`lower(${unitReservations.period})`)
      .limit(limit);
    return rows.map((r) => ({ rentalId: r.rentalId!, reservationId: r.reservationId }));
  }

  /** The rentals of a unit that are over (returned), latest first. */
  async pastRentalsOfUnit(unitId: string, limit = 10): Promise<string[]> {
    const rows = await this.txHost.db
      .select({ rentalId: unitReservations.rentalId })
      .from(unitReservations)
      .innerJoin(rentals, eq(rentals.id, unitReservations.rentalId))
      .where(and(eq(unitReservations.unitId, unitId), eq(unitReservations.kind, 'rental'), inArray(rentals.status, ['returned', 'paid'])))
      .orderBy(sql`lower(${unitReservations.period}) desc`)
      .limit(limit);
    return rows.map((r) => r.rentalId!);
  }

  /** Maintenance blocks of a unit that are not over. */
  async maintenanceOfUnit(unitId: string, now: Date): Promise<{ id: string; start: Date; end: Date | null; reason: string }[]> {
    const rows = await this.txHost.db
      .select({ id: unitReservations.id, start: sql<string>`lower(${unitReservations.period})`, end: sql<string | null>`case when upper_inf(${unitReservations.period}) then null else upper(${unitReservations.period}) end`, reason: unitReservations.reason })
      .from(unitReservations)
      .where(and(eq(unitReservations.unitId, unitId), eq(unitReservations.kind, 'maintenance'), sql`upper(${unitReservations.period}) > ${now.toISOString()}::timestamptz`))
      .orderBy(sql`lower(${unitReservations.period})`);
    return rows.map((r) => ({ id: r.id, start: toDate(r.start), end: r.end === null ? null : toDate(r.end), reason: r.reason }));
  }

  /** The rental's unit reservations (unit ids), locked for the check-out's swap. */
  async reservationsOfRental(rentalId: string): Promise<{ id: string; unitId: string }[]> {
    return this.txHost.db
      .select({ id: unitReservations.id, unitId: unitReservations.unitId })
      .from(unitReservations)
      .where(eq(unitReservations.rentalId, rentalId))
      .orderBy(asc(unitReservations.unitId))
      .for('update');
  }

  /** The rental's units (unit ids), without locking. */
  async reservationsOfRentalRead(rentalId: string): Promise<{ id: string; unitId: string }[]> {
    return this.txHost.db
      .select({ id: unitReservations.id, unitId: unitReservations.unitId })
      .from(unitReservations)
      .where(eq(unitReservations.rentalId, rentalId));
  }

  async moveReservation(reservationId: string, unitId: string): Promise<void> {
    await this.txHost.db.update(unitReservations).set({ unitId }).where(eq(unitReservations.id, reservationId));
  }

  // ------------------------------------------------------------ check-out / check-in

  async checkout(rentalId: string): Promise<RentalCheckoutRow | undefined> {
    const [row] = await this.txHost.db.select().from(rentalCheckouts).where(eq(rentalCheckouts.rentalId, rentalId)).limit(1);
    return row;
  }

  async checkouts(rentalIds: string[]): Promise<RentalCheckoutRow[]> {
    if (!rentalIds.length) return [];
    return this.txHost.db.select().from(rentalCheckouts).where(inArray(rentalCheckouts.rentalId, rentalIds));
  }

  async insertCheckout(values: typeof rentalCheckouts.$inferInsert): Promise<RentalCheckoutRow> {
    const [row] = await this.txHost.db.insert(rentalCheckouts).values(values).returning();
    return row;
  }

  /** Records the check-in once (conditional: a second check-in finds it done and gets undefined). */
  async markCheckedIn(rentalId: string, at: Date, staffId: string): Promise<RentalCheckoutRow | undefined> {
    const [row] = await this.txHost.db
      .update(rentalCheckouts)
      .set({ checkedInAt: at, checkedInBy: staffId })
      .where(and(eq(rentalCheckouts.rentalId, rentalId), sql`${rentalCheckouts.checkedInAt} is null`))
      .returning();
    return row;
  }

  async insertCondition(values: typeof unitConditions.$inferInsert): Promise<UnitConditionRow> {
    const [row] = await this.txHost.db.insert(unitConditions).values(values).returning();
    return row;
  }

  async conditionsOfRentals(rentalIds: string[]): Promise<UnitConditionRow[]> {
    if (!rentalIds.length) return [];
    return this.txHost.db.select().from(unitConditions).where(inArray(unitConditions.rentalId, rentalIds)).orderBy(asc(unitConditions.createdAt));
  }

  async conditionsOfUnit(unitId: string, limit = 20): Promise<UnitConditionRow[]> {
    return this.txHost.db.select().from(unitConditions).where(eq(unitConditions.unitId, unitId)).orderBy(desc(unitConditions.createdAt)).limit(limit);
  }

  async insertDamage(values: typeof damageReports.$inferInsert): Promise<DamageReportRow> {
    const [row] = await this.txHost.db.insert(damageReports).values(values).returning();
    return row;
  }

  async damageOfRentals(rentalIds: string[]): Promise<DamageReportRow[]> {
    if (!rentalIds.length) return [];
    return this.txHost.db.select().from(damageReports).where(inArray(damageReports.rentalId, rentalIds)).orderBy(asc(damageReports.createdAt));
  }

  async damageOfUnit(unitId: string, limit = 20): Promise<DamageReportRow[]> {
    return this.txHost.db.select().from(damageReports).where(eq(damageReports.unitId, unitId)).orderBy(desc(damageReports.createdAt)).limit(limit);
  }

  async findDamage(id: string): Promise<DamageReportRow | undefined> {
    const [row] = await this.txHost.db.select().from(damageReports).where(eq(damageReports.id, id)).limit(1);
    return row;
  }

  async setDepositKept(id: string, keptMinor: number): Promise<void> {
    await this.txHost.db.update(damageReports).set({ depositKeptMinor: keptMinor }).where(eq(damageReports.id, id));
  }

  // ------------------------------------------------------------ photos

  async insertPhoto(values: typeof conditionPhotos.$inferInsert): Promise<ConditionPhotoRow> {
    const [row] = await this.txHost.db.insert(conditionPhotos).values(values).returning();
    return row;
  }

  async findPhoto(id: string): Promise<ConditionPhotoRow | undefined> {
    const [row] = await this.txHost.db.select().from(conditionPhotos).where(eq(conditionPhotos.id, id)).limit(1);
    return row;
  }

  async photosOfRentals(rentalIds: string[]): Promise<ConditionPhotoRow[]> {
    if (!rentalIds.length) return [];
    return this.txHost.db.select().from(conditionPhotos).where(inArray(conditionPhotos.rentalId, rentalIds)).orderBy(asc(conditionPhotos.createdAt));
  }

  /** Attaches uploaded photos of the rental's unit to its condition (and damage report); only the rental's own. */
  async attachPhotos(ids: string[], rentalId: string, unitId: string, conditionId: string, damageReportId: string | null): Promise<number> {
    if (!ids.length) return 0;
    const rows = await this.txHost.db
      .update(conditionPhotos)
      .set({ conditionId, damageReportId })
      .where(and(inArray(conditionPhotos.id, ids), eq(conditionPhotos.rentalId, rentalId), eq(conditionPhotos.unitId, unitId)))
      .returning({ id: conditionPhotos.id });
    return rows.length;
  }
}
