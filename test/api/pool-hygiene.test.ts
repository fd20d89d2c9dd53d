/**
 * A pooled PostgreSQL connection whose transaction did not end is never handed out again.
 *
 * Under load a statement inside a transaction can pass DATABASE_TIMEOUT_MS (pg's client-side query_timeout): the
 * statement keeps running on the server, Drizzle queues its ROLLBACK behind it, that ROLLBACK times out while still
 * queued (pg then drops it unsent) and the connection went back to the pool inside the open, later aborted,
 * transaction. The next request on it answered "current transaction is aborted" (500s in the concurrency suite on
 * a busy CI machine). Runs on the PostgreSQL server only (TEST_DATABASE_URL), like the migration test's second half.
 */
import { sql } from 'drizzle-orm';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Env, parseEnv } from '../../src/config/env.schema.js';
import { DatabaseService } from '../../src/database/database.service.js';

const url = process.env.TEST_DATABASE_URL;

describe('PostgreSQL pool hygiene', () => {
  (url ? it : it.skip)('a connection returned inside a transaction is closed, not reused', async () => {
    const timeoutMs = 1500;
    const env: Env = parseEnv({
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'okb-pool-')),
      DATABASE_URL: url!,
      DATABASE_POOL_SIZE: '1',
      DATABASE_TIMEOUT_MS: String(timeoutMs),
    });
    const database = await DatabaseService.open(env);
    try {
      // The statement outlives its timeout and that of the ROLLBACK queued behind it (2.5 x the timeout).
      await expect(database.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`select pg_sleep(${(2.5 * timeoutMs) / 1000})`));
      })).rejects.toThrow();
      // The pool's one connection: a fresh one, not the one left inside the transaction.
      const result = (await database.db.execute(
        sql`select xact_start = query_start as fresh from pg_stat_activity where pid = pg_backend_pid()`,
      )) as unknown as { rows: { fresh: boolean }[] };
      const [row] = result.rows;
      expect(row.fresh).toBe(true);
    } finally {
      await database.close();
    }
  }, 60_000);
});
