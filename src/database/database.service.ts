import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { projectRoot } from '../common/project-root.js';
import { Env } from '../config/env.schema.js';
import { Db } from './database.types.js';
import { pgliteExtensions } from './pglite-extensions.js';
import { acquireDataDirLock } from './pglite-lock.js';
import * as schema from './schema/index.js';
import { loggableMessage } from '../common/loggable-error.js';
import { dbPoolWait, gaugeSources } from '../common/observability/metrics.js';

/** The advisory lock key migrations run under on PostgreSQL (any fixed bigint: 'okb-migr' as bytes). */
export const MIGRATION_LOCK_KEY = '8028618707966715762';

export const migrationsFolder = (): string => join(projectRoot(), 'src', 'database', 'migrations');

export interface DatabaseOptions {
  /** An already-open PGlite (tests clone a migrated template); it is closed with the app. */
  pglite?: PGlite;
}

/** Opens PGlite in DATA_DIR, or a pg pool when DATABASE_URL is set; applies migrations; closes on shutdown. */
@Injectable()
export class DatabaseService implements OnApplicationShutdown {
  private readonly logger = new Logger('Database');
  db!: Db;
  /**
   * For reads where a replica's lag is harmless (bike listings, availability calendars): DATABASE_REPLICA_URL's
   * pool when set, else `db`. Repositories reach it through TransactionHost.replica (never inside a transaction).
   */
  replicaDb!: Db;
  kind!: 'pglite' | 'postgres';
  private pool?: pg.Pool;
  private replicaPool?: pg.Pool;
  /** The readiness check's own connection (PostgreSQL), see ping(). */
  private probe?: pg.Pool;
  private pglite?: PGlite;
  private releaseLock?: () => void;
  private databaseUrl?: string;
  private listenUrl?: string;
  private applicationName = 'okay-bike';
  private connectTimeoutMs = 2000;
  private readonly listeners = new Set<{ stop(): Promise<void> }>();

  static async open(env: Env, options: DatabaseOptions = {}): Promise<DatabaseService> {
    const service = new DatabaseService();
    await service.connect(env, options);
    return service;
  }

  private async connect(env: Env, options: DatabaseOptions): Promise<void> {
    if (options.pglite) {
      this.kind = 'pglite';
      this.pglite = options.pglite;
      this.db = drizzlePglite({ client: options.pglite, schema }) as unknown as Db;
      await migratePglite(this.db as never, { migrationsFolder: migrationsFolder() });
    } else if (env.DATABASE_URL) {
      this.kind = 'postgres';
      this.databaseUrl = env.DATABASE_URL;
      // LISTEN needs a session of its own: through PgBouncer in transaction mode it silently hears nothing, so it
      // may go straight to the server (DATABASE_LISTEN_URL) while the pool goes through the pooler.
      this.listenUrl = env.DATABASE_LISTEN_URL ?? env.DATABASE_URL;
      this.applicationName = env.DATABASE_APPLICATION_NAME;
      this.connectTimeoutMs = env.DATABASE_TIMEOUT_MS;
      this.pool = new pg.Pool({
        connectionString: env.DATABASE_URL,
        application_name: env.DATABASE_APPLICATION_NAME,
        max: env.DATABASE_POOL_SIZE,
        connectionTimeoutMillis: env.DATABASE_TIMEOUT_MS,
        // A query that gets no answer within DATABASE_TIMEOUT_MS fails (and the request answers 503) instead of
        // holding the request while the database or the network hangs (test/drills/database-outage.test.ts,
        // "stall"). Was 5x: requests in flight then hung 15 s, and 30 s inside a transaction (its rollback waits
        // too). Migrations run on their own connection without this limit (an index build may take longer).
        query_timeout: env.DATABASE_TIMEOUT_MS,
        idleTimeoutMillis: 30_000,
      });
      // An idle client losing its connection must not crash the process; the next query reports it.
      this.pool.on('error', (err) => this.logger.warn(`idle database connection lost: ${loggableMessage(err)}`));
      closeUnfinishedTransactions(this.pool);
      timePoolWaits(this.pool);
      const pool = this.pool;
      const max = env.DATABASE_POOL_SIZE;
      gaugeSources.pool = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max });
      this.db = drizzlePg({ client: this.pool, schema }) as unknown as Db;
      if (env.DATABASE_REPLICA_URL) {
        this.replicaPool = new pg.Pool({
          connectionString: env.DATABASE_REPLICA_URL,
          application_name: `${env.DATABASE_APPLICATION_NAME}-replica`,
          max: env.DATABASE_POOL_SIZE,
          connectionTimeoutMillis: env.DATABASE_TIMEOUT_MS,
          query_timeout: env.DATABASE_TIMEOUT_MS,
          idleTimeoutMillis: 30_000,
        });
        this.replicaPool.on('error', (err) => this.logger.warn(`idle replica connection lost: ${loggableMessage(err)}`));
        this.replicaDb = drizzlePg({ client: this.replicaPool, schema }) as unknown as Db;
      }
      const migrator = new pg.Client({
        connectionString: env.DATABASE_URL,
        application_name: `${env.DATABASE_APPLICATION_NAME}-migrate`,
        connectionTimeoutMillis: env.DATABASE_TIMEOUT_MS,
      });
      await migrator.connect();
      try {
        // One instance at a time (issue 28, finding 2): instances started together on an empty database each ran
        // CREATE EXTENSION / CREATE TABLE at once and all but one crashed (23505 on pg_extension_name_index). A
        // session advisory lock serialises them; the next one finds the journal applied and does nothing. The lock
        // goes with the session if this process dies (test/drills/two-instances.test.ts).
        await migrator.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg({ client: migrator }) as never, { migrationsFolder: migrationsFolder() });
        await migrator.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      } finally {
        await migrator.end();
      }
    } else {
      this.kind = 'pglite';
      const dir = resolve(env.DATA_DIR, 'pgdata');
      this.releaseLock = acquireDataDirLock(resolve(env.DATA_DIR));
      try {
        this.pglite = await PGlite.create(dir, { extensions: pgliteExtensions });
        this.db = drizzlePglite({ client: this.pglite, schema }) as unknown as Db;
        await migratePglite(this.db as never, { migrationsFolder: migrationsFolder() });
      } catch (e) {
        await this.close();
        throw e;
      }
    }
    this.replicaDb ??= this.db;
    const db = this.db;
    // The outbox's backlog and failures for /metrics, read when scraped (partial indexes on pending rows).
    gaugeSources.outbox = async () => {
      const rows = (await db.execute(sql`
        select 'email' as kind, status, count(*)::int as n from outbox_emails where status in ('pending', 'failed') group by status
        union all
        select 'webhook', status, count(*)::int from webhook_deliveries where status in ('pending', 'failed') group by status`)) as unknown as
        | { rows: { kind: string; status: string; n: number }[] }
        | { kind: string; status: string; n: number }[];
      const list = Array.isArray(rows) ? rows : rows.rows;
      const n = (kind: string, status: string) => list.find((r) => r.kind === kind && r.status === status)?.n ?? 0;
      return { emailsPending: n('email', 'pending'), emailsFailed: n('email', 'failed'), webhooksPending: n('webhook', 'pending'), webhooksFailed: n('webhook', 'failed') };
    };
    this.logger.log(
      `connected to ${this.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}; migrations applied${this.replicaPool ? '; listings and calendars read from DATABASE_REPLICA_URL' : ''}`,
    );
  }

  /**
   * true when the database answers a trivial query within the timeout. On PostgreSQL the question goes over a
   * connection of its own (one, outside the pool): a pool busy with long exports is not a database that is down,
   * and must not make the readiness check answer 503 to an orchestrator that would restart the instance.
   */
  async ping(timeoutMs = 2000): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
      });
      if (this.databaseUrl && this.pool && !this.probe) {
        this.probe = new pg.Pool({ connectionString: this.databaseUrl, max: 1, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs, idleTimeoutMillis: 60_000 });
        // A lost idle probe connection is reported by the next ping, not as a crash.
        this.probe.on('error', () => undefined);
      }
      await Promise.race([this.probe ? this.probe.query('select 1') : this.db.execute(sql`select 1`), timeout]);
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Calls `onNotify` for each NOTIFY on `channel` (PostgreSQL: every instance on the server hears every other's;
   * PGlite: this process only). PostgreSQL listens on a connection of its own, outside the pool, reconnecting after a
   * loss with `onReconnect` called (notifications sent meanwhile were missed).
   */
  async listen(channel: string, onNotify: (payload: string) => void, onReconnect: () => void = () => undefined): Promise<void> {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
    if (this.pglite) {
      const unsubscribe = await this.pglite.listen(channel, (payload) => onNotify(payload));
      this.listeners.add({ stop: () => (this.pglite && !this.pglite.closed ? unsubscribe() : Promise.resolve()) });
      return;
    }
    const url = this.listenUrl;
    if (!url) return;
    let stopped = false;
    let client: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    const connect = async (reconnecting: boolean): Promise<void> => {
      const next = new pg.Client({ connectionString: url, application_name: `${this.applicationName}-listen`, connectionTimeoutMillis: this.connectTimeoutMs });
      next.on('notification', (message) => {
        if (message.channel === channel) onNotify(message.payload ?? '');
      });
      next.on('error', (err) => {
        this.logger.warn(`listen connection lost (${channel}): ${loggableMessage(err)}`);
        schedule();
      });
      next.on('end', () => schedule());
      try {
        await next.connect();
        await next.query(`LISTEN ${channel}`);
      } catch (err) {
        next.removeAllListeners('end');
        void next.end().catch(() => undefined);
        if (!reconnecting) throw err;
        schedule();
        return;
      }
      if (stopped) return void next.end().catch(() => undefined);
      client = next;
      if (reconnecting) onReconnect();
    };
    const schedule = () => {
      if (stopped || retry) return;
      client = undefined;
      retry = setTimeout(() => {
        retry = undefined;
        void connect(true);
      }, 1000);
      retry.unref();
    };
    await connect(false);
    this.listeners.add({
      stop: async () => {
        stopped = true;
        clearTimeout(retry);
        const open = client;
        client = undefined;
        if (open) {
          open.removeAllListeners('end');
          await open.end().catch(() => undefined);
        }
      },
    });
  }

  /**
   * A consistent copy of the embedded database while it serves (scripts/backup.mjs asks for it through
   * GET /api/admin/backup/embedded): a checkpoint, then PGlite's own gzipped tarball of its data directory, taken
   * while no query runs (PGlite runs one at a time). Restored by scripts/restore.mjs (PGlite's loadDataDir).
   */
  async dumpEmbedded(): Promise<Buffer> {
    if (!this.pglite) throw new Error('not the embedded database');
    await this.pglite.exec('CHECKPOINT');
    const tarball = await this.pglite.dumpDataDir('gzip');
    return Buffer.from(await tarball.arrayBuffer());
  }

  async close(): Promise<void> {
    const listeners = [...this.listeners];
    this.listeners.clear();
    await Promise.all(listeners.map((l) => l.stop()));
    const pool = this.pool;
    const replicaPool = this.replicaPool;
    const pglite = this.pglite;
    const probe = this.probe;
    this.probe = undefined;
    if (probe) await probe.end().catch(() => undefined);
    this.pool = undefined;
    this.replicaPool = undefined;
    this.pglite = undefined;
    if (pool && gaugeSources.pool) gaugeSources.pool = undefined;
    if (pool) await pool.end();
    if (replicaPool) await replicaPool.end();
    if (pglite && !pglite.closed) await pglite.close();
    this.releaseLock?.();
    this.releaseLock = undefined;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.close();
  }
}

/**
 * A pooled client handed back while its connection is still inside a transaction (status 'T' or 'E') is closed
 * instead of kept. It happens when a statement passes `query_timeout`: the statement runs on at the server, the
 * ROLLBACK queued behind it times out too and pg drops it unsent, and Drizzle releases the client anyway; reused,
 * it answered the next request "current transaction is aborted" (test/api/pool-hygiene.test.ts).
 */
function closeUnfinishedTransactions(pool: pg.Pool): void {
  type Callback = (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: Error | boolean) => void) => void;
  const guard = (client: pg.PoolClient): pg.PoolClient => {
    const release = client.release.bind(client);
    client.release = (err?: Error | boolean) => {
      const status = (client as pg.PoolClient & { getTransactionStatus?: () => string | null }).getTransactionStatus?.();
      const unfinished = status === 'T' || status === 'E';
      return release(err || (unfinished ? new Error(`connection released inside a transaction (status ${status})`) : undefined));
    };
    return client;
  };
  const connect = pool.connect.bind(pool) as (cb?: Callback) => Promise<pg.PoolClient> | undefined;
  pool.connect = ((cb?: Callback) => {
    if (typeof cb === 'function') {
      return connect((err, client, done) => (client ? cb(err, guard(client), client.release) : cb(err, client, done)));
    }
    return connect()!.then(guard);
  }) as typeof pool.connect;
}

/** Records how long each checkout from the pool waited for a connection (okb_db_pool_wait_seconds). */
function timePoolWaits(pool: pg.Pool): void {
  type Callback = (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: Error | boolean) => void) => void;
  const connect = pool.connect.bind(pool) as (cb?: Callback) => Promise<pg.PoolClient> | undefined;
  pool.connect = ((cb?: Callback) => {
    const end = dbPoolWait.startTimer();
    if (typeof cb === 'function') {
      return connect((err, client, done) => {
        end();
        cb(err, client, done);
      });
    }
    return connect()!.finally(() => end());
  }) as typeof pool.connect;
}
