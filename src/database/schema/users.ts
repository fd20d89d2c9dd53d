import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { primaryId, timestamps, timestamptz } from './columns.js';

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const users = pgTable(
  'users',
  {
    id: primaryId(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    role: text('role').$type<Role>().notNull().default('user'),
    ...timestamps(),
    /** Tokens carry it (claim `sv`); bumping it ends every session of the user (logout, password or role change). */
    sessionVersion: integer('session_version').notNull().default(0),
    /** Set when an admin deleted the account: the row is anonymised and kept for the payment ledger. */
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    index('users_created_at_idx').on(t.createdAt),
    index('users_created_id_idx').on(t.createdAt, t.id),
    check('users_role_check', sql`${t.role} in ('user', 'admin')`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
