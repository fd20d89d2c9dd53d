import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bikes } from './bikes.js';
import { users } from './users.js';

/**
 * Life of a rental:
 * pending_fee -> booked (booking fee paid) -> returned (admin confirmed, cost known) -> paid
 * pending_fee -> cancelled (fee failed, cancelled or expired; stock given back)
 */
export const RENTAL_STATUSES = ['pending_fee', 'booked', 'returned', 'paid', 'cancelled'] as const;
export type RentalStatus = (typeof RENTAL_STATUSES)[number];

export const rentals = pgTable(
  'rentals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Opaque reference used by checkout (/checkout/{paymentId}) and rentals/fullpayment. */
    paymentRef: text('payment_ref').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bikeId: uuid('bike_id')
      .notNull()
      .references(() => bikes.id),
    quantity: integer('quantity').notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    returnTime: timestamp('return_time', { withTimezone: true }),
    status: text('status').$type<RentalStatus>().notNull().default('pending_fee'),
    /** Price per hour at booking time, minor units. */
    pricePerHourCents: integer('price_per_hour_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    totalCostCents: integer('total_cost_cents').notNull().default(0),
    totalPaidCents: integer('total_paid_cents'),
    /** Set once when the reserved units come back to stock; guarantees "exactly once". */
    stockReleasedAt: timestamp('stock_released_at', { withTimezone: true }),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('rentals_quantity_positive', sql`${t.quantity} > 0`),
    check('rentals_total_cost_non_negative', sql`${t.totalCostCents} >= 0`),
    check(
      'rentals_status_check',
      sql`${t.status} in ('pending_fee', 'booked', 'returned', 'paid', 'cancelled')`,
    ),
    index('rentals_user_idx').on(t.userId, t.createdAt),
    index('rentals_bike_idx').on(t.bikeId),
    index('rentals_status_idx').on(t.status),
    index('rentals_hold_idx').on(t.holdExpiresAt).where(sql`${t.status} = 'pending_fee'`),
    index('rentals_recent_returns_idx')
      .on(t.returnTime.desc().nullsLast(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} in ('returned', 'paid')`),
  ],
);

export type RentalRow = typeof rentals.$inferSelect;
export type NewRentalRow = typeof rentals.$inferInsert;

export const rentalReturned = (status: RentalStatus): boolean => status === 'returned' || status === 'paid';
