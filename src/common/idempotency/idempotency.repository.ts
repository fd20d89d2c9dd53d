import { Injectable } from '@nestjs/common';
import { and, eq, isNotNull, lt } from 'drizzle-orm';
import { TransactionHost } from '../../database/transaction-host.js';
import { IdempotencyKeyRow, idempotencyKeys } from '../../database/schema/idempotency-keys.js';

export interface IdempotencyScope {
  userId: string;
  /** e.g. 'POST /api/rentals' */
  route: string;
  key: string;
  requestHash: string;
}

const pk = (s: IdempotencyScope) =>
  and(eq(idempotencyKeys.userId, s.userId), eq(idempotencyKeys.route, s.route), eq(idempotencyKeys.key, s.key));

@Injectable()
export class IdempotencyRepository {
  constructor(private readonly txHost: TransactionHost) {}

  async find(scope: IdempotencyScope): Promise<IdempotencyKeyRow | undefined> {
    const [row] = await this.txHost.db.select().from(idempotencyKeys).where(pk(scope)).limit(1);
    return row;
  }

  /**
   * Inserts the key (optionally with its final response). false when the key already exists; on PostgreSQL
   * a concurrent insert of the same key waits here until the other transaction ends.
   */
  async insert(scope: IdempotencyScope, at: Date, reply?: { status: number; body: unknown }): Promise<boolean> {
    const rows = await this.txHost.db
      .insert(idempotencyKeys)
      .values({
        userId: scope.userId,
        route: scope.route,
        key: scope.key,
        requestHash: scope.requestHash,
        statusCode: reply?.status ?? null,
        responseBody: reply?.body ?? null,
        createdAt: at,
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    return rows.length > 0;
  }

  async complete(scope: IdempotencyScope, reply: { status: number; body: unknown }): Promise<void> {
    await this.txHost.db.update(idempotencyKeys).set({ statusCode: reply.status, responseBody: reply.body }).where(pk(scope));
  }

  async delete(scope: IdempotencyScope): Promise<void> {
    await this.txHost.db.delete(idempotencyKeys).where(pk(scope));
  }

  /** Drops finished keys created before `before`; returns how many. */
  async purgeFinishedBefore(before: Date): Promise<number> {
    const rows = await this.txHost.db
      .delete(idempotencyKeys)
      .where(and(lt(idempotencyKeys.createdAt, before), isNotNull(idempotencyKeys.statusCode)))
      .returning({ key: idempotencyKeys.key });
    return rows.length;
  }
}
