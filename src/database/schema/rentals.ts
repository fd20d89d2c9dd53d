import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { foreignId, primaryId, timestamps, timestamptz } from './columns.js';
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
  /** Absent: the bike's time (weeks, days, hours). 'addon': an add-on; 'discount': a code's discount (negative amount). */
  kind?: 'addon' | 'discount';
  /** The add-on's or the code's id. */
  ref?: string;
}

export const rentals = pgTable(
  'rentals',
  {
    id: primaryId(),
    /** Opaque reference used by checkout (/checkout/{paymentId}) and rentals/fullpayment. */
    paymentRef: text('payment_ref').notNull().unique(),
    userId: foreignId('user_id', () => users.id, 'restrict'),
    bikeId: foreignId('bike_id', () => bikes.id),
    quantity: integer('quantity').notNull(),
    startTime: timestamptz('start_time').notNull(),
    /** Planned return; null = open-ended (priced by the hour at return). */
    endTime: timestamptz('end_time'),
    returnTime: timestamptz('return_time'),
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
    cancelledAt: timestamptz('cancelled_at'),
    totalCostCents: integer('total_cost_cents').notNull().default(0),
    /**
     * What the rental's succeeded rental and late-fee payments add up to (null before the first): derived from the
     * payments in the transaction that settles or refunds one, never added to by hand.
     */
    totalPaidCents: integer('total_paid_cents'),
    /** The booking fee's free-cancellation deadline: fixed when the fee is paid, a reschedule only moves it earlier. */
    freeCancelUntil: timestamptz('free_cancel_until'),
    /** Set once when the reserved units come back to stock; guarantees "exactly once". */
    stockReleasedAt: timestamptz('stock_released_at'),
    holdExpiresAt: timestamptz('hold_expires_at'),
    ...timestamps(),
  },
  (t) => [
    check('rentals_quantity_positive', sql`${t.quantity} > 0`),
    check('rentals_total_cost_non_negative', sql`${t.totalCostCents} >= 0`),
    check('rentals_paid_within_cost', sql`${t.totalPaidCents} is null or (${t.totalPaidCents} >= 0 and ${t.totalPaidCents} <= ${t.totalCostCents})`),
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
