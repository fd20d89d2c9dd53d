import { timestamp, uuid, type AnyPgColumn, type UpdateDeleteAction } from 'drizzle-orm/pg-core';

/**
 * Column shapes the tables share. Each builder returns a fresh column (a builder cannot be shared between
 * tables); the SQL they make is the one the migrations already hold.
 */

/** `id uuid primary key default gen_random_uuid()`. */
export const primaryId = () => uuid('id').primaryKey().defaultRandom();

/** `<name> timestamp with time zone`, nullable. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** `created_at timestamptz not null default now()`. */
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** `created_at` and `updated_at`, both `timestamptz not null default now()`. */
export const timestamps = () => ({
  createdAt: createdAt(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** `<name> uuid not null references <target>` (on delete: the database's default unless given). */
export const foreignId = (name: string, target: () => AnyPgColumn, onDelete?: UpdateDeleteAction) =>
  uuid(name)
    .notNull()
    .references(target, onDelete ? { onDelete } : {});
