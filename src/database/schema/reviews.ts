import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, foreignId, primaryId } from './columns.js';
import { bikes } from './bikes.js';
import { rentals } from './rentals.js';
import { users } from './users.js';

export const reviews = pgTable(
  'reviews',
  {
    id: primaryId(),
    rentalId: foreignId('rental_id', () => rentals.id, 'cascade').unique('reviews_one_per_rental'),
    bikeId: foreignId('bike_id', () => bikes.id),
    userId: foreignId('user_id', () => users.id, 'cascade'),
    /** Rating in half steps: 2 means 1 star, 9 means 4.5 stars. */
    ratingHalves: smallint('rating_halves').notNull(),
    comment: text('comment').notNull().default(''),
    /** Sum of review_votes.value, kept in step with the votes in one transaction. */
    helpful: integer('helpful').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('reviews_rating_range', sql`${t.ratingHalves} between 2 and 10`),
    check('reviews_comment_length', sql`char_length(${t.comment}) <= 1000`),
    index('reviews_bike_idx').on(t.bikeId, t.createdAt),
    index('reviews_user_idx').on(t.userId),
  ],
);

export const reviewVotes = pgTable(
  'review_votes',
  {
    reviewId: foreignId('review_id', () => reviews.id, 'cascade'),
    userId: foreignId('user_id', () => users.id, 'cascade'),
    value: smallint('value').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.reviewId, t.userId] }),
    check('review_votes_value_check', sql`${t.value} in (-1, 1)`),
  ],
);

export type ReviewRow = typeof reviews.$inferSelect;
export type ReviewVoteRow = typeof reviewVotes.$inferSelect;
