// npm run bench:scale
//
// The app's own queries on a big catalogue: 100,000 bikes, 10,000 users, 1,000,000 rentals (with their ~1.85 M
// payments and ~85,000 reviews), generated in SQL with generate_series in PostgreSQL (database okb_bench_scale,
// created when missing; the data is reused by later runs unless BENCH_REGENERATE=1).
//
// Each scenario is an HTTP request to the built app (in this process, one request at a time); every SQL statement
// it sends is timed at the driver (node-postgres), so "query p99" is the database round trip of that statement
// alone. Then every distinct statement is run once more under EXPLAIN (ANALYZE, BUFFERS) (writes inside a rolled
// back transaction) and the plans are saved to bench/results/scale-plans-latest.txt. A plan that reads a big
// table with a Seq Scan is flagged: the README says which index would fix it.
//
// Target (listing, search and filters of bikes): p99 of each query under 20 ms. The other scenarios (a user's
// rentals, a booking, admin views) are measured for information.
//
// Settings: BENCH_SCALE_DATABASE_URL (postgres://postgres@127.0.0.1:5432/okb_bench_scale), BENCH_RUNS (200 per
// scenario), BENCH_REGENERATE=1, BENCH_BIKES (100000), BENCH_RENTALS (1000000), BENCH_USERS (10000),
// BENCH_MICRO_CACHE_TTL_MS (0: the listing's micro-cache off, so every request runs its statements).
import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';
import {
  ADMIN,
  addUnits,
  call,
  ensureDatabase,
  envNumber,
  insertBikes,
  login,
  machine,
  requireBuild,
  round,
  saveResult,
  saveText,
  sqlClient,
  startApp,
  summarizeLatencies,
  table,
  truncateAll,
  describeMachine,
} from './lib/common.mjs';

const URL_ = process.env.BENCH_SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/okb_bench_scale';
const RUNS = envNumber('BENCH_RUNS', 200);
const N_BIKES = envNumber('BENCH_BIKES', 100_000);
const N_RENTALS = envNumber('BENCH_RENTALS', 1_000_000);
const N_USERS = envNumber('BENCH_USERS', 10_000);
const TARGET_MS = 20;
const BIG_TABLES = ['bikes', 'rentals', 'payments', 'users', 'reviews', 'bike_units', 'unit_reservations'];

requireBuild();
await ensureDatabase(URL_);
// The listing's micro-cache is off (BENCH_MICRO_CACHE_TTL_MS, default 0): this script measures the statements at
// scale, and with the cache on a scenario asked 200 times in a row runs its statements once (the rest "0 statements").
const server = await startApp({
  env: {
    DATABASE_URL: URL_,
    DATABASE_POOL_SIZE: '10',
    MAX_PENDING_BOOKINGS: '1000',
    BOOKING_RATE_LIMIT: '1000000',
    API_MICRO_CACHE_TTL_MS: process.env.BENCH_MICRO_CACHE_TTL_MS ?? '0',
  },
});
const db = await sqlClient(URL_);
const log = (...a) => console.log(...a);

// ---------------------------------------------------------------------------------------------- data
const counts = async () => {
  const { rows } = await db.query(
    `select (select count(*) from bikes)::int as bikes, (select count(*) from rentals)::int as rentals,
            (select count(*) from users)::int as users, (select count(*) from payments)::int as payments,
            (select count(*) from reviews)::int as reviews, (select count(*) from bike_units)::int as units,
            (select count(*) from unit_reservations)::int as bookings`,
  );
  return rows[0];
};
let have = await counts();
const API_USER_EMAIL = 'scale-user@example.com';
const API_USER_PASSWORD = 'scale-password-1';

if (process.env.BENCH_REGENERATE || have.bikes !== N_BIKES || have.rentals < N_RENTALS || have.users < N_USERS || !have.bookings) {
  log(`generating ${N_BIKES} bikes, ${N_USERS} users, ${N_RENTALS} rentals with their payments and reviews...`);
  const t0 = performance.now();
  await truncateAll(db);
  // The operator admin (ADMIN_EMAIL) was created at start and went with the truncate: create it again.
  await server.app.get((await import('../dist/src/modules/auth/auth.service.js')).AuthService).ensureOperatorAdmin();
  // One user through the API, who can log in (the others get an unusable password hash).
  const signup = await call(server.baseUrl, 'POST', '/api/auth/signup', {
    body: { name: 'Scale User', email: API_USER_EMAIL, password: API_USER_PASSWORD, phone: '+8801700000000', address: 'Dhaka' },
  });
  if (signup.status !== 201) throw new Error(`signup: ${signup.status} ${JSON.stringify(signup.body)}`);
  await db.query(
    `insert into users (name, email, password_hash, phone, address, created_at, updated_at)
     select 'User ' || i, 'user' || i || '@scale.example.com', '!disabled', '+880170' || lpad(i::text, 7, '0'), 'Dhaka',
            now() - make_interval(mins => (i * 53) % 525600), now()
       from generate_series(1, $1::int - 1) as i`,
    [N_USERS],
  );
  // One unit per rental of a bike (10 rentals each): every booking its own unit, whatever its window.
  await insertBikes(db, N_BIKES, { quantity: Math.ceil(N_RENTALS / N_BIKES) });
  log(`  users and bikes in ${Math.round(performance.now() - t0)} ms`);
  // Rentals: status by i % 100: 0-1 pending_fee (hold in the future), 2-4 booked, 5-9 cancelled, 10-14 returned,
  // 15-99 paid. Spread over the last year, 100 per user, 10 per bike.
  await db.query(
    `with u as (select array_agg(id order by created_at, id) as ids, count(*)::int as n from users where role = 'user'),
          b as (select array_agg(id order by created_at, id) as ids, count(*)::int as n from bikes),
          g as (
            select i,
                   case when i % 100 < 2 then 'pending_fee' when i % 100 < 5 then 'booked' when i % 100 < 10 then 'cancelled'
                        when i % 100 < 15 then 'returned' else 'paid' end as status,
                   now() - make_interval(secs => ($1::int - i) * 30) as created,
                   1 + i % 48 as hours, 500 + (i * 37) % 4500 as price
              from generate_series(1, $1::int) as i)
     insert into rentals (payment_ref, user_id, bike_id, quantity, start_time, return_time, status, price_per_hour_cents,
                          currency, total_cost_cents, total_paid_cents, stock_released_at, hold_expires_at, created_at, updated_at)
     select 'TXN-S' || lpad(g.i::text, 11, '0'), u.ids[1 + g.i % u.n], b.ids[1 + ((g.i::bigint * 7919) % b.n)::int], 1 + g.i % 2,
            g.created + interval '1 hour',
            case when g.status in ('returned', 'paid') then g.created + interval '1 hour' + make_interval(hours => g.hours) end,
            g.status, g.price, 'USD',
            case when g.status in ('returned', 'paid') then g.hours * g.price * (1 + g.i % 2) else 0 end,
            case when g.status = 'paid' then g.hours * g.price * (1 + g.i % 2) end,
            case when g.status in ('returned', 'paid') then g.created + interval '1 hour' + make_interval(hours => g.hours)
                 when g.status = 'cancelled' then g.created + interval '15 minutes' end,
            case when g.status = 'pending_fee' then now() + interval '1 day' end,
            g.created, g.created
       from g, u, b`,
    [N_RENTALS],
  );
  log(`  rentals in ${Math.round(performance.now() - t0)} ms`);
  // Bookings: each rental holds one unit of its bike over its window (open ones until returned). Rentals of
  // one bike are N_BIKES apart in i, so unit floor(i / N_BIKES) is theirs alone.
  await db.query(
    `with u as (select id, bike_id, row_number() over (partition by bike_id order by label) as n from bike_units)
     insert into unit_reservations (unit_id, bike_id, rental_id, kind, period)
     select u.id, r.bike_id, r.id, 'rental',
            tstzrange(r.start_time, case when r.status in ('returned', 'paid') then r.return_time
                                          when r.status = 'cancelled' then r.start_time + interval '1 hour' else 'infinity' end, '[)')
       from rentals r join u on u.bike_id = r.bike_id and u.n = 1 + (substring(r.payment_ref from 6)::int / $1::int) % $2::int
      where r.status <> 'cancelled'`,
    [N_BIKES, Math.ceil(N_RENTALS / N_BIKES)],
  );
  log(`  bookings in ${Math.round(performance.now() - t0)} ms`);
  await db.query(
    `insert into payments (rental_id, user_id, kind, amount_minor, currency, status, provider, provider_ref, created_at, expires_at, completed_at)
     select r.id, r.user_id, 'booking_fee', 10000, 'BDT',
            case r.status when 'pending_fee' then 'pending' when 'cancelled' then 'expired' else 'succeeded' end,
            'sandbox', 'sbx_' || md5(r.payment_ref), r.created_at, r.created_at + interval '15 minutes',
            case when r.status not in ('pending_fee', 'cancelled') then r.created_at + interval '2 minutes' end
       from rentals r`,
  );
  await db.query(
    `insert into payments (rental_id, user_id, kind, amount_minor, currency, status, provider, provider_ref, created_at, expires_at, completed_at)
     select r.id, r.user_id, 'rental', r.total_cost_cents, 'USD', 'succeeded', 'sandbox', 'sbx_' || md5('rental' || r.payment_ref),
            r.return_time, r.return_time + interval '23 hours', r.return_time + interval '5 minutes'
       from rentals r where r.status = 'paid'`,
  );
  await db.query(
    `insert into reviews (rental_id, bike_id, user_id, rating_halves, comment, created_at)
     select r.id, r.bike_id, r.user_id, 2 + (abs(hashtext(r.payment_ref)) % 9), 'Good bike, smooth ride.', r.return_time + interval '1 day'
       from rentals r where r.status = 'paid' and right(r.payment_ref, 1) = '0'`,
  );
  log(`  payments and reviews in ${Math.round(performance.now() - t0)} ms; vacuum analyze...`);
  await db.query('vacuum analyze');
  log(`  generated in ${Math.round((performance.now() - t0) / 1000)} s`);
  have = await counts();
}
console.log(describeMachine());
log(`data: ${JSON.stringify(have)}`);

// ---------------------------------------------------------------------------------------------- timing every statement
const statements = new Map(); // text -> { samples: [], values }
const BACKGROUND = 'background jobs (sweeper, every 30 s)';
const requestContext = new AsyncLocalStorage();
let currentScenario = null;
function wrapClient(client) {
  if (client.__benchWrapped) return;
  client.__benchWrapped = true;
  const query = client.query.bind(client);
  client.query = (...args) => {
    const config = args[0];
    const text = typeof config === 'string' ? config : config?.text;
    const values = typeof config === 'string' ? (Array.isArray(args[1]) ? args[1] : undefined) : (config?.values ?? (Array.isArray(args[1]) ? args[1] : undefined));
    if (!currentScenario || typeof text !== 'string') return query(...args);
    // Statements of the request being measured carry its scenario; the others come from the app's background
    // jobs (the hold and payment sweeper, every 30 s) and are reported on their own.
    const scenario = requestContext.getStore() ?? { name: BACKGROUND, recording: true };
    const started = performance.now();
    const record = () => {
      const ms = performance.now() - started;
      const key = `${scenario.name}\u0000${text}`;
      let s = statements.get(key);
      if (!s) statements.set(key, (s = { scenario: scenario.name, text, samples: [], values }));
      if (scenario.recording) s.samples.push(ms);
      s.values = values;
    };
    const cb = args.findIndex((a) => typeof a === 'function');
    if (cb >= 0) {
      const original = args[cb];
      args[cb] = (...r) => {
        record();
        return original(...r);
      };
      return query(...args);
    }
    const result = query(...args);
    return result && typeof result.then === 'function' ? result.finally(record) : result;
  };
}
const { DatabaseService } = await import('../dist/src/database/database.service.js');
const pool = server.app.get(DatabaseService).pool; // private in TypeScript: read on purpose
pool.on('connect', wrapClient);
pool.on('acquire', wrapClient);
// Every request runs in the async context of the scenario that sent it (the listener runs before Express's).
server.app.getHttpServer().prependListener('request', () => requestContext.enterWith(currentScenario));

// ---------------------------------------------------------------------------------------------- scenarios
const adminToken = await login(server.baseUrl, ADMIN.email, ADMIN.password);
const userToken = await login(server.baseUrl, API_USER_EMAIL, API_USER_PASSWORD);
const pick = async (sql, params = []) => (await db.query(sql, params)).rows;
const bikeIds = (await pick('select id from bikes order by random() limit 500')).map((r) => r.id);
const bikeNames = (await pick('select name from bikes order by random() limit 100')).map((r) => r.name);
const refs = (
  await pick(`select r.payment_ref from rentals r join users u on u.id = r.user_id where u.email = $1 order by random() limit 50`, [API_USER_EMAIL])
).map((r) => r.payment_ref);
// Bikes in stock for the booking scenario (each booking takes one unit).
await addUnits(db, bikeIds.slice(0, 50), 200);
const at = (list, i) => list[i % list.length];
const enc = encodeURIComponent;
const startTime = () => new Date(Date.now() + 48 * 3600_000).toISOString();

const SCENARIOS = [
  // Listing, search and filters: the target.
  { name: 'list: page 1, oldest first', target: true, path: () => '/api/bikes?page=1&limit=10' },
  { name: 'list: page 1, newest first', target: true, path: () => '/api/bikes?page=1&limit=10&recentlyAdded=true' },
  { name: 'list: page 500 (offset 4,990)', target: true, path: () => '/api/bikes?page=500&limit=10' },
  { name: 'list: last page (offset 99,990)', target: true, path: () => `/api/bikes?page=${Math.ceil(N_BIKES / 10)}&limit=10` },
  { name: 'search: common word (ninja, 10%)', target: true, path: () => '/api/bikes?page=1&limit=10&searchTerm=ninja' },
  { name: 'search: one bike by name', target: true, path: (i) => `/api/bikes?page=1&limit=10&searchTerm=${enc(at(bikeNames, i))}` },
  { name: 'search: no match', target: true, path: () => '/api/bikes?page=1&limit=10&searchTerm=zzqxw' },
  { name: 'filter: brand', target: true, path: () => '/api/bikes?page=1&limit=10&brand=honda' },
  { name: 'filter: brand + model', target: true, path: () => '/api/bikes?page=1&limit=10&brand=kawasaki&model=ninja' },
  { name: 'filter: brand, page 100', target: true, path: () => '/api/bikes?page=100&limit=10&brand=honda' },
  { name: 'bike page: GET /api/bikes/{id}', target: true, path: (i) => `/api/bikes/${at(bikeIds, i)}` },
  { name: 'bike page: related bikes', target: true, path: (i) => `/api/bikes/related/${at(bikeIds, i)}` },
  { name: 'bike page: reviews of a bike', target: true, path: (i) => `/api/reviews/getpostreviews/${at(bikeIds, i)}` },
  // The rental engine (issue 10): a quote and the availability of a window, over the units and bookings.
  {
    name: 'quote: 26 h window, 1 unit',
    target: true,
    path: (i) => `/api/bikes/${at(bikeIds, i)}/quote?startTime=${enc(startTime())}&endTime=${enc(new Date(Date.now() + 74 * 3600_000).toISOString())}&quantity=1`,
  },
  {
    name: 'availability: 14 days',
    target: true,
    path: (i) => `/api/bikes/${at(bikeIds, i)}/availability?from=${enc(new Date(Date.now() - 7 * 86_400_000).toISOString())}&to=${enc(new Date(Date.now() + 7 * 86_400_000).toISOString())}`,
  },
  // Issue 26: a month of the booking screen's calendar (target p99 < 20 ms).
  {
    name: 'calendar: 31 days',
    target: true,
    path: (i) => `/api/bikes/${at(bikeIds, i)}/calendar?from=${new Date().toISOString().slice(0, 10)}&to=${new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)}&quantity=1`,
  },
  // For information.
  { name: "user: my rentals (about 100)", path: () => '/api/rentals', token: userToken },
  { name: 'user: rental by paymentId', path: (i) => `/api/rentals/trans/${at(refs, i)}`, token: userToken },
  {
    name: 'user: book (POST /api/rentals)',
    method: 'POST',
    token: userToken,
    path: () => '/api/rentals',
    body: (i) => ({ bikeId: at(bikeIds.slice(0, 50), i), startTime: startTime(), quantity: 1 }),
    expect: 201,
  },
  { name: 'admin: dashboard summary', path: () => '/api/dashboard/summary', token: adminToken, runs: 20 },
  { name: 'admin: users page 1', path: () => '/api/users/allusers?page=1&limit=10', token: adminToken, runs: 50 },
  { name: 'admin: rentals awaiting fee, page 1', path: () => '/api/rentals/allrentalbike?status=pending_fee&page=1&limit=10', token: adminToken, runs: 50 },
  { name: 'admin: rental payments, page 1', path: () => '/api/rentals/rentalpayment?page=1&limit=10', token: adminToken, runs: 50 },
  { name: 'admin: rentals, no paging (newest 1,000)', path: () => '/api/rentals/allrentalbike', token: adminToken, runs: 5 },
];

const http = async (s, i) => {
  const res = await call(server.baseUrl, s.method ?? 'GET', s.path(i), { token: s.token, body: s.body?.(i) });
  const expected = s.expect ?? 200;
  if (res.status !== expected) throw new Error(`${s.name}: expected ${expected}, got ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  return res;
};

const benchStarted = new Date(Date.now() - 1000);
const results = [];
for (const s of SCENARIOS) {
  const runs = s.runs ?? RUNS;
  currentScenario = { name: s.name, recording: false };
  for (let i = 0; i < Math.min(5, runs); i++) await http(s, i + 1000); // warm-up
  currentScenario.recording = true;
  const latencies = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await http(s, i);
    latencies.push(performance.now() - t0);
  }
  currentScenario = null;
  const stmts = [...statements.values()].filter((x) => x.scenario === s.name && x.samples.length);
  const perStatement = stmts.map((x) => ({ text: x.text, values: x.values, ...summarizeLatencies(x.samples) }));
  const worst = perStatement.reduce((m, x) => Math.max(m, x.p99), 0);
  results.push({ name: s.name, target: Boolean(s.target), runs, http: summarizeLatencies(latencies), statements: perStatement, worstQueryP99: round(worst, 2) });
  log(`  ${s.name.padEnd(44)} http p50 ${round(summarizeLatencies(latencies).p50, 2)} ms p99 ${round(summarizeLatencies(latencies).p99, 2)} ms; worst query p99 ${round(worst, 2)} ms (${perStatement.length} statements)`);
}

{
  const stmts = [...statements.values()].filter((x) => x.scenario === BACKGROUND && x.samples.length);
  if (stmts.length) {
    const perStatement = stmts.map((x) => ({ text: x.text, values: x.values, ...summarizeLatencies(x.samples) }));
    const worst = perStatement.reduce((m, x) => Math.max(m, x.p99), 0);
    const all = summarizeLatencies(stmts.flatMap((x) => x.samples));
    results.push({ name: BACKGROUND, target: false, runs: all.count, http: { p50: NaN, p99: NaN }, statements: perStatement, worstQueryP99: round(worst, 2) });
  }
}

// ---------------------------------------------------------------------------------------------- plans
const SKIP = /^\s*(begin|commit|rollback|set |savepoint|release)/i;
let plansText = `# EXPLAIN (ANALYZE, BUFFERS) of every statement the scenarios sent (${new Date().toISOString()})\n# data: ${JSON.stringify(have)}\n`;
for (const r of results) {
  for (const st of r.statements) {
    if (SKIP.test(st.text)) continue;
    const isSelect = /^\s*(select|with)\b/i.test(st.text);
    let plan;
    try {
      if (!isSelect) await db.query('begin');
      const { rows } = await db.query(`explain (analyze, buffers) ${st.text}`, st.values ?? []);
      plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    } catch (e) {
      plan = `(explain failed: ${e.message})`;
    } finally {
      if (!isSelect) await db.query('rollback').catch(() => {});
    }
    const seqScans = [...plan.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1]).filter((t) => BIG_TABLES.includes(t));
    const indexes = [...new Set([...plan.matchAll(/(?:Index Only Scan|Index Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (\w+)/g)].map((m) => m[1]))];
    const execMs = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN);
    st.plan = { seqScans: [...new Set(seqScans)], indexes, executionMs: execMs };
    plansText += `\n## ${r.name}  (query p99 ${st.p99} ms over ${st.count} runs)\n${st.text}\n-- params: ${JSON.stringify(st.values ?? [])}\n${plan}\n`;
  }
}
const plansFile = saveText('scale-plans-latest.txt', plansText);

// ---------------------------------------------------------------------------------------------- proposed rewrites
// The same answers with the rewrites the README proposes, sent directly (no app), RUNS times each, with their plans.
// An index a rewrite needs is created inside a transaction that is rolled back: the schema is not changed.
const someBike = (await pick(`select id, brand, cc, price_per_hour_cents as price from bikes where lower(brand) = 'honda' limit 1`))[0];
const LIST_COLUMNS = 'id, name, description, image_url, price_per_hour_cents, currency, cc, year, model, brand, is_available, created_at, updated_at, deleted_at';
const SEARCH = `(lower(name) like $1 or lower(brand) like $1 or lower(model) like $1)`;
const CC_CLASS = (c) => `case when ${c} = 0 then 0 when ${c} <= 125 then 1 when ${c} <= 250 then 2 when ${c} <= 500 then 3 when ${c} <= 900 then 4 else 5 end`;
const PROPOSED = [
  { name: 'page 1 without the window count', sql: `select ${LIST_COLUMNS} from bikes where deleted_at is null order by created_at, id limit 10` },
  { name: 'count of all (index-only scan)', sql: `select count(*) from bikes where deleted_at is null` },
  {
    name: 'last page, deferred join (offset 99,990)',
    sql: `select b.* from (select id, created_at from bikes where deleted_at is null order by created_at, id limit 10 offset ${N_BIKES - 10}) p join bikes b using (id) order by p.created_at, p.id`,
  },
  { name: 'brand filter: page', sql: `select ${LIST_COLUMNS} from bikes where deleted_at is null and lower(brand) like $1 order by created_at, id limit 10`, params: ['%honda%'] },
  { name: 'brand filter: count', sql: `select count(*) from bikes where deleted_at is null and lower(brand) like $1`, params: ['%honda%'] },
  { name: 'search (10%): page', sql: `select ${LIST_COLUMNS} from bikes where deleted_at is null and ${SEARCH} order by created_at, id limit 10`, params: ['%ninja%'] },
  { name: 'search (10%): count', sql: `select count(*) from bikes where deleted_at is null and ${SEARCH}`, params: ['%ninja%'] },
  {
    name: 'related: same brand only (when it has >= 8 others) + index on lower(brand)',
    index: `create index if not exists bikes_brand_lower_idx on bikes (lower(brand)) where deleted_at is null`,
    sql: `select ${LIST_COLUMNS} from bikes where deleted_at is null and lower(brand) = lower($1) and id <> $2
          order by (${CC_CLASS('cc')} = ${CC_CLASS('$3::int')}) desc, abs(price_per_hour_cents - $4::int), abs(cc - $3::int), created_at, id limit 8`,
    params: [someBike.brand, someBike.id, someBike.cc, someBike.price],
  },
];
const proposed = [];
for (const p of PROPOSED) {
  await db.query('begin');
  try {
    if (p.index) await db.query(p.index);
    if (p.index) await db.query('analyze bikes');
    for (let i = 0; i < 5; i++) await db.query(p.sql, p.params ?? []);
    const samples = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await db.query(p.sql, p.params ?? []);
      samples.push(performance.now() - t0);
    }
    const { rows } = await db.query(`explain (analyze, buffers) ${p.sql}`, p.params ?? []);
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    const s = summarizeLatencies(samples);
    proposed.push({ name: p.name, p50: round(s.p50, 2), p99: round(s.p99, 2), index: p.index ?? null, plan });
    plansText += `\n## PROPOSED: ${p.name}  (p99 ${round(s.p99, 2)} ms over ${RUNS} runs)\n${p.index ? `-- with: ${p.index}\n` : ''}${p.sql}\n-- params: ${JSON.stringify(p.params ?? [])}\n${plan}\n`;
  } finally {
    await db.query('rollback');
  }
}
saveText('scale-plans-latest.txt', plansText);

// Leave the data as generated: drop the bookings this run made (their payments cascade).
await db.query(
  `delete from rentals where created_at >= $1 and user_id = (select id from users where email = $2)`,
  [benchStarted, API_USER_EMAIL],
);

await db.end();
await server.app.close();

// ---------------------------------------------------------------------------------------------- report
const rows = results.map((r) => {
  const seq = [...new Set(r.statements.flatMap((s) => s.plan?.seqScans ?? []))];
  const idx = [...new Set(r.statements.flatMap((s) => s.plan?.indexes ?? []))];
  return [
    r.name,
    r.target ? 'yes' : 'info',
    Number.isNaN(r.http.p50) ? '-' : round(r.http.p50, 2),
    Number.isNaN(r.http.p99) ? '-' : round(r.http.p99, 2),
    r.worstQueryP99,
    r.target ? (r.worstQueryP99 < TARGET_MS ? 'MET' : 'MISSED') : '-',
    idx.join(', ') || '-',
    seq.length ? `Seq Scan on ${seq.join(', ')}` : '-',
  ];
});
log(`\n${RUNS} runs per scenario (fewer where noted), one request at a time; times in ms.`);
log(table(['scenario', 'target', 'HTTP p50', 'HTTP p99', 'worst query p99', `< ${TARGET_MS} ms`, 'indexes used', 'full scans'], rows));
log('\nProposed rewrites (sent directly, same data; see the README):');
log(table(['statement', 'p50 ms', 'p99 ms', `< ${TARGET_MS} ms`], proposed.map((p) => [p.name, p.p50, p.p99, p.p99 < TARGET_MS ? 'yes' : 'no'])));
log(`\nplans: ${plansFile}`);
const file = saveResult('scale', { when: new Date().toISOString(), machine: machine(), data: have, runs: RUNS, targetMs: TARGET_MS, results, proposed });
log(`saved ${file}`);
process.exit(0);
