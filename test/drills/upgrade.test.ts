/**
 * Upgrading from the previous release (README, "Upgrading"): a database made by the previous release's migrations
 * holds data in every state (test/drills/previous-release.ts); the built server of this release starts on it, which
 * applies this release's migrations, and then every table's row count and every money, stock and rating sum is
 * what it was, a customer of the old release logs in with the old password and sees all of their rentals. On the
 * embedded database and, when one answers, on the PostgreSQL server.
 */
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { pgliteExtensions } from '../../src/database/pglite-extensions.js';
import { databaseFacts, DatabaseFacts } from './database-facts.js';
import * as drill from './drill-support.js';
import { PREVIOUS_PASSWORD, PreviousReleaseData, previousReleaseMigrations, writePreviousReleaseData } from './previous-release.js';

const PG_SERVER = await drill.postgresServerUrl();
if (!PG_SERVER) console.warn('upgrade drill on PostgreSQL skipped: no PostgreSQL server answers');
const itPg = PG_SERVER ? it : it.skip;

const journalLength = (): number => (JSON.parse(readFileSync(join(process.cwd(), 'src', 'database', 'migrations', 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;

/** The previous release's database with its data; the facts about it. */
async function previousRelease(target: { url: string } | { dataDir: string }): Promise<{ data: PreviousReleaseData; before: DatabaseFacts; applied: number }> {
  const folder = previousReleaseMigrations();
  try {
    if ('url' in target) {
      const client = new pg.Client({ connectionString: target.url });
      await client.connect();
      try {
        await migratePg(drizzlePg({ client }) as never, { migrationsFolder: folder });
        const q = async (text: string, params?: unknown[]) => (await client.query(text, params as unknown[])).rows;
        const data = await writePreviousReleaseData(q);
        const applied = Number((await q('select count(*)::int as n from drizzle.__drizzle_migrations'))[0].n);
        return { data, before: await databaseFacts(q), applied };
      } finally {
        await client.end();
      }
    }
    const db = await PGlite.create(join(target.dataDir, 'pgdata'), { extensions: pgliteExtensions });
    try {
      await migratePglite(drizzlePglite({ client: db }) as never, { migrationsFolder: folder });
      const q = async (text: string, params?: unknown[]) => (await db.query<Record<string, unknown>>(text, params as unknown[])).rows;
      const data = await writePreviousReleaseData(q);
      const applied = Number((await q('select count(*)::int as n from drizzle.__drizzle_migrations'))[0].n);
      return { data, before: await databaseFacts(q), applied };
    } finally {
      await db.close();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

async function upgradeDrill(label: string, target: { url: string } | { dataDir: string }, dataDir: string) {
  const { data, before, applied } = await previousRelease(target);
  expect(applied).toBeLessThan(journalLength());
  expect(Object.keys(before.sums).filter((k) => k.startsWith('rentals by status')).sort()).toEqual(
    ['booked', 'cancelled', 'paid', 'pending_fee', 'returned'].map((s) => `rentals by status: ${s}`),
  );

  // This release starts on it: it applies its own migrations.
  // Its operator admin is the previous release's admin (a new one would be one more user).
  const env = drill.drillEnv({ ADMIN_EMAIL: data.admin.email, ADMIN_PASSWORD: PREVIOUS_PASSWORD, ...('url' in target ? { DATABASE_URL: target.url } : {}) });
  const server = await drill.startServer(env, { dataDir });
  try {
    const login = await drill.call(server.baseUrl, 'POST', '/api/auth/login', { body: { email: data.customer.email, password: PREVIOUS_PASSWORD } });
    expect(login.status).toBe(200);
    const mine = await drill.call(server.baseUrl, 'GET', '/api/rentals', { token: login.body.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toHaveLength(data.customer.rentals);
    expect((await drill.call(server.baseUrl, 'GET', '/api/bikes')).status).toBe(200);
  } finally {
    expect(await server.stop('SIGTERM')).toBe(0);
  }

  const { after, appliedAfter } = await drill.withSql(target, async (q) => ({
    after: await databaseFacts(q),
    appliedAfter: Number((await q('select count(*)::int as n from drizzle.__drizzle_migrations'))[0].n),
  }));
  expect(appliedAfter).toBe(journalLength());
  // Every table of the previous release keeps its rows; every sum is the same.
  const kept = Object.fromEntries(Object.keys(before.rows).map((t) => [t, after.rows[t]]));
  expect(kept).toEqual(before.rows);
  expect(after.sums).toEqual(before.sums);
  console.log(
    `upgrade drill (${label}): ${applied} -> ${appliedAfter} migrations; ${Object.values(before.rows).reduce((a, b) => a + b, 0)} rows in ${Object.keys(before.rows).length} tables ` +
      `and ${Object.keys(before.sums).length} sums equal after; the old customer logs in and sees ${data.customer.rentals} rentals`,
  );
}

describe('upgrade from the previous release', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'okb-upgrade-'));
    dirs.push(d);
    return d;
  };
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('the embedded database: every count and sum equal after this release migrates it', async () => {
    const dir = dataDir();
    await upgradeDrill('PGlite', { dataDir: dir }, dir);
  }, 240_000);

  itPg('PostgreSQL: every count and sum equal after this release migrates it', async () => {
    const url = await drill.freshDatabase(PG_SERVER!, 'okb_container_upgrade');
    await upgradeDrill('PostgreSQL', { url }, dataDir());
  }, 240_000);
});
