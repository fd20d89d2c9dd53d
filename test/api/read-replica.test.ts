import pg from 'pg';
import { parseEnv } from '../../src/config/env.schema.js';
import { DatabaseService } from '../../src/database/database.service.js';
import { createBike } from '../support/bike-factories.js';
import { createTestApp, type TestApp, usingPostgres } from '../support/test-app.js';

/**
 * Issue 28: reads where staleness is harmless (the bike listing, availability calendars) go to DATABASE_REPLICA_URL;
 * everything else (a bike's page, bookings, writes) to the primary. Two databases on one server stand in for
 * primary and replica: a bike written to the primary only is missing from the listing until it is "replicated".
 * PostgreSQL only (PGlite has no replica).
 */
const describePg = usingPostgres() ? describe : describe.skip;

describePg('DATABASE_REPLICA_URL', () => {
  let t: TestApp;
  let replicaUrl: string;
  let replica: DatabaseService;

  beforeAll(async () => {
    const primary = new URL(process.env.TEST_DATABASE_URL!);
    const name = `${primary.pathname.slice(1)}_replica`;
    const admin = new pg.Client({ connectionString: Object.assign(new URL(primary.href), { pathname: '/postgres' }).href });
    await admin.connect();
    try {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
    } finally {
      await admin.end();
    }
    replicaUrl = Object.assign(new URL(primary.href), { pathname: `/${name}` }).href;
    // The stand-in replica has the same schema (migrated) but only the rows copied to it below.
    replica = await DatabaseService.open(parseEnv({ DATABASE_URL: replicaUrl, NODE_ENV: 'test' }));
    // The listing's micro-cache off: this test asks which database each read goes to, not whether it was kept.
    t = await createTestApp({ DATABASE_REPLICA_URL: replicaUrl, API_MICRO_CACHE_TTL_MS: '0' });
    await t.reset();
  });
  afterAll(async () => {
    await t?.close();
    await replica?.close();
  });

  it('the listing and availability read the replica; the bike page and bookings read the primary', async () => {
    const bike = await createBike(t, { name: 'Primary Only' });
    // Not yet on the replica: the listing (replica) does not show it, its own page (primary) does.
    const before = await t.http().get('/api/bikes').expect(200);
    expect(before.body.data.bikes ?? before.body.data).not.toEqual(expect.arrayContaining([expect.objectContaining({ _id: bike.id })]));
    expect(JSON.stringify(before.body)).not.toContain(bike.id);
    await t.http().get(`/api/bikes/${bike.id}`).expect(200);
    const from = new Date(Date.now() + 3600_000).toISOString();
    const to = new Date(Date.now() + 7200_000).toISOString();
    const unknown = await t.http().get(`/api/bikes/${bike.id}/availability`).query({ from, to });
    // The replica has no units of it: its calendar shows none.
    expect(JSON.stringify(unknown.body)).not.toMatch(/"totalUnits":[1-9]/);

    // "Replication": the same rows on the replica. The listing and the calendar now show them.
    const copy = async (table: string) => {
      const rows = (await t.db.execute(`select * from ${table}` as never)) as unknown as { rows: Record<string, unknown>[] };
      for (const row of rows.rows) {
        const cols = Object.keys(row);
        const client = new pg.Client({ connectionString: replicaUrl });
        await client.connect();
        try {
          await client.query(`insert into ${table} (${cols.map((c) => `"${c}"`).join(',')}) values (${cols.map((_, i) => `$${i + 1}`).join(',')})`, cols.map((c) => row[c]));
        } finally {
          await client.end();
        }
      }
    };
    await copy('bikes');
    await copy('bike_units');
    const after = await t.http().get('/api/bikes').expect(200);
    expect(JSON.stringify(after.body)).toContain(bike.id);
    const known = await t.http().get(`/api/bikes/${bike.id}/availability`).query({ from, to }).expect(200);
    expect(known.body.data.totalUnits).toBe(3);
  });
});
