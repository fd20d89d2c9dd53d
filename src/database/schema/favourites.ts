import { index, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, foreignId, primaryId } from './columns.js';
import { bikes } from './bikes.js';
import { users } from './users.js';

export const favourites = pgTable(
  'favourites',
  {
    id: primaryId(),
    userId: foreignId('user_id', () => users.id, 'cascade'),
    bikeId: foreignId('bike_id', () => bikes.id, 'cascade'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('favourites_user_bike_unique').on(t.userId, t.bikeId),
    index('favourites_bike_idx').on(t.bikeId),
  ],
);

export type FavouriteRow = typeof favourites.$inferSelect;
