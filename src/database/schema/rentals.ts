import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bikes } from './bikes.js';
import { users } from './users.js';

/**
 * Life of a rental:
 * pending_fee -> booked (booking fee paid) -> returned (admin confirmed, cost known) -> paid
 * pending_fee -> cancelled (fee failed, cancelled or expired; stock given back)
 * booked -> cancelled (the customer cancelled before the start)
 */
export const RENTAL_STATUSES = ['pending_fee', 'booked', 'returned', 'paid', 'cancelled'] as const;
export type RentalStatus = (typeof RENTAL_STATUSES)[number];
export const RENTAL_SOURCES = ['online', 'counter'] as const;
export type RentalSource = (typeof RENTAL_SOURCES)[number];
export const COUNTER_PAYMENT_METHODS = ['cash', 'card_terminal'] as const;
export type CounterPaymentMethod = (typeof COUNTER_PAYMENT_METHODS)[number];

/** One line of a quote, minor units. */
export interface QuoteLineRow {
  label: string;
  quantity: number;
  unitAmountMinor: number;
  amountMinor: number;
}

export const rentals = pgTable(
  'rentals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Opaque reference used by checkout (/checkout/{paymentId}) and rentals/fullpayment. */
    paymentRef: text('payment_ref').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    bikeId: uuid('bike_id')
      .notNull()
      .references(() => bikes.id),
    quantity: integer('quantity').notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    /** Planned return; null = open-ended (priced by the hour at return). */
    endTime: timestamp('end_time', { withTimezone: true }),
    returnTime: timestamp('return_time', { withTimezone: true }),
    status: text('status').$type<RentalStatus>().notNull().default('pending_fee'),
    /** Price per hour at booking time, minor units. */
    pricePerHourCents: integer('price_per_hour_cents').notNull(),
    /** Day and week rates at booking time (null = not offered). */
    pricePerDayCents: integer('price_per_day_cents'),
    pricePerWeekCents: integer('price_per_week_cents'),
    currency: text('currency').notNull().default('USD'),
    /** The quote's lines when the window was fixed at booking; its total is totalCost. */
    quoteLines: jsonb('quote_lines').$type<QuoteLineRow[]>(),
    /** Late fee added at return (minor units), part of totalCost. */
    lateFeeCents: integer('late_fee_cents').notNull().default(0),
    source: text('source').$type<RentalSource>().notNull().default('online'),
    /** Counter sales: how the shop took the money. */
    paymentMethod: text('payment_method').$type<CounterPaymentMethod>(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
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
    check('rentals_window_order', sql`${t.endTime} is null or ${t.endTime} > ${t.startTime}`),
    check('rentals_source_check', sql`${t.source} in ('online', 'counter')`),
    check(
      'rentals_status_check',
      sql`${t.status} in ('pending_fee', 'booked', 'returned', 'paid', 'cancelled')`,
    ),
    index('rentals_user_idx').on(t.userId, t.createdAt),
    index('rentals_bike_idx').on(t.bikeId),
    index('rentals_status_idx').on(t.status),
    index('rentals_user_pending_idx').on(t.userId).where(sql`${t.status} = 'pending_fee'`),
    index('rentals_hold_idx').on(t.holdExpiresAt).where(sql`${t.status} = 'pending_fee'`),
    index('rentals_recent_returns_idx')
      .on(t.returnTime.desc().nullsLast(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} in ('returned', 'paid')`),
    index('rentals_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('rentals_booked_start_idx').on(t.startTime).where(sql`${t.status} = 'booked'`),
    index('rentals_booked_end_idx').on(t.endTime).where(sql`${t.status} = 'booked' and ${t.endTime} is not null`),
  ],
);

export type RentalRow = typeof rentals.$inferSelect;
export type NewRentalRow = typeof rentals.$inferInsert;

export const rentalReturned = (status: RentalStatus): boolean => status === 'returned' || status === 'paid';
