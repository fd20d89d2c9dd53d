import { Injectable } from '@nestjs/common';
import { and, eq, sql } from 'drizzle-orm';
import { TransactionHost } from '../../database/transaction-host.js';
import { domainEvents } from '../../database/schema/notifications.js';

/** What a module erases of a deleted account's personal data in its own tables, in the deletion's transaction. */
export type ErasureHook = (userId: string, at: Date) => Promise<void>;

/** Why an account cannot be deleted yet, as a module that owns the reason sees it in its own tables (null: no reason). */
export type ErasureBlocker = (userId: string) => Promise<{ code: string; message: string } | null>;

/**
 * The account-erasure port (layer 0, issue 24 "queries on another module's tables go through that module"): the
 * users module erases an account through it, and each module that keeps personal data of the account in its own
 * tables plugs in what it removes (notifications: the outbox emails; favourites: the favourites), so users never
 * writes another module's table and never imports a module above it. Runs in the caller's transaction.
 * Modules that can refuse a deletion (rentals: bikes not yet returned) plug in a blocker the same way, so users
 * never reads their tables either.
 */
@Injectable()
export class PersonalDataErasure {
  private readonly hooks: ErasureHook[] = [];
  private readonly blockers: ErasureBlocker[] = [];

  constructor(private readonly txHost: TransactionHost) {}

  onErase(hook: ErasureHook): void {
    this.hooks.push(hook);
  }

  blockWhen(blocker: ErasureBlocker): void {
    this.blockers.push(blocker);
  }

  /** The first reason a module gives for keeping the account (call with the user's row locked), or null. */
  async blockedBecause(userId: string): Promise<{ code: string; message: string } | null> {
    for (const blocker of this.blockers) {
      const reason = await blocker(userId);
      if (reason) return reason;
    }
    return null;
  }

  /** The events about the user lose the name, email, phone and address they carried; then every module's hook. */
  async erase(userId: string, at: Date): Promise<void> {
    await this.txHost.db
      .update(domainEvents)
      .set({ data: sql`${domainEvents.data} - 'name' - 'email' - 'phone' - 'address'` })
      .where(and(eq(domainEvents.userId, userId), sql`jsonb_typeof(${domainEvents.data}) = 'object'`));
    for (const hook of this.hooks) await hook(userId, at);
  }
}
