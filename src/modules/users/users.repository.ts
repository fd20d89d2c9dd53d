import { Injectable } from '@nestjs/common';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { idempotencyKeys } from '../../database/schema/idempotency-keys.js';
import { TransactionHost } from '../../database/transaction-host.js';
import { NewUserRow, Role, UserRow, users } from '../../database/schema/users.js';
import { PersonalDataErasure } from '../events/personal-data-erasure.js';

@Injectable()
export class UsersRepository {
  constructor(
    private readonly txHost: TransactionHost,
    private readonly erasure: PersonalDataErasure,
  ) {}

  /**
   * Row lock on the user: a rental being created for them (its foreign key check) waits for this
   * transaction, or this one waits for it and then sees the rental.
   */
  async lockById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.txHost.db.select().from(users).where(eq(users.id, id)).for('update');
    return row;
  }

  /** Why the account must stay (a module above plugs its reason into the erasure port), or null. */
  deletionBlockedBecause(userId: string): Promise<{ code: string; message: string } | null> {
    return this.erasure.blockedBecause(userId);
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
   * Active accounts that may be demo accounts: the given emails (any case), or any address at `domain`, with
   * their password hashes (the caller checks which still have a demo password).
   */
  async findDemoCandidates(emails: string[], domain: string): Promise<Pick<UserRow, 'id' | 'email' | 'passwordHash'>[]> {
    return this.txHost.db
      .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
      .from(users)
      .where(
        and(
          isNull(users.deletedAt),
          sql`(lower(${users.email}) in (${sql.join(
            emails.map((e) => sql`${e.toLowerCase()}`),
            sql`, `,
          )}) or lower(${users.email}) like ${`%@${domain.toLowerCase()}`})`,
        ),
      );
  }

  /**
   * Disables accounts (a demo shop gone live): no password verifies against '!', the role drops to user and every
   * session ends. The rows, their rentals, payments and reviews stay as they are (the ledger keeps its customers).
   */
  async disableAccounts(ids: string[], at: Date): Promise<void> {
    if (ids.length === 0) return;
    await this.txHost.db
      .update(users)
      .set({ passwordHash: '!', role: 'user', updatedAt: at, sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(inArray(users.id, ids));
  }

  /**
   * "Deleting" a user: the row stays for the payment ledger (their rentals and payments keep pointing at it),
   * its personal data is scrubbed, it can never log in again (no password verifies against '!') and every
   * session ends. Idempotency records go; reviews are removed by the caller. Through the erasure port (each module
   * on its own tables): the events about the user lose the name, email, phone and address they carried, the emails
   * to the user (outbox, the admin's Emails page) lose their address and bodies (a pending one is not sent, see
   * notifications), and their favourites go (favourites).
   */
  async anonymise(id: string, at: Date): Promise<void> {
    const scrubbedAddress = `deleted-${id}@deleted.invalid`;
    await this.erasure.erase(id, at);
    await this.txHost.db.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, id));
    await this.txHost.db
      .update(users)
      .set({
        name: 'Deleted user',
        email: scrubbedAddress,
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
