import { sql } from 'drizzle-orm';
import { AnyPgColumn, boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, primaryId, timestamptz } from './columns.js';
import { rentals } from './rentals.js';

/** What the API shows of a deposit (`none` = the rental has no deposit row). */
export const DEPOSIT_STATUSES = ['none', 'pending', 'held', 'released', 'captured', 'partially_captured', 'failed', 'expired'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
/** How the deposit is secured: a card hold, a fallback charge (re-authorisation failed), or taken at the counter. */
export const DEPOSIT_METHODS = ['hold', 'charge', 'cash', 'card_terminal'] as const;
export type DepositMethod = (typeof DEPOSIT_METHODS)[number];
export const DEPOSIT_MOVEMENT_KINDS = ['hold', 'capture', 'release', 'charge', 'refund', 'expire', 'counter'] as const;
export type DepositMovementKind = (typeof DEPOSIT_MOVEMENT_KINDS)[number];
export const DEPOSIT_MOVEMENT_STATUSES = ['pending', 'succeeded', 'requires_action', 'failed'] as const;
export type DepositMovementStatus = (typeof DEPOSIT_MOVEMENT_STATUSES)[number];

/**
 * One security deposit per rental that has one (bike.depositAmount x quantity, fixed at booking), minor units.
 * `heldMinor` is what the current hold (or fallback charge, or counter deposit) secures; `capturedMinor` what the
 * shop kept. The database refuses capturing more than was held.
 */
export const deposits = pgTable(
  'deposits',
  {
    rentalId: uuid('rental_id')
      .primaryKey()
      .references(() => rentals.id, { onDelete: 'cascade' }),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<Exclude<DepositStatus, 'none'>>().notNull().default('pending'),
    method: text('method').$type<DepositMethod>().notNull().default('hold'),
    /** The gateway holding the card (sandbox, stripe) or the counter's way (cash, card_terminal). */
    provider: text('provider').notNull(),
    /** The gateway's reusable card for this rental (saved when the booking fee was paid); never card data. */
    cardRef: text('card_ref'),
    /** When the server places the first hold: max(booking, start - DEPOSIT_HOLD_LEAD_HOURS). */
    holdAt: timestamptz('hold_at').notNull(),
    /** The open hold (deposit_movements) covering the deposit now. */
    holdId: uuid('hold_id').references((): AnyPgColumn => depositMovements.id, { onDelete: 'set null' }),
    heldMinor: integer('held_minor').notNull().default(0),
    capturedMinor: integer('captured_minor').notNull().default(0),
    captureBefore: timestamptz('capture_before'),
    reason: text('reason'),
    /** Why an admin should look (reauth_failed, fallback_charge, requires_action, hold_failed); null when fine. */
    attention: text('attention'),
    settledAt: timestamptz('settled_at'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('deposits_amount_positive', sql`${t.amountMinor} > 0`),
    check('deposits_held_range', sql`${t.heldMinor} >= 0 and ${t.heldMinor} <= ${t.amountMinor}`),
    check('deposits_captured_le_held', sql`${t.capturedMinor} >= 0 and ${t.capturedMinor} <= ${t.heldMinor}`),
    check(
      'deposits_status_check',
      sql`${t.status} in ('pending', 'held', 'released', 'captured', 'partially_captured', 'failed', 'expired')`,
    ),
    check('deposits_method_check', sql`${t.method} in ('hold', 'charge', 'cash', 'card_terminal')`),
    index('deposits_due_idx').on(t.holdAt).where(sql`${t.status} = 'pending'`),
    index('deposits_capture_before_idx').on(t.captureBefore).where(sql`${t.status} = 'held'`),
  ],
);

/**
 * The deposit's ledger: every hold, re-authorisation (a hold replacing another), capture, release, fallback charge
 * and refund. A row is written (pending, with its idempotency key) and committed before the gateway is called, so
 * a crash between the call and the next commit is resumed with the same key: never a lost or a doubled hold.
 */
export const depositMovements = pgTable(
  'deposit_movements',
  {
    id: primaryId(),
    rentalId: uuid('rental_id')
      .notNull()
      .references(() => deposits.rentalId, { onDelete: 'cascade' }),
    kind: text('kind').$type<DepositMovementKind>().notNull(),
    status: text('status').$type<DepositMovementStatus>().notNull().default('pending'),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    provider: text('provider').notNull(),
    /** The gateway's object (PaymentIntent id, sandbox intent id). */
    providerRef: text('provider_ref'),
    /** Capture, release, expire, refund: the hold or charge they close. */
    targetId: uuid('target_id').references((): AnyPgColumn => depositMovements.id),
    /** Sent with every gateway call of this movement. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** Holds: who started it (customer-initiated at the checkout, merchant-initiated off-session). */
    initiator: text('initiator'),
    /** Holds: open (authorised and neither captured, released nor expired). */
    open: boolean('open').notNull().default(false),
    /** Holds: the later hold that replaced this one (re-authorisation). */
    replacedBy: uuid('replaced_by'),
    captureBefore: timestamptz('capture_before'),
    extendedAuthorization: boolean('extended_authorization').notNull().default(false),
    /** requires_action: where the customer confirms. */
    actionUrl: text('action_url'),
    reason: text('reason'),
    error: text('error'),
    createdAt: createdAt(),
    completedAt: timestamptz('completed_at'),
  },
  (t) => [
    check('deposit_movements_amount_non_negative', sql`${t.amountMinor} >= 0`),
    check('deposit_movements_kind_check', sql`${t.kind} in ('hold', 'capture', 'release', 'charge', 'refund', 'expire', 'counter')`),
    check('deposit_movements_status_check', sql`${t.status} in ('pending', 'succeeded', 'requires_action', 'failed')`),
    check('deposit_movements_open_hold', sql`not ${t.open} or (${t.kind} in ('hold', 'charge', 'counter') and ${t.status} = 'succeeded')`),
    index('deposit_movements_rental_idx').on(t.rentalId, t.createdAt),
    /** One hold attempt in flight per rental. */
    uniqueIndex('deposit_movements_one_hold_attempt')
      .on(t.rentalId)
      .where(sql`${t.kind} in ('hold', 'charge') and ${t.status} in ('pending', 'requires_action')`),
    /** One active hold per rental: every other open one has been replaced and is being released. */
    uniqueIndex('deposit_movements_one_active_hold')
      .on(t.rentalId)
      .where(sql`${t.open} and ${t.replacedBy} is null`),
    /** A hold is closed (captured, released or expired) once. */
    uniqueIndex('deposit_movements_close_once')
      .on(t.targetId)
      .where(sql`${t.kind} in ('capture', 'release', 'expire') and ${t.status} <> 'failed'`),
    /** A fallback charge is refunded once. */
    uniqueIndex('deposit_movements_refund_once')
      .on(t.targetId)
      .where(sql`${t.kind} = 'refund' and ${t.status} <> 'failed'`),
    /** The shop keeps money from a deposit once: two captures at once capture once. */
    uniqueIndex('deposit_movements_one_capture')
      .on(t.rentalId)
      .where(sql`${t.kind} = 'capture' and ${t.status} <> 'failed'`),
  ],
);

export type DepositRow = typeof deposits.$inferSelect;
export type NewDepositRow = typeof deposits.$inferInsert;
export type DepositMovementRow = typeof depositMovements.$inferSelect;
export type NewDepositMovementRow = typeof depositMovements.$inferInsert;
