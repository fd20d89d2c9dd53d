import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, primaryId, timestamps, timestamptz } from './columns.js';

/**
 * Issue 16. Every event the shop tells someone about is one `domain_events` row, written in the transaction
 * that made it happen, together with its outbox rows: the customer's emails (`outbox_emails`) and one
 * `webhook_deliveries` row per subscribed partner endpoint. Workers send them afterwards (at least once).
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: primaryId(),
    type: text('type').notNull(),
    /** The customer the event is about (no foreign key: the event outlives a deleted account). */
    userId: uuid('user_id'),
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('domain_events_created_idx').on(t.createdAt, t.id)],
);

export const EMAIL_STATUSES = ['pending', 'sent', 'kept', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/**
 * An attachment made when the message is sent: a receipt PDF of a payment, an invoice of a rental, or the booking as
 * a calendar event (`calendar`, an .ics of the rental: the same file as GET rentals/{id}/calendar.ics).
 */
export interface EmailAttachmentRef {
  /** photo: a condition photo, refId its FileStore path (the check-in summary); gift_card: the PDF card; calendar: the rental as an .ics. */
  kind: 'receipt' | 'invoice' | 'photo' | 'gift_card' | 'calendar';
  refId: string;
}

export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: primaryId(),
    eventId: uuid('event_id'),
    /** Scheduled messages (reminders) are written once per rental and kind: `pickup_reminder:<rentalId>`. */
    dedupeKey: text('dedupe_key').unique('outbox_emails_dedupe_key_unique'),
    kind: text('kind').notNull(),
    userId: uuid('user_id'),
    toAddress: text('to_address').notNull(),
    /** The message, rendered by the outbox worker from the event (null until then: DomainEvents writes kind and address). */
    subject: text('subject'),
    html: text('html'),
    textBody: text('text_body'),
    attachments: jsonb('attachments').$type<EmailAttachmentRef[]>().notNull().default(sql`'[]'::jsonb`),
    /** pending: to send; sent; kept: no SMTP_URL, kept for the dashboard; failed: gave up after the retries. */
    status: text('status').$type<EmailStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When a worker may take it (also the end of a worker's lease on it while it sends). */
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamptz('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('outbox_emails_status_check', sql`${t.status} in ('pending', 'sent', 'kept', 'failed')`),
    index('outbox_emails_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('outbox_emails_created_idx').on(t.createdAt, t.id),
    // The foreign keys of migration 0003 carry short names (not drizzle's <table>_<column>_<target>_<column>_fk).
    foreignKey({ name: 'outbox_emails_event_id_fk', columns: [t.eventId], foreignColumns: [domainEvents.id] }).onDelete('set null'),
  ],
);

export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: primaryId(),
  url: text('url').notNull(),
  events: text('events').array().notNull(),
  description: text('description').notNull().default(''),
  secret: text('secret').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  ...timestamps(),
});

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: primaryId(),
    endpointId: uuid('endpoint_id').notNull(),
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    status: text('status').$type<DeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    /** End of the claiming worker's lease while it sends (null between attempts): a manual resend waits for it. */
    leasedUntil: timestamptz('leased_until'),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: timestamptz('delivered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('webhook_deliveries_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    unique('webhook_deliveries_endpoint_event_unique').on(t.endpointId, t.eventId),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    foreignKey({ name: 'webhook_deliveries_endpoint_id_fk', columns: [t.endpointId], foreignColumns: [webhookEndpoints.id] }).onDelete('cascade'),
    foreignKey({ name: 'webhook_deliveries_event_id_fk', columns: [t.eventId], foreignColumns: [domainEvents.id] }).onDelete('cascade'),
  ],
);

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: primaryId(),
    deliveryId: uuid('delivery_id').notNull(),
    attemptedAt: timestamptz('attempted_at').notNull().defaultNow(),
    statusCode: integer('status_code'),
    latencyMs: integer('latency_ms').notNull(),
    error: text('error'),
    responseExcerpt: text('response_excerpt').notNull().default(''),
  },
  (t) => [
    index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attemptedAt),
    foreignKey({ name: 'webhook_attempts_delivery_id_fk', columns: [t.deliveryId], foreignColumns: [webhookDeliveries.id] }).onDelete('cascade'),
  ],
);

export const DOCUMENT_KINDS = ['receipt', 'invoice'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** The shop's last receipt / invoice number: one row per kind, its row lock makes the numbers gapless. */
export const documentSequences = pgTable('document_sequences', {
  kind: text('kind').primaryKey(),
  lastNumber: integer('last_number').notNull().default(0),
});

/** The number given to a payment's receipt or a rental's invoice, once. */
export const documentNumbers = pgTable(
  'document_numbers',
  {
    kind: text('kind').$type<DocumentKind>().notNull(),
    refId: uuid('ref_id').notNull(),
    number: integer('number').notNull(),
    issuedAt: timestamptz('issued_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.refId] }),
    unique('document_numbers_kind_number_unique').on(t.kind, t.number),
    check('document_numbers_kind_check', sql`${t.kind} in ('receipt', 'invoice')`),
  ],
);

export type DomainEventRow = typeof domainEvents.$inferSelect;
export type OutboxEmailRow = typeof outboxEmails.$inferSelect;
export type NewOutboxEmailRow = typeof outboxEmails.$inferInsert;
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;
