import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, foreignId, primaryId, timestamptz } from './columns.js';
import { users } from './users.js';

export const GIFT_CARD_STATUSES = ['pending', 'active', 'void'] as const;
export type GiftCardStatus = (typeof GIFT_CARD_STATUSES)[number];
export const GIFT_CARD_MOVEMENT_KINDS = ['issue', 'redeem', 'release', 'refund', 'expire'] as const;
export type GiftCardMovementKind = (typeof GIFT_CARD_MOVEMENT_KINDS)[number];

/**
 * Issue 25. A gift card: pending until its sale is paid, then active. The code itself is never stored in clear:
 * `code_hash` (SHA-256 of the normalised code) finds a card, `code_sealed` (AES-256-GCM under a key derived from
 * the server secret) lets the delivery email's PDF carry it, `last4` is what pages show.
 */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: primaryId(),
    codeHash: text('code_hash').notNull(),
    codeSealed: text('code_sealed').notNull(),
    last4: text('last4').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<GiftCardStatus>().notNull().default('pending'),
    purchaserId: foreignId('purchaser_id', () => users.id, 'restrict'),
    recipientName: text('recipient_name').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    message: text('message').notNull().default(''),
    /** When the recipient's email goes out (the outbox worker takes it from then on). */
    sendAt: timestamptz('send_at').notNull(),
    issuedAt: timestamptz('issued_at'),
    /** GIFT_CARD_EXPIRY_MONTHS after issue; null: never expires (the default). */
    expiresAt: timestamptz('expires_at'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('gift_cards_code_hash_unique').on(t.codeHash),
    check('gift_cards_amount_positive', sql`${t.amountMinor} > 0`),
    check('gift_cards_status_check', sql`${t.status} in ('pending', 'active', 'void')`),
    index('gift_cards_created_idx').on(t.createdAt, t.id),
  ],
);

/**
 * The ledger of a gift card: issue (+), redeem (-, a payment it covers), release (+, that payment failed or
 * lapsed), refund (+, that payment was refunded), expire (-). `seq` numbers a card's movements 1, 2, 3...
 * (unique per card) and `balance_after` is the running balance, never below zero: the balance is the last row's.
 */
export const giftCardMovements = pgTable(
  'gift_card_movements',
  {
    id: primaryId(),
    giftCardId: uuid('gift_card_id')
      .notNull()
      .references(() => giftCards.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    kind: text('kind').$type<GiftCardMovementKind>().notNull(),
    amountMinor: integer('amount_minor').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    paymentId: uuid('payment_id'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('gift_card_movements_seq_unique').on(t.giftCardId, t.seq),
    check('gift_card_movements_balance_non_negative', sql`${t.balanceAfter} >= 0`),
    check('gift_card_movements_amount_non_zero', sql`${t.amountMinor} <> 0`),
    check('gift_card_movements_kind_check', sql`${t.kind} in ('issue', 'redeem', 'release', 'refund', 'expire')`),
    index('gift_card_movements_payment_idx').on(t.paymentId),
  ],
);

export type GiftCardRow = typeof giftCards.$inferSelect;
export type GiftCardMovementRow = typeof giftCardMovements.$inferSelect;
