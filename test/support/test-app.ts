import { NestExpressApplication } from '@nestjs/platform-express';
import { sql } from 'drizzle-orm';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createApp } from '../../src/app.factory.js';
import { Clock } from '../../src/common/clock.js';
import { Env } from '../../src/config/env.schema.js';
import { DatabaseService } from '../../src/database/database.service.js';
import { Db } from '../../src/database/database.types.js';
import { migratedPglite } from './pglite-template.js';

export interface TestApp {
  app: NestExpressApplication;
  db: Db;
  kind: 'pglite' | 'postgres';
  clock: Clock;
  /** The app's DATA_DIR (holds the generated JWT secret). */
  dataDir: string;
  /** The JWT signing secret, for tests that forge tokens. */
  jwtSecret: string;
  /** supertest bound to the app's HTTP server (real HTTP on an ephemeral port). */
  http: () => ReturnType<typeof request>;
  /** Empties every table and resets the clock; call in beforeEach. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export const usingPostgres = (): boolean => Boolean(process.env.TEST_DATABASE_URL);

/** Empties every table of the app's schema (read from pg_tables, so a new table needs no list kept in step). */
export const TRUNCATE_ALL = sql.raw(`DO $$ BEGIN
  EXECUTE (SELECT 'TRUNCATE ' || string_agg(format('%I', tablename), ', ') || ' RESTART IDENTITY CASCADE'
             FROM pg_tables WHERE schemaname = 'public');
END $$`);

/**
 * The whole app on a fresh embedded PGlite (in memory, cloned from a migrated template), or on the PostgreSQL server named by
 * TEST_DATABASE_URL. Demo data off; a throwaway DATA_DIR for the generated JWT secret.
 */
export async function createTestApp(env: Partial<Record<keyof Env, string>> = {}, options: { ssr?: boolean } = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'okb-test-'));
  const pglite = usingPostgres() ? undefined : await migratedPglite();
  const app = await createApp({
    // Server rendering needs the production build (npm run build); only the suites that render pages ask for it.
    ssr: options.ssr ?? false,
    env: {
      NODE_ENV: 'test',
      DEMO_MODE: 'false',
      DATA_DIR: dataDir,
      LOG_LEVEL: (process.env.LOG_LEVEL as Env['LOG_LEVEL']) ?? 'error',
      DATABASE_URL: process.env.TEST_DATABASE_URL ?? '',
      LOGIN_RATE_LIMIT: '1000',
      BOOKING_RATE_LIMIT: '100000',
      // The suites book freely as one customer; test/api/booking-limits.test.ts tests the holding limits.
      MAX_BIKE_SHARE_PERCENT: '100',
      MAX_HELD_UNIT_DAYS: '0',
      REBOOK_COOLDOWN_MINUTES: '0',
      // The API suites race hundreds of requests on a shared machine: a statement waiting out that contention is
      // not a database outage (the drills test DATABASE_TIMEOUT_MS on their own servers).
      DATABASE_TIMEOUT_MS: '30000',
      ...env,
    },
    database: { pglite },
  });
  await app.listen(0, '127.0.0.1');
  const database = app.get(DatabaseService);
  const clock = app.get(Clock);
  const server = app.getHttpServer();
  return {
    app,
    db: database.db,
    kind: database.kind,
    clock,
    dataDir,
    jwtSecret: readFileSync(join(dataDir, 'jwt-secret'), 'utf8').trim(),
    http: () => request(server),
    async reset() {
      clock.reset();
      await database.db.execute(TRUNCATE_ALL);
    },
    async close() {
      await app.close();
    },
  };
}

/**
 * The prelude of an API test file: one app for the enclosing describe block (created in beforeAll, closed in
 * afterAll) with every table emptied and the clock reset before each test (`reset: false` keeps the data between
 * tests). Returns a handle that forwards to that app, so the tests use it as they would the app itself; hooks the
 * file declares after this call run after the app is up and after the reset.
 */
export function useTestApp(env: Partial<Record<keyof Env, string>> = {}, options: { reset?: boolean } = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(env);
  });
  afterAll(() => current?.close());
  if (options.reset !== false) beforeEach(() => current!.reset());
  return new Proxy({} as TestApp, {
    get(_target, key) {
      if (!current) throw new Error('useTestApp: the app is created in beforeAll; use it inside hooks and tests');
      const value = current[key as keyof TestApp];
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(current) : value;
    },
  });
}
