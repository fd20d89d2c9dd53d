import { Injectable } from '@nestjs/common';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { favourites } from '../../database/schema/favourites.js';
import { idempotencyKeys } from '../../database/schema/idempotency-keys.js';
import { TransactionHost } from '../../database/transaction-host.js';
import { rentals } from '../../database/schema/rentals.js';
import { NewUserRow, Role, UserRow, users } from '../../database/schema/users.js';

@Injectable()
export class UsersRepository {
  constructor(private readonly txHost: TransactionHost) {}

  /**
   * Row lock on the user: a rental being created for them (its foreign key check) waits for this
   * transaction, or this one waits for it and then sees the rental.
   */
  async lockById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.txHost.db.select().from(users).where(eq(users.id, id)).for('update');
    return row;
  }

  /** Rentals whose bikes are still out or held for an unpaid booking fee. */
  async countOpenRentals(userId: string): Promise<number> {
    const [{ n }] = await this.txHost.db
      .select({ n: count() })
      .from(rentals)
      .where(and(eq(rentals.userId, userId), inArray(rentals.status, ['pending_fee', 'booked'])));
    return n;
  }

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.txHost.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.txHost.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .limit(1);
    return row;
  }

  async insert(values: NewUserRow): Promise<UserRow> {
    const [row] = await this.txHost.db.insert(users).values(values).returning();
    return row;
  }

  async update(id: string, values: Partial<NewUserRow>): Promise<UserRow | undefined> {
    const [row] = await this.txHost.db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  /** A role change also ends the user's sessions (their tokens carry the old session version). */
  async setRole(id: string, role: Role): Promise<UserRow | undefined> {
    return this.update(id, { role, sessionVersion: sql`${users.sessionVersion} + 1` as unknown as number });
  }

  /** A new password hash; every session issued before it ends. */
  async setPassword(id: string, passwordHash: string): Promise<UserRow | undefined> {
    return this.update(id, { passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` as unknown as number });
  }

  async bumpSessionVersion(id: string): Promise<void> {
    await this.txHost.db.update(users).set({ sessionVersion: sql`${users.sessionVersion} + 1` }).where(eq(users.id, id));
  }

  /**
   * "Deleting" a user: the row stays for the payment ledger (their rentals and payments keep pointing at it),
   * its personal data is scrubbed, it can never log in again (no password verifies against '!') and every
   * session ends. Favourites and idempotency records go; reviews are removed by the caller.
   */
  async anonymise(id: string, at: Date): Promise<void> {
    await this.txHost.db.delete(favourites).where(eq(favourites.userId, id));
    await this.txHost.db.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, id));
    await this.txHost.db
      .update(users)
      .set({
        name: 'Deleted user',
        email: `deleted-${id}@deleted.invalid`,
        passwordHash: '!',
        phone: '',
        address: '',
        role: 'user',
        deletedAt: at,
        updatedAt: at,
        sessionVersion: sql`${users.sessionVersion} + 1`,
      })
      .where(eq(users.id, id));
  }

  async page(offset: number, limit: number): Promise<{ rows: UserRow[]; total: number }> {
    const [rows, [{ total }]] = await Promise.all([
      this.txHost.db.select().from(users).where(isNull(users.deletedAt)).orderBy(desc(users.createdAt), desc(users.id)).limit(limit).offset(offset),
      this.txHost.db.select({ total: count() }).from(users).where(isNull(users.deletedAt)),
    ]);
    return { rows, total };
  }

  async countByRole(role: Role): Promise<number> {
    const [{ n }] = await this.txHost.db.select({ n: count() }).from(users).where(and(eq(users.role, role), isNull(users.deletedAt)));
    return n;
  }
}
