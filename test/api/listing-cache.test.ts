/**
 * The micro-cache of GET /api/bikes (src/common/micro-cache.ts): a listing answer is kept, and never outlives a
 * change to what it lists: this instance's API writes, a write by anyone else on the database (its NOTIFY), and on the
 * PostgreSQL server a write through another instance. Malformed queries are never kept (their 400 always comes).
 */
import { eq, sql } from 'drizzle-orm';
import { microCacheLookups } from '../../src/common/observability/metrics.js';
import { bikes } from '../../src/database/schema/bikes.js';
import { CATALOG_CHANNEL, CatalogChanges } from '../../src/database/catalog-changes.service.js';
import { createBike } from '../support/bike-factories.js';
import { createAdmin } from '../support/factories.js';
import { scaled } from '../support/machine.mjs';
import { createTestApp, type TestApp, usingPostgres, useTestApp } from '../support/test-app.js';

const LIST = '/api/bikes?page=1&limit=10';

async function lookups(): Promise<{ hit: number; miss: number }> {
  const values = (await microCacheLookups.get()).values;
  const of = (result: string) => values.find((v) => v.labels.result === result)?.value ?? 0;
  return { hit: of('hit'), miss: of('miss') };
}

async function names(t: TestApp, path = LIST): Promise<string[]> {
  const res = await t.http().get(path).expect(200);
  return (res.body.data.bikes as { name: string }[]).map((b) => b.name);
}

async function renameThroughApi(t: TestApp, bikeId: string, name: string): Promise<void> {
  const admin = await createAdmin(t);
  const current = (await t.http().get(`/api/bikes/${bikeId}`).expect(200)).body.data as Record<string, unknown>;
  const body = Object.fromEntries(
    ['description', 'pricePerHour', 'cc', 'year', 'model', 'brand', 'imgageurl', 'quantity', 'isAvailable'].map((k) => [k, current[k]]),
  );
  await t.http().put(`/api/bikes/${bikeId}`).set('Authorization', admin.bearer).send({ ...body, name }).expect(200);
}

/** Polls `check` every 20 ms; the time it took, or a failure naming `what` after `limitMs` (scaled to the machine). */
async function within(what: string, limitMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  const deadline = started + scaled(limitMs);
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() > deadline) throw new Error(`${what}: not seen within ${scaled(limitMs)} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Waits until every change notification of the writes made so far has reached this instance: a sentinel NOTIFY on
 * the same channel comes after them (one listen connection delivers in commit order). A factory write's own
 * notification arriving mid-test would otherwise empty the cache between two reads on a busy machine.
 */
async function changesSettled(t: TestApp): Promise<void> {
  const changes = t.app.get(CatalogChanges);
  const seen = new Promise<void>((resolve) => {
    const off = changes.subscribe((source) => {
      if (source === 'db:okb-test-sentinel') {
        off();
        resolve();
      }
    });
  });
  await t.db.execute(sql`select pg_notify(${CATALOG_CHANNEL}, 'okb-test-sentinel')`);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([seen, new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('the sentinel notification never came')), scaled(10_000))))]);
  clearTimeout(timer);
}

describe('GET /api/bikes micro-cache, one instance', () => {
  // A long lifetime: whatever makes an answer fresh in these tests is the change signal, never the clock.
  const t = useTestApp({ API_MICRO_CACHE_TTL_MS: '60000' });

  it('keeps an answer per query, and never keeps a malformed query', async () => {
    await createBike(t, { name: 'Kept Alpha' });
    await changesSettled(t);
    const before = await lookups();
    expect(await names(t)).toEqual(['Kept Alpha']);
    expect(await names(t)).toEqual(['Kept Alpha']);
    const after = await lookups();
    expect(after.miss - before.miss).toBe(1);
    expect(after.hit - before.hit).toBe(1);
    // Another query string is another answer.
    expect(await names(t, '/api/bikes?page=1&limit=5')).toEqual(['Kept Alpha']);
    expect((await lookups()).miss - after.miss).toBe(1);
    // A malformed query reaches validation every time.
    for (let i = 0; i < 2; i += 1) {
      const res = await t.http().get('/api/bikes?page=zero').expect(400);
      expect(res.body.message).toMatch(/page/);
    }
  });

  it("shows this instance's API write on the very next listing", async () => {
    const bike = await createBike(t, { name: 'Before Rename' });
    expect(await names(t)).toEqual(['Before Rename']);
    await renameThroughApi(t, bike.id, 'After Rename');
    expect(await names(t)).toEqual(['After Rename']);
  });

  it('shows a write made on the database by another writer (its NOTIFY), not the kept answer', async () => {
    const bike = await createBike(t, { name: 'Written Elsewhere' });
    expect(await names(t)).toEqual(['Written Elsewhere']);
    expect(await names(t)).toEqual(['Written Elsewhere']);
    // Not through the API: a script, the webhook or the hold sweeper writing to the table.
    await t.db.update(bikes).set({ name: 'Changed Elsewhere' }).where(eq(bikes.id, bike.id));
    const took = await within('the direct write', 10_000, async () => (await names(t)).includes('Changed Elsewhere'));
    console.log(`listing micro-cache (${t.kind}): a direct database write showed after ${took} ms`);
  });

  it('keeps nothing with API_MICRO_CACHE_TTL_MS=0', async () => {
    const off = await createTestApp({ API_MICRO_CACHE_TTL_MS: '0' });
    try {
      await off.reset();
      await createBike(off, { name: 'Never Kept' });
      const before = await lookups();
      await names(off);
      await names(off);
      expect(await lookups()).toEqual(before);
    } finally {
      await off.close();
    }
  });
});

const describePg = usingPostgres() ? describe : describe.skip;

describePg('GET /api/bikes micro-cache, two instances on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ API_MICRO_CACHE_TTL_MS: '60000' });
    b = await createTestApp({ API_MICRO_CACHE_TTL_MS: '60000' });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });
  beforeEach(() => a.reset());

  it("a write on instance A shows on instance B's listing once A's write has committed", async () => {
    const bike = await createBike(a, { name: 'Two Instance Original' });
    // B keeps its answer (a hit, the same list).
    expect(await names(b)).toEqual(['Two Instance Original']);
    const before = await lookups();
    expect(await names(b)).toEqual(['Two Instance Original']);
    expect((await lookups()).hit - before.hit).toBe(1);

    await renameThroughApi(a, bike.id, 'Two Instance Renamed');
    // The database notifies every instance on commit; B's kept answer is dropped when the notification arrives.
    let firstRead: string[] = [];
    const took = await within("the rename on B's listing", 10_000, async () => {
      const seen = await names(b);
      if (firstRead.length === 0) firstRead = seen;
      return seen.includes('Two Instance Renamed');
    });
    expect(await names(b)).toEqual(['Two Instance Renamed']);
    console.log(`listing micro-cache: a rename on A showed on B after ${took} ms (first read after the write: ${firstRead.join(', ')})`);

    // Stock too: a unit retired on A through SQL leaves B's count right.
    await a.db.execute(sql`UPDATE bike_units SET status = 'retired' WHERE bike_id = ${bike.id} AND label = ${`${bike.brand}-1`}`);
    await within("the retired unit on B's listing", 10_000, async () => {
      const res = await b.http().get(LIST).expect(200);
      return (res.body.data.bikes as { quantity: number }[])[0]?.quantity === 2;
    });
  });
});
