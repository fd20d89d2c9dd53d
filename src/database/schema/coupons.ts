import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, foreignId, primaryId, timestamps, timestamptz } from './columns.js';
import { addons } from './addons.js';
import { rentals } from './rentals.js';
import { users } from './users.js';

export const COUPON_KINDS = ['percent', 'fixed', 'free_addon'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/**
 * A discount code. `uses` counts the redemptions of bookings that were not cancelled; it is raised in the booking's
 * transaction (the row's lock orders concurrent uses) and `coupons_uses_within_limit` refuses the use past
 * `max_uses`, so the last use is taken once.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: primaryId(),
    code: text('code').notNull(),
    kind: text('kind').$type<CouponKind>().notNull(),
    percentOff: integer('percent_off'),
    amountOffCents: integer('amount_off_cents'),
    currency: text('currency').notNull().default('USD'),
    freeAddonId: uuid('free_addon_id').references(() => addons.id, { onDelete: 'set null' }),
    validFrom: timestamptz('valid_from'),
    validUntil: timestamptz('valid_until'),
    /** null: every bike; else only these bikes. */
    bikeIds: jsonb('bike_ids').$type<string[] | null>(),
    minHours: integer('min_hours').notNull().default(0),
    minQuantity: integer('min_quantity').notNull().default(1),
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    stackable: boolean('stackable').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    uses: integer('uses').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    check('coupons_kind_check', sql`${t.kind} in ('percent', 'fixed', 'free_addon')`),
    check(
      'coupons_kind_values',
      sql`(${t.kind} <> 'percent' or ${t.percentOff} between 1 and 100) and (${t.kind} <> 'fixed' or ${t.amountOffCents} > 0) and (${t.kind} <> 'free_addon' or ${t.freeAddonId} is not null)`,
    ),
    check('coupons_uses_within_limit', sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.uses} <= ${t.maxUses})`),
    check('coupons_limits_positive', sql`(${t.maxUses} is null or ${t.maxUses} > 0) and (${t.maxUsesPerCustomer} is null or ${t.maxUsesPerCustomer} > 0) and ${t.minHours} >= 0 and ${t.minQuantity} >= 1`),
    uniqueIndex('coupons_code_unique').on(sql`lower(${t.code})`),
  ],
);

/** One use of a code by a booking (deleted, and the use given back, when the booking is cancelled or lapses). */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: primaryId(),
    couponId: foreignId('coupon_id', () => coupons.id, 'cascade'),
    rentalId: foreignId('rental_id', () => rentals.id, 'cascade'),
    userId: foreignId('user_id', () => users.id, 'cascade'),
    discountCents: integer('discount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('coupon_redemptions_discount_non_negative', sql`${t.discountCents} >= 0`),
    uniqueIndex('coupon_redemptions_coupon_rental_unique').on(t.couponId, t.rentalId),
    index('coupon_redemptions_coupon_user_idx').on(t.couponId, t.userId),
    index('coupon_redemptions_rental_idx').on(t.rentalId),
  ],
);

export type CouponRow = typeof coupons.$inferSelect;
export type NewCouponRow = typeof coupons.$inferInsert;
