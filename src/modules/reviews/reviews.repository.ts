import { Injectable } from '@nestjs/common';
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { TransactionHost } from '../../database/transaction-host.js';
import { bikes } from '../../database/schema/bikes.js';
import { RentalRow, rentals } from '../../database/schema/rentals.js';
import { ReviewRow, reviews, reviewVotes } from '../../database/schema/reviews.js';
import { users } from '../../database/schema/users.js';
import { ReviewListRow } from './reviews.dto.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Injectable()
export class ReviewsRepository {
  constructor(private readonly txHost: TransactionHost) {}

  /** The user's own rental named by its payment reference (or its id); another user's rental is not found. */
  async findOwnRental(userId: string, ref: string): Promise<RentalRow | undefined> {
    const byRef = UUID.test(ref) ? or(eq(rentals.paymentRef, ref), eq(rentals.id, ref)) : eq(rentals.paymentRef, ref);
    const [row] = await this.txHost.db
      .select()
      .from(rentals)
      .where(and(eq(rentals.userId, userId), byRef))
      .limit(1);
    return row;
  }

  /** Deleted bikes count: their old reviews stay readable. */
  async bikeExists(bikeId: string): Promise<boolean> {
    const rows = await this.txHost.db.select({ id: bikes.id }).from(bikes).where(eq(bikes.id, bikeId)).limit(1);
    return rows.length > 0;
  }

  async insert(values: typeof reviews.$inferInsert): Promise<ReviewRow> {
    const [row] = await this.txHost.db.insert(reviews).values(values).returning();
    return row;
  }

  async findById(id: string): Promise<ReviewRow | undefined> {
    const [row] = await this.txHost.db.select().from(reviews).where(eq(reviews.id, id)).limit(1);
    return row;
  }

  /** Row lock on the review: votes on one review are applied one after another. */
  async lockById(id: string): Promise<ReviewRow | undefined> {
    const [row] = await this.txHost.db.select().from(reviews).where(eq(reviews.id, id)).for('update');
    return row;
  }

  /** Reviews with bike and reviewer names, newest first; `viewerId` adds that user's vote. */
  async list(filter: { bikeId?: string; userId?: string; id?: string }, viewerId?: string): Promise<ReviewListRow[]> {
    const conditions = [
      filter.bikeId ? eq(reviews.bikeId, filter.bikeId) : undefined,
      filter.userId ? eq(reviews.userId, filter.userId) : undefined,
      filter.id ? eq(reviews.id, filter.id) : undefined,
    ].filter((c) => c !== undefined);
    const myVote = viewerId
      ? sql<number | null>`(select ${reviewVotes.value} from ${reviewVotes} where ${reviewVotes.reviewId} = ${reviews.id} and ${reviewVotes.userId} = ${viewerId})`
      : sql<null>`null`;
    return this.txHost.db
      .select({ review: reviews, bikeName: bikes.name, userName: users.name, myVote: myVote.mapWith(Number) })
      .from(reviews)
      .innerJoin(bikes, eq(bikes.id, reviews.bikeId))
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(and(...conditions))
      .orderBy(desc(reviews.createdAt), desc(reviews.id));
  }

  async findVote(reviewId: string, userId: string): Promise<number | undefined> {
    const [row] = await this.txHost.db
      .select({ value: reviewVotes.value })
      .from(reviewVotes)
      .where(and(eq(reviewVotes.reviewId, reviewId), eq(reviewVotes.userId, userId)));
    return row?.value;
  }

  async setVote(reviewId: string, userId: string, value: number): Promise<void> {
    if (value === 0) {
      await this.txHost.db.delete(reviewVotes).where(and(eq(reviewVotes.reviewId, reviewId), eq(reviewVotes.userId, userId)));
      return;
    }
    await this.txHost.db
      .insert(reviewVotes)
      .values({ reviewId, userId, value })
      .onConflictDoUpdate({ target: [reviewVotes.reviewId, reviewVotes.userId], set: { value, createdAt: sql`now()` } });
  }

  /** Review ids the user has voted on (their votes disappear with the account). */
  async reviewIdsVotedBy(userId: string): Promise<string[]> {
    const rows = await this.txHost.db.select({ id: reviewVotes.reviewId }).from(reviewVotes).where(eq(reviewVotes.userId, userId));
    return rows.map((r) => r.id);
  }

  /** A deleted account's reviews and votes go (the votes on its reviews with them). */
  async deleteByUser(userId: string): Promise<void> {
    await this.txHost.db.delete(reviewVotes).where(eq(reviewVotes.userId, userId));
    await this.txHost.db.delete(reviews).where(eq(reviews.userId, userId));
  }

  /**
   * Sets `helpful` to the sum of the votes. The rows are locked first (in id order, so two callers never
   * deadlock), then summed in a new statement that sees every vote committed before the lock was granted.
   */
  async recomputeHelpful(reviewIds: string[]): Promise<Map<string, number>> {
    const result = new Map<string, number>();
    if (reviewIds.length === 0) return result;
    const ids = [...new Set(reviewIds)];
    await this.txHost.db.select({ id: reviews.id }).from(reviews).where(inArray(reviews.id, ids)).orderBy(asc(reviews.id)).for('update');
    const rows = await this.txHost.db
      .update(reviews)
      .set({
        helpful: sql`(select coalesce(sum(${reviewVotes.value}), 0)::int from ${reviewVotes} where ${reviewVotes.reviewId} = ${reviews.id})`,
      })
      .where(inArray(reviews.id, ids))
      .returning({ id: reviews.id, helpful: reviews.helpful });
    for (const row of rows) result.set(row.id, row.helpful);
    return result;
  }
}
