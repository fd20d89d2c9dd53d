import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from '../../src/database/pglite-extensions.js';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrationsFolder } from '../../src/database/database.service.js';

/** A migrations folder holding only 0000: a database as the previous release left it. */
function initOnlyFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'okb-mig-'));
  mkdirSync(join(dir, 'meta'));
  copyFileSync(join(migrationsFolder(), '0000_init.sql'), join(dir, '0000_init.sql'));
  const journal = JSON.parse(readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: { idx: number }[] };
  writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.filter((e) => e.idx === 0) }));
  return dir;
}

type Exec = (query: string) => Promise<{ rows: Record<string, unknown>[] }>;

const BIKE_A = '11111111-1111-4111-8111-111111111111';
const BIKE_B = '22222222-2222-4222-8222-222222222222';
const USER = '33333333-3333-4333-8333-333333333333';

/** 0000-era rows: bike A has 3 in stock and 2 units out (a booked rental of 2), plus a pending one of 1; B has 0. */
async function insertOldRows(exec: Exec): Promise<void> {
  await exec(`insert into users (id, name, email, password_hash) values ('${USER}', 'Old', 'old@example.com', 'x')`);
  await exec(`insert into bikes (id, name, description, image_url, price_per_hour_cents, cc, year, model, brand, quantity)
    values ('${BIKE_A}', 'A', 'd', '/a.jpg', 1000, 150, 2020, 'M', 'Yamaha', 3), ('${BIKE_B}', 'B', 'd', '/b.jpg', 900, 125, 2020, 'N', 'Honda', 0)`);
  await exec(`insert into rentals (payment_ref, user_id, bike_id, quantity, start_time, status, price_per_hour_cents, created_at) values
    ('TXN-OLDBOOKED01', '${USER}', '${BIKE_A}', 2, now() - interval '2 hours', 'booked', 1000, now() - interval '3 hours'),
    ('TXN-OLDPENDING1', '${USER}', '${BIKE_A}', 1, now() + interval '2 hours', 'pending_fee', 1000, now() - interval '1 minute'),
    ('TXN-OLDRETURN01', '${USER}', '${BIKE_B}', 1, now() - interval '9 hours', 'returned', 900, now() - interval '10 hours')`);
}

async function checkMoved(exec: Exec): Promise<void> {
  const units = await exec(`select b.brand, count(u.id)::int as n from bikes b left join bike_units u on u.bike_id = b.id group by b.brand order by b.brand`);
  expect(units.rows).toEqual([
    { brand: 'Honda', n: 0 },
    { brand: 'Yamaha', n: 6 },
  ]);
  const labels = await exec(`select label from bike_units where bike_id = '${BIKE_A}' order by label`);
  expect(labels.rows.map((r) => r.label)).toEqual(['Yamaha-1', 'Yamaha-2', 'Yamaha-3', 'Yamaha-4', 'Yamaha-5', 'Yamaha-6']);
  const held = await exec(`select r.payment_ref, count(x.id)::int as n, bool_and(upper(x.period) = 'infinity') as open
    from rentals r left join unit_reservations x on x.rental_id = r.id group by r.payment_ref order by r.payment_ref`);
  expect(held.rows).toEqual([
    { payment_ref: 'TXN-OLDBOOKED01', n: 2, open: true },
    { payment_ref: 'TXN-OLDPENDING1', n: 1, open: true },
    { payment_ref: 'TXN-OLDRETURN01', n: 0, open: null },
  ]);
  // Free now: 6 units - 2 held by the booked rental (the pending one starts in 2 hours).
  const free = await exec(`select count(*)::int as n from bike_units u where u.bike_id = '${BIKE_A}'
    and not exists (select 1 from unit_reservations x where x.unit_id = u.id and x.period @> now())`);
  expect(free.rows[0].n).toBe(4);
  const column = await exec(`select count(*)::int as n from information_schema.columns where table_name = 'bikes' and column_name = 'quantity'`);
  expect(column.rows[0].n).toBe(0);
  // The database refuses a unit in two overlapping bookings.
  await expect(
    exec(`insert into unit_reservations (unit_id, bike_id, kind, period, reason)
      select unit_id, bike_id, 'maintenance', tstzrange(now() + interval '1 day', now() + interval '2 days'), 'x' from unit_reservations limit 1`),
  ).rejects.toThrow(/unit_reservations_no_overlap|exclusion/);
}

describe('Migration 0001 (rental engine) moves a 0000-era database without loss', () => {
  it('on PGlite', async () => {
    const client = await PGlite.create({ extensions: pgliteExtensions });
    const db = drizzlePglite({ client });
    await migratePglite(db, { migrationsFolder: initOnlyFolder() });
    const exec: Exec = async (q) => ({ rows: (await client.query(q)).rows as Record<string, unknown>[] });
    await insertOldRows(exec);
    await migratePglite(db, { migrationsFolder: migrationsFolder() });
    await checkMoved(exec);
    await client.close();
  });

  const url = process.env.TEST_DATABASE_URL;
  (url ? it : it.skip)('on the PostgreSQL server (a scratch database beside TEST_DATABASE_URL)', async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const scratch = `${new URL(url!).pathname.slice(1)}_migration`;
    await admin.query(`drop database if exists "${scratch}"`);
    await admin.query(`create database "${scratch}"`);
    const target = new URL(url!);
    target.pathname = `/${scratch}`;
    const client = new pg.Client({ connectionString: target.toString() });
    await client.connect();
    try {
      const db = drizzlePg({ client });
      await migratePg(db, { migrationsFolder: initOnlyFolder() });
      const exec: Exec = async (q) => ({ rows: (await client.query(q)).rows as Record<string, unknown>[] });
      await insertOldRows(exec);
      await migratePg(db, { migrationsFolder: migrationsFolder() });
      await checkMoved(exec);
      expect((await db.execute(sql`select 1 as one`)).rows[0]).toEqual({ one: 1 });
    } finally {
      await client.end();
      await admin.query(`drop database if exists "${scratch}"`);
      await admin.end();
    }
  });
});
