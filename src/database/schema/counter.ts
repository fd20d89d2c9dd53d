import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, foreignId, primaryId, timestamptz } from './columns.js';
import { bikeUnits } from './fleet.js';
import { rentals } from './rentals.js';
import { users } from './users.js';

/** The parts staff check on each unit at check-out and check-in (battery only for e-bikes). */
export const CHECKLIST_PARTS = ['frame', 'wheels', 'brakes', 'lights', 'lock', 'battery'] as const;
export type ChecklistPart = (typeof CHECKLIST_PARTS)[number];
export const CHECKLIST_STATES = ['ok', 'worn', 'damaged', 'missing', 'na'] as const;
export type ChecklistState = (typeof CHECKLIST_STATES)[number];
export type Checklist = Partial<Record<ChecklistPart, ChecklistState>>;

export const DAMAGE_SEVERITIES = ['minor', 'moderate', 'severe'] as const;
export type DamageSeverity = (typeof DAMAGE_SEVERITIES)[number];
/** One damage item: the part, how bad, what it costs (minor units of the rental's currency), a few words. */
export interface DamageItem {
  part: string;
  severity: DamageSeverity;
  costMinor: number;
  description: string;
}

export const CONDITION_STAGES = ['check_out', 'check_in'] as const;
export type ConditionStage = (typeof CONDITION_STAGES)[number];

/**
 * A rental's hand-over at the counter, once (primary key): when and by whom; when check-out went ahead although
 * something blocked it, the blockers overridden and the admin's reason (the database refuses an override without
 * one); the return time it had before the counter moved it; and the check-in. A rental checked in that was never
 * checked out gets its row at check-in (recordedAtCheckIn), as handed over at its start.
 */
export const rentalCheckouts = pgTable(
  'rental_checkouts',
  {
    rentalId: uuid('rental_id')
      .primaryKey()
      .references(() => rentals.id, { onDelete: 'cascade' }),
    checkedOutAt: timestamptz('checked_out_at').notNull(),
    staffId: uuid('staff_id').references(() => users.id, { onDelete: 'set null' }),
    overrideReason: text('override_reason'),
    overridden: jsonb('overridden').$type<string[]>().notNull().default([]),
    movedReturnFrom: timestamptz('moved_return_from'),
    /**
     * The bikes left without a counter scan (booked online, handed over by hand): the hand-over was recorded at
     * check-in, as at the rental's start, and no blocker was checked then.
     */
    recordedAtCheckIn: boolean('recorded_at_check_in').notNull().default(false),
    checkedInAt: timestamptz('checked_in_at'),
    checkedInBy: uuid('checked_in_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('rental_checkouts_override_reason', sql`jsonb_array_length(${t.overridden}) = 0 OR length(coalesce(${t.overrideReason}, '')) > 0`),
  ],
);

/** The condition of one unit at check-out or check-in (one per rental, unit and stage). */
export const unitConditions = pgTable(
  'unit_conditions',
  {
    id: primaryId(),
    rentalId: foreignId('rental_id', () => rentals.id, 'cascade'),
    unitId: foreignId('unit_id', () => bikeUnits.id, 'cascade'),
    stage: text('stage').$type<ConditionStage>().notNull(),
    checklist: jsonb('checklist').$type<Checklist>().notNull().default({}),
    notes: text('notes').notNull().default(''),
    staffId: uuid('staff_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('unit_conditions_stage_check', sql`${t.stage} in ('check_out', 'check_in')`),
    uniqueIndex('unit_conditions_once').on(t.rentalId, t.unitId, t.stage),
    index('unit_conditions_unit_idx').on(t.unitId, t.createdAt),
  ],
);

/** A damage report of one unit, written at check-in. */
export const damageReports = pgTable(
  'damage_reports',
  {
    id: primaryId(),
    rentalId: foreignId('rental_id', () => rentals.id, 'cascade'),
    unitId: foreignId('unit_id', () => bikeUnits.id, 'cascade'),
    conditionId: uuid('condition_id').references(() => unitConditions.id, { onDelete: 'set null' }),
    items: jsonb('items').$type<DamageItem[]>().notNull().default([]),
    notes: text('notes').notNull().default(''),
    severe: boolean('severe').notNull().default(false),
    costMinor: integer('cost_minor').notNull().default(0),
    currency: text('currency').notNull(),
    /** What was kept of the deposit for this report (set when the deposit is captured with it as the reason). */
    depositKeptMinor: integer('deposit_kept_minor'),
    createdAt: createdAt(),
  },
  (t) => [
    check('damage_reports_cost_check', sql`${t.costMinor} >= 0`),
    index('damage_reports_unit_idx').on(t.unitId, t.createdAt),
    index('damage_reports_rental_idx').on(t.rentalId),
  ],
);

/** A condition photo (the FileStore holds the bytes under `path`), of a rental's unit. */
export const conditionPhotos = pgTable(
  'condition_photos',
  {
    id: primaryId(),
    rentalId: foreignId('rental_id', () => rentals.id, 'cascade'),
    unitId: foreignId('unit_id', () => bikeUnits.id, 'cascade'),
    conditionId: uuid('condition_id').references(() => unitConditions.id, { onDelete: 'set null' }),
    damageReportId: uuid('damage_report_id').references(() => damageReports.id, { onDelete: 'set null' }),
    path: text('path').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('condition_photos_path_unique').on(t.path), index('condition_photos_rental_idx').on(t.rentalId)],
);

export type RentalCheckoutRow = typeof rentalCheckouts.$inferSelect;
export type UnitConditionRow = typeof unitConditions.$inferSelect;
export type DamageReportRow = typeof damageReports.$inferSelect;
export type ConditionPhotoRow = typeof conditionPhotos.$inferSelect;
