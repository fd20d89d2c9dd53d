import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, primaryId } from './columns.js';

export const contactMessages = pgTable('contact_messages', {
  id: primaryId(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

export type ContactMessageRow = typeof contactMessages.$inferSelect;
