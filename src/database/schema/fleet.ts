import { sql } from 'drizzle-orm';
import { check, customType, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, foreignId, primaryId, timestamps, timestamptz } from './columns.js';
import { bikes } from './bikes.js';
import { rentals } from './rentals.js';

export const UNIT_STATUSES = ['active', 'maintenance', 'retired'] as const;
export type UnitStatus = (typeof UNIT_STATUSES)[number];

/** One physical bike of a model: what a booking really takes. */
export const bikeUnits = pgTable(
  'bike_units',
  {
    id: primaryId(),
    bikeId: foreignId('bike_id', () => bikes.id),
    /** Label or frame number, unique within the bike model. */
    label: text('label').notNull(),
    status: text('status').$type<UnitStatus>().notNull().default('active'),
    notes: text('notes').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    check('bike_units_status_check', sql`${t.status} in ('active', 'maintenance', 'retired')`),
    uniqueIndex('bike_units_bike_label_unique').on(t.bikeId, sql`lower(${t.label})`),
    index('bike_units_bike_idx').on(t.bikeId, t.status),
  ],
);

/** `tstzrange` as its text form, e.g. '["2026-06-01 09:00:00+00","infinity")'; built in SQL with tstzrange(). */
const tstzrange = customType<{ data: string; driverData: string }>({ dataType: () => 'tstzrange' });

export const RESERVATION_KINDS = ['rental', 'maintenance'] as const;
export type ReservationKind = (typeof RESERVATION_KINDS)[number];

/**
 * A unit taken for a period, by a rental (one row per unit of the rental) or by a maintenance block. The
 * exclusion constraint makes two overlapping periods of one unit impossible, whoever inserts them. A rental
 * without an end holds its unit over [start, infinity) until it is returned, then [start, return).
 * Cancelled and expired bookings delete their rows.
 */
export const unitReservations = pgTable(
  'unit_reservations',
  {
    id: primaryId(),
    unitId: foreignId('unit_id', () => bikeUnits.id, 'cascade'),
    /** The unit's bike, so availability reads one index. */
    bikeId: foreignId('bike_id', () => bikes.id),
    rentalId: uuid('rental_id').references(() => rentals.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ReservationKind>().notNull(),
    period: tstzrange('period').notNull(),
    /** Maintenance: why the unit is out. */
    reason: text('reason').notNull().default(''),
    /** Set when the rental's unit came back (per unit). */
    returnedAt: timestamptz('returned_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('unit_reservations_kind_check', sql`${t.kind} in ('rental', 'maintenance')`),
    check('unit_reservations_rental_kind', sql`(${t.kind} = 'rental') = (${t.rentalId} is not null)`),
    check('unit_reservations_period_not_empty', sql`not isempty(${t.period})`),
    index('unit_reservations_rental_idx').on(t.rentalId),
    index('unit_reservations_bike_period_idx').using('gist', t.bikeId, t.period),
  ],
);

export type BikeUnitRow = typeof bikeUnits.$inferSelect;
export type UnitReservationRow = typeof unitReservations.$inferSelect;
