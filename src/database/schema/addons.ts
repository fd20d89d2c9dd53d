import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, foreignId, primaryId, timestamps } from './columns.js';
import { rentals } from './rentals.js';

export const ADDON_FITS = ['all', 'brands', 'bikes'] as const;
export type AddonFit = (typeof ADDON_FITS)[number];

/**
 * Something rented with a bike: a helmet, a lock, a child seat (counted stock: one `addon_items` row per piece)
 * or insurance (no stock). Priced per rental and/or per started day, in minor units of `currency`.
 */
export const addons = pgTable(
  'addons',
  {
    id: primaryId(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url').notNull().default(''),
    /** Counted stock (pieces in addon_items, held per window); false: unlimited, e.g. insurance. */
    tracksStock: boolean('tracks_stock').notNull().default(true),
    pricePerRentalCents: integer('price_per_rental_cents').notNull().default(0),
    pricePerDayCents: integer('price_per_day_cents').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    /** Security deposit per piece, added to the rental's deposit. */
    depositCents: integer('deposit_cents').notNull().default(0),
    /** Which bikes it fits: all, the bikes of some brands (the catalog's categories), or some bikes. */
    fits: text('fits').$type<AddonFit>().notNull().default('all'),
    fitBrands: jsonb('fit_brands').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    fitBikeIds: jsonb('fit_bike_ids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** One per bike (a helmet per rider): at most the booking's bike count, and offered as many by default. */
    perBike: boolean('per_bike').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    check('addons_fits_check', sql`${t.fits} in ('all', 'brands', 'bikes')`),
    check('addons_prices_non_negative', sql`${t.pricePerRentalCents} >= 0 and ${t.pricePerDayCents} >= 0 and ${t.depositCents} >= 0`),
  ],
);

export const ADDON_ITEM_STATUSES = ['active', 'retired'] as const;
export type AddonItemStatus = (typeof ADDON_ITEM_STATUSES)[number];

/** One piece of an add-on's stock (helmet #3): what a booking really takes, like a bike unit. */
export const addonItems = pgTable(
  'addon_items',
  {
    id: primaryId(),
    addonId: foreignId('addon_id', () => addons.id, 'cascade'),
    label: text('label').notNull(),
    status: text('status').$type<AddonItemStatus>().notNull().default('active'),
    createdAt: createdAt(),
  },
  (t) => [
    check('addon_items_status_check', sql`${t.status} in ('active', 'retired')`),
    index('addon_items_addon_idx').on(t.addonId, t.status),
  ],
);

const tstzrange = customType<{ data: string; driverData: string }>({ dataType: () => 'tstzrange' });

/**
 * A piece taken by a rental for its window. `EXCLUDE USING gist (item_id WITH =, period WITH &&)` (SQL only, like
 * unit_reservations) makes two overlapping periods of one piece impossible, whoever inserts them.
 */
export const addonReservations = pgTable(
  'addon_reservations',
  {
    id: primaryId(),
    itemId: foreignId('item_id', () => addonItems.id, 'cascade'),
    addonId: foreignId('addon_id', () => addons.id, 'cascade'),
    rentalId: foreignId('rental_id', () => rentals.id, 'cascade'),
    period: tstzrange('period').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('addon_reservations_period_not_empty', sql`not isempty(${t.period})`),
    index('addon_reservations_rental_idx').on(t.rentalId),
    index('addon_reservations_addon_period_idx').using('gist', t.addonId, t.period),
  ],
);

/** An add-on line of a rental, priced at booking (name and rates kept as they were). */
export const rentalAddons = pgTable(
  'rental_addons',
  {
    id: primaryId(),
    rentalId: foreignId('rental_id', () => rentals.id, 'cascade'),
    addonId: uuid('addon_id').references(() => addons.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    pricePerRentalCents: integer('price_per_rental_cents').notNull(),
    pricePerDayCents: integer('price_per_day_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    depositCents: integer('deposit_cents').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('rental_addons_quantity_positive', sql`${t.quantity} > 0`),
    check('rental_addons_amount_non_negative', sql`${t.amountCents} >= 0`),
    uniqueIndex('rental_addons_rental_addon_unique').on(t.rentalId, t.addonId),
    index('rental_addons_addon_idx').on(t.addonId),
  ],
);

export type AddonRow = typeof addons.$inferSelect;
export type NewAddonRow = typeof addons.$inferInsert;
export type AddonItemRow = typeof addonItems.$inferSelect;
export type RentalAddonRow = typeof rentalAddons.$inferSelect;
