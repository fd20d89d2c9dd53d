import { Injectable } from '@nestjs/common';
import { and, desc, eq, isNull, or } from 'drizzle-orm';
import { TransactionHost } from '../../database/transaction-host.js';
import { bikes } from '../../database/schema/bikes.js';
import { bikeWithStock, BikeWithStock } from '../bikes/bikes.repository.js';
import { FavouriteRow, favourites } from '../../database/schema/favourites.js';

@Injectable()
export class FavouritesRepository {
  constructor(private readonly txHost: TransactionHost) {}

  /** Inserts the favourite; undefined when the user already has this bike as a favourite. */
  async insert(userId: string, bikeId: string): Promise<FavouriteRow | undefined> {
    const [row] = await this.txHost.db
      .insert(favourites)
      .values({ userId, bikeId })
      .onConflictDoNothing({ target: [favourites.userId, favourites.bikeId] })
      .returning();
    return row;
  }

  async findForUser(userId: string, bikeId: string): Promise<FavouriteRow | undefined> {
    const [row] = await this.txHost.db
      .select()
      .from(favourites)
      .where(and(eq(favourites.userId, userId), eq(favourites.bikeId, bikeId)))
      .limit(1);
    return row;
  }

  /** The user's favourites of non-deleted bikes (with their stock at `at`), newest first. */
  async listForUser(userId: string, at: Date): Promise<{ favourite: FavouriteRow; bike: BikeWithStock }[]> {
    return this.txHost.db
      .select({ favourite: favourites, bike: bikeWithStock(at) })
      .from(favourites)
      .innerJoin(bikes, eq(bikes.id, favourites.bikeId))
      .where(and(eq(favourites.userId, userId), isNull(bikes.deletedAt)))
      .orderBy(desc(favourites.createdAt), desc(favourites.id));
  }

  /**
   * Removes the user's favourite named by the bike's id (the documented form) or by the favourite's own
   * _id (what a client holding a favourite record may send). Returns whether a row went away.
   */
  async removeForUser(userId: string, id: string): Promise<boolean> {
    const rows = await this.txHost.db
      .delete(favourites)
      .where(and(eq(favourites.userId, userId), or(eq(favourites.bikeId, id), eq(favourites.id, id))))
      .returning({ id: favourites.id });
    return rows.length > 0;
  }

  /** A deleted account's favourites (the erasure port). */
  async deleteAllOf(userId: string): Promise<void> {
    await this.txHost.db.delete(favourites).where(eq(favourites.userId, userId));
  }
}
