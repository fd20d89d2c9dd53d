import { integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, foreignId } from './columns.js';
import { users } from './users.js';

/** Stored first responses of POSTs that carried an Idempotency-Key, per user and route. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: foreignId('user_id', () => users.id, 'cascade'),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    /** null while the first request is still being processed. */
    statusCode: integer('status_code'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.route, t.key] })],
);

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
