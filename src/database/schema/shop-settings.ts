import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';

/** One weekday's opening hours, wall-clock `HH:MM` in the shop's zone; null = closed that day. */
export interface DayHours {
  open: string;
  close: string;
}

/**
 * Opening hours Monday to Sunday (index 0 = Monday); null = no hours set, every time is open (how a shop that
 * never set them behaves, as before they existed).
 */
export type WeeklyHours = (DayHours | null)[];

/** The shop's own settings: one row (id 1), created on first write. */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: smallint('id').primaryKey().default(1),
    openingHours: jsonb('opening_hours').$type<WeeklyHours | null>(),
    /** Dates the shop is closed (`YYYY-MM-DD` in the shop's zone), whatever the weekday's hours say. */
    closedDates: jsonb('closed_dates').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** The secret in the staff's calendar feed URLs; rotating it ends every old subscription. */
    feedToken: text('feed_token'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [check('shop_settings_single_row', sql`${t.id} = 1`)],
);

export type ShopSettingsRow = typeof shopSettings.$inferSelect;
