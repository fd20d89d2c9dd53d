import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, foreignId, primaryId, timestamptz } from './columns.js';
import { giftCards } from './gift-cards.js';
import { rentals } from './rentals.js';
import { users } from './users.js';

export const PAYMENT_KINDS = ['booking_fee', 'rental', 'late_fee', 'gift_card'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'cancelled', 'expired', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const payments = pgTable(
  'payments',
  {
    id: primaryId(),
    rentalId: uuid('rental_id').references(() => rentals.id, { onDelete: 'cascade' }),
    userId: foreignId('user_id', () => users.id, 'restrict'),
    kind: text('kind').$type<PaymentKind>().notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('pending'),
    provider: text('provider').notNull(),
    /** The gateway's own reference (Stripe Checkout Session id, sandbox session id). */
    providerRef: text('provider_ref'),
    checkoutUrl: text('checkout_url'),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at'),
    completedAt: timestamptz('completed_at'),
    refundedAt: timestamptz('refunded_at'),
    /** Why an admin must look at this payment (paid after its hold lapsed, refund failed); null when fine. */
    attention: text('attention'),
    /** When the gateway reported it paid after its booking had lapsed (it is then refunded automatically). */
    paidAfterCloseAt: timestamptz('paid_after_close_at'),
    /** The gift card paying `giftCardMinor` of this payment (the gateway charges the rest; all of it: provider gift_card). */
    giftCardId: uuid('gift_card_id'),
    giftCardMinor: integer('gift_card_minor').notNull().default(0),
    /** kind gift_card: the gift card this payment sells (it has no rental). */
    soldGiftCardId: uuid('sold_gift_card_id'),
  },
  (t) => [
    check('payments_amount_positive', sql`${t.amountMinor} > 0`),
    check('payments_kind_check', sql`${t.kind} in ('booking_fee', 'rental', 'late_fee', 'gift_card')`),
    check(
      'payments_rental_or_gift_card',
      sql`(${t.kind} = 'gift_card') = (${t.rentalId} is null) and (${t.kind} = 'gift_card') = (${t.soldGiftCardId} is not null)`,
    ),
    check(
      'payments_gift_card_part',
      sql`${t.giftCardMinor} >= 0 and ${t.giftCardMinor} <= ${t.amountMinor} and (${t.giftCardMinor} = 0) = (${t.giftCardId} is null)`,
    ),
    foreignKey({ name: 'payments_gift_card_id_fk', columns: [t.giftCardId], foreignColumns: [giftCards.id] }).onDelete('restrict'),
    foreignKey({ name: 'payments_sold_gift_card_id_fk', columns: [t.soldGiftCardId], foreignColumns: [giftCards.id] }).onDelete('restrict'),
    uniqueIndex('payments_sold_gift_card_unique').on(t.soldGiftCardId),
    check(
      'payments_status_check',
      sql`${t.status} in ('pending', 'succeeded', 'failed', 'cancelled', 'expired', 'refunded')`,
    ),
    index('payments_rental_idx').on(t.rentalId),
    index('payments_created_id_idx').on(t.createdAt, t.id),
    index('payments_attention_idx').on(t.createdAt).where(sql`${t.attention} is not null`),
    index('payments_paid_after_close_idx').on(t.paidAfterCloseAt).where(sql`${t.paidAfterCloseAt} is not null`),
    index('payments_pending_expiry_idx').on(t.kind, t.expiresAt).where(sql`${t.status} = 'pending'`),
    uniqueIndex('payments_provider_ref_unique').on(t.provider, t.providerRef),
    /**
     * At most one successful booking fee per rental. Rental and late-fee payments may succeed several times (a part
     * paid up front, the rest, the late fee): the rental's paid amount is their sum (rentals_paid_within_cost).
     */
    uniqueIndex('payments_one_fee_success')
      .on(t.rentalId)
      .where(sql`${t.kind} = 'booking_fee' and ${t.status} = 'succeeded'`),
  ],
);

export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: primaryId(),
    provider: text('provider').notNull(),
    notificationId: text('notification_id').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_notifications_provider_id_unique').on(t.provider, t.notificationId)],
);

export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;
export type PaymentNotificationRow = typeof paymentNotifications.$inferSelect;
