import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { primaryId, timestamps, timestamptz } from './columns.js';

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The languages a user can choose (the catalogues under locales/; the check constraint names the same). */
export const LANGUAGES = ['en', 'de', 'bn'] as const;
export type Language = (typeof LANGUAGES)[number];

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
    /** The language the user chose (issue 27): the dashboard and their emails follow it; null is the shop's default. */
    language: text('language').$type<Language>(),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    index('users_created_at_idx').on(t.createdAt),
    index('users_created_id_idx').on(t.createdAt, t.id),
    check('users_role_check', sql`${t.role} in ('user', 'admin')`),
    check('users_language_check', sql`${t.language} is null or ${t.language} in ('en', 'de', 'bn')`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
