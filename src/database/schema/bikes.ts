import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { primaryId, timestamps, timestamptz } from './columns.js';

/**
 * Money is stored in integer minor units (cents); the API shows major units. Stock is not stored: it is the
 * bike's units (bike_units) not taken now (unit_reservations).
 */
export const bikes = pgTable(
  'bikes',
  {
    id: primaryId(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    imageUrl: text('image_url').notNull(),
    pricePerHourCents: integer('price_per_hour_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    cc: integer('cc').notNull(),
    year: integer('year').notNull(),
    model: text('model').notNull(),
    brand: text('brand').notNull(),
    /** Optional cheaper rates for whole days and weeks (minor units); null = not offered. */
    pricePerDayCents: integer('price_per_day_cents'),
    pricePerWeekCents: integer('price_per_week_cents'),
    isAvailable: boolean('is_available').notNull().default(true),
    /** Security deposit per unit (minor units of `currency`), held on the customer's card; 0 = none. */
    depositAmountCents: integer('deposit_amount_cents').notNull().default(0),
    ...timestamps(),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [
    check('bikes_price_per_day_non_negative', sql`${t.pricePerDayCents} >= 0`),
    check('bikes_price_per_week_non_negative', sql`${t.pricePerWeekCents} >= 0`),
    check('bikes_price_non_negative', sql`${t.pricePerHourCents} >= 0`),
    check('bikes_cc_non_negative', sql`${t.cc} >= 0`),
    check('bikes_deposit_non_negative', sql`${t.depositAmountCents} >= 0`),
    index('bikes_listing_idx').on(t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    index('bikes_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('bikes_brand_trgm_idx').using('gin', sql`lower(${t.brand}) gin_trgm_ops`),
    index('bikes_model_trgm_idx').using('gin', sql`lower(${t.model}) gin_trgm_ops`),
    index('bikes_brand_lower_idx').on(sql`lower(${t.brand})`).where(sql`${t.deletedAt} is null`),
  ],
);

export type BikeRow = typeof bikes.$inferSelect;
export type NewBikeRow = typeof bikes.$inferInsert;
