import { Inject, Injectable, Optional } from '@nestjs/common';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import { AsyncLocalStorage } from 'node:async_hooks';
import { Db, DRIZZLE, DRIZZLE_REPLICA, Tx } from './database.types.js';

/** What repositories query through: the pool or the current transaction; transactions are opened with `run` only. */
export type Executor = Omit<Db, 'transaction'>;

export interface TransactionOptions extends PgTransactionConfig {
  /**
   * This call must open the transaction itself; it throws when one is already open in its context. For work that
   * retries on a failed transaction (a retry needs a fresh transaction, not the aborted outer one) and for
   * transactions with their own isolation level.
   */
  own?: boolean;
}

interface OpenTransaction {
  tx: Tx;
  /** false once `run`'s function has returned or thrown: the transaction is committing or over. */
  open: boolean;
}

/**
 * The one way to open a transaction, and what repositories read their executor from (AsyncLocalStorage, so no
 * function passes a transaction along).
 *
 * - `run(fn)` opens a transaction and runs `fn` in it; everything `fn` awaits that queries through `db` uses it.
 * - Nesting: `run` inside a running `run` joins the outer transaction (no savepoint): the inner function's
 *   failure rolls back the outer transaction too, when it reaches the outer `run`.
 * - `db` is the current transaction while its `run` is in progress, else the pool. Work started inside a
 *   transaction that outlives it (a timer, a promise nobody awaits, a listener called later) gets the pool
 *   then, never the finished transaction; code after `await run(...)` is outside it by construction.
 * - Queries started in parallel (`Promise.all`) inside one transaction share its single connection: they are
 *   queued by the driver, not run at once (PGlite has one connection anyway; a pool query made while a PGlite
 *   transaction is open would wait for it forever, which `db` rules out).
 */
@Injectable()
export class TransactionHost {
  private readonly current = new AsyncLocalStorage<OpenTransaction>();

  constructor(
    @Inject(DRIZZLE) private readonly pool: Db,
    @Optional() @Inject(DRIZZLE_REPLICA) private readonly replicaPool?: Db,
  ) {}

  /**
   * For reads where a replica's lag is harmless (bike listings, availability calendars; never a read a write
   * depends on): the current transaction when one is open, else DATABASE_REPLICA_URL's pool, else the pool.
   */
  get replica(): Executor {
    const open = this.current.getStore();
    return open?.open ? open.tx : (this.replicaPool ?? this.pool);
  }

  /** The transaction open in this async context, else the pool. */
  get db(): Executor {
    const open = this.current.getStore();
    return open?.open ? open.tx : this.pool;
  }

  /** true inside a running `run`. */
  get inTransaction(): boolean {
    return this.current.getStore()?.open === true;
  }

  /** Runs `fn` in a transaction: a new one, or the one already open in this context (see `own`). */
  async run<T>(fn: () => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    const { own, ...config } = options;
    if (this.inTransaction) {
      if (own || Object.keys(config).length > 0) throw new Error('this work must open its own transaction, but one is already open');
      return fn();
    }
    return this.pool.transaction(
      async (tx) => {
        const open: OpenTransaction = { tx, open: true };
        try {
          return await this.current.run(open, fn);
        } finally {
          open.open = false;
        }
      },
      Object.keys(config).length > 0 ? config : undefined,
    );
  }
}
