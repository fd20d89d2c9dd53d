import { MicroCache } from './micro-cache.js';
import { PageCache } from '../ssr/page-cache.js';

/** A load whose answer the test releases, to see what happens while it is in flight. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('MicroCache (the API micro-cache and the anonymous page cache)', () => {
  let now = 1_000;
  const clock = () => now;
  beforeEach(() => (now = 1_000));

  it('keeps an answer for ttlMs, then loads again', async () => {
    const cache = new MicroCache<number>({ ttlMs: 500, maxEntries: 10, now: clock });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    now += 499;
    expect(await cache.get('a', load)).toBe(1);
    now += 1;
    expect(await cache.get('a', load)).toBe(2);
  });

  it('runs one load for a burst of the same key (single flight)', async () => {
    const cache = new MicroCache<string>({ ttlMs: 500, maxEntries: 10, now: clock });
    const gate = deferred<string>();
    let loads = 0;
    const answers = Promise.all(Array.from({ length: 20 }, () => cache.get('k', () => (loads++, gate.promise))));
    gate.resolve('rows');
    expect(await answers).toEqual(Array(20).fill('rows'));
    expect(loads).toBe(1);
  });

  it('serves a load that began before an invalidation to its callers but does not keep it', async () => {
    const cache = new MicroCache<string>({ ttlMs: 10_000, maxEntries: 10, now: clock });
    const stale = deferred<string>();
    const first = cache.get('k', () => stale.promise);
    cache.invalidate();
    // After the invalidation the same key loads afresh instead of joining the stale flight.
    const fresh = cache.get('k', async () => 'after');
    stale.resolve('before');
    expect(await first).toBe('before');
    expect(await fresh).toBe('after');
    expect(await cache.get('k', async () => 'third')).toBe('after');
  });

  it('drops the least recently used entry when full, a hit counting as a use', async () => {
    const cache = new MicroCache<string>({ ttlMs: 10_000, maxEntries: 2, now: clock });
    await cache.get('a', async () => 'A');
    await cache.get('b', async () => 'B');
    await cache.get('a', async () => 'A2'); // a hit: a is now the most recent
    await cache.get('c', async () => 'C'); // b goes
    expect(cache.size).toBe(2);
    expect(await cache.get('a', async () => 'reloaded')).toBe('A');
    expect(await cache.get('b', async () => 'B reloaded')).toBe('B reloaded');
  });

  it('keeps within a size budget and does not keep what `keep` refuses', async () => {
    const cache = new MicroCache<string | null>({ ttlMs: 10_000, maxEntries: 100, maxBytes: 10, sizeOf: (v) => v?.length ?? 0, keep: (v) => v !== null, now: clock });
    await cache.get('a', async () => 'aaaa');
    await cache.get('b', async () => 'bbbb');
    await cache.get('c', async () => 'cccc'); // 12 > 10: a goes
    expect(cache.size).toBe(2);
    expect(cache.keptSize).toBe(8);
    let loads = 0;
    await cache.get('n', async () => (loads++, null));
    await cache.get('n', async () => (loads++, null));
    expect(loads).toBe(2);
    cache.invalidate();
    expect([cache.size, cache.keptSize]).toEqual([0, 0]);
  });

  it('counts hits and misses', async () => {
    const seen: string[] = [];
    const cache = new MicroCache<number>({ ttlMs: 500, maxEntries: 10, now: clock, lookups: { inc: ({ result }) => seen.push(result) } });
    await cache.get('a', async () => 1);
    await cache.get('a', async () => 2);
    expect(seen).toEqual(['miss', 'hit']);
  });

  it('the page cache keeps shareable pages with a weak ETag and makes redirects (null) afresh', async () => {
    const pages = new PageCache({ ttlMs: 1_000, maxEntries: 10, maxBytes: 1_000_000, now: clock });
    let renders = 0;
    const page = await pages.get('/about', async () => (renders++, { status: 200, html: `<p>${pages.noncePlaceholder}</p>` }));
    expect(page).toMatchObject({ status: 200, etag: expect.stringMatching(/^W\/"/), expiresAt: 2_000 });
    expect(pages.htmlFor(page!, 'n0nce')).toBe('<p>n0nce</p>');
    await pages.get('/about', async () => (renders++, { status: 200, html: 'other' }));
    expect(renders).toBe(1);
    await pages.get('/login', async () => (renders++, null));
    await pages.get('/login', async () => (renders++, null));
    expect(renders).toBe(3);
  });
});
