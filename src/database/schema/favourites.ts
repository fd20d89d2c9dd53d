import { index, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bikes } from './bikes.js';
import { users } from './users.js';

export const favourites = pgTable(
  'favourites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bikeId: uuid('bike_id')
      .notNull()
      .references(() => bikes.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('favourites_user_bike_unique').on(t.userId, t.bikeId),
    index('favourites_bike_idx').on(t.bikeId),
  ],
);

export type FavouriteRow = typeof favourites.$inferSelect;
