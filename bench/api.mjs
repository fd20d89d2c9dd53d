// npm run bench:api
//
// The API's real routes (guards, validation, PostgreSQL) against a bare Nest "hello" route in the SAME process,
// at the same number of connections for the same duration, alternated ROUNDS times; ratios per round, median.
// The server runs here (the built app, dist/src/app.factory.js); the load generator runs in a child process.
//
// Settings (environment): BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/okb_bench, created when
// missing, EMPTIED by this script), BENCH_CONNECTIONS (10), BENCH_DURATION_MS (8000), BENCH_WARMUP_MS (1500),
// BENCH_ROUNDS (3), BENCH_BIKES (1000), BENCH_SCENARIOS (hello,raw,list,detail,me,book), BENCH_CPU_PROF=1 (V8 CPU profiles of the server, one per route, in bench/results/, top frames printed).
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BENCH_DATABASE_URL,
  RESULTS_DIR,
  createUsers,
  ensureDatabase,
  envNumber,
  addUnits,
  insertBikes,
  machine,
  median,
  requireBuild,
  round,
  saveResult,
  sqlClient,
  startApp,
  table,
  truncateAll,
  describeMachine,
} from './lib/common.mjs';
import { backendPids, startCpuMeter } from './lib/cpu.mjs';
import { runLoad } from './lib/load.mjs';
import { byPackage, topFrames } from './lib/profile.mjs';

const CONNECTIONS = envNumber('BENCH_CONNECTIONS', 10);
const DURATION_MS = envNumber('BENCH_DURATION_MS', 8000);
const WARMUP_MS = envNumber('BENCH_WARMUP_MS', 1500);
const ROUNDS = envNumber('BENCH_ROUNDS', 3);
const BIKES = envNumber('BENCH_BIKES', 1000);
const USERS = 20;

requireBuild();
await ensureDatabase(BENCH_DATABASE_URL);

// The app applies the migrations on start; then the bench empties the tables and fills its own data.
const server = await startApp({
  env: { DATABASE_URL: BENCH_DATABASE_URL, DATABASE_POOL_SIZE: '10', MAX_PENDING_BOOKINGS: '1000', BOOKING_RATE_LIMIT: '1000000' },
  hello: true,
});
const db = await sqlClient();
await truncateAll(db);
await insertBikes(db, BIKES, { quantity: 5 });
// Bikes for the booking scenario: stock that never runs out during the run (2,000 more units each). They are not
// among the listing's first pages: a listed bike's stock is counted from its units, and a page of ten 2,005-unit
// bikes (not a shop's fleet) measured 16 ms of PostgreSQL CPU per listing instead of the query's own cost.
const { rows: bookRows } = await db.query('select id from bikes order by created_at offset 500 limit 50');
await addUnits(db, bookRows.map((r) => r.id), 2000);
await db.query('analyze');
const { rows: bikeRows } = await db.query('select id from bikes order by created_at limit 200');
const bikeIds = bikeRows.map((r) => r.id);
const bookBikeIds = bookRows.map((r) => r.id);
// The admin account is created at start (ADMIN_EMAIL) and emptied with the tables: start once more is not needed,
// the users are created through the API.
const users = await createUsers(server.baseUrl, USERS);

const startTime = new Date(Date.now() + 24 * 3600_000).toISOString();
const SCENARIOS = {
  hello: { label: 'GET /api/bench/hello (bare Nest route)', requests: [{ path: '/api/bench/hello' }] },
  raw: {
    label: 'GET /api/bench/raw-bikes (bare route + the same SELECT via pg, no ORM/DTO)',
    requests: [{ path: '/api/bench/raw-bikes' }],
  },
  list: { label: 'GET /api/bikes?page=1&limit=10', requests: [{ path: '/api/bikes?page=1&limit=10' }] },
  detail: {
    label: 'GET /api/bikes/{id}',
    requests: bikeIds.slice(0, 100).map((id) => ({ path: `/api/bikes/${id}` })),
  },
  me: {
    label: 'GET /api/users/me (JWT verified, user read)',
    requests: users.map((u) => ({ path: '/api/users/me', headers: { authorization: `Bearer ${u.token}` } })),
  },
  book: {
    label: 'POST /api/rentals (transaction: stock, rental, fee payment)',
    requests: users.flatMap((u, i) =>
      bookBikeIds.map((_, j) => ({
        method: 'POST',
        path: '/api/rentals',
        headers: { authorization: `Bearer ${u.token}` },
        body: { bikeId: bookBikeIds[(i * 7 + j) % bookBikeIds.length], startTime, quantity: 1 },
      })),
    ),
  },
};

// Sanity: each scenario answers what it should before it is measured.
for (const [name, s] of Object.entries(SCENARIOS)) {
  const r = s.requests[0];
  const res = await fetch(`${server.baseUrl}${r.path}`, {
    method: r.method ?? 'GET',
    headers: { ...(r.headers ?? {}), ...(r.body ? { 'content-type': 'application/json' } : {}) },
    body: r.body ? JSON.stringify(r.body) : undefined,
  });
  const expected = name === 'book' ? 201 : 200;
  if (res.status !== expected) throw new Error(`${name}: expected ${expected}, got ${res.status} ${await res.text()}`);
}

let session;
if (process.env.BENCH_CPU_PROF) {
  session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
}
// With BENCH_CPU_PROF, the server is profiled during each scenario of the last round (one profile per route).
const profiles = {};

const order = (process.env.BENCH_SCENARIOS ?? 'hello,raw,list,detail,me,book').split(',').filter((n) => SCENARIOS[n]);
if (!order.includes('hello')) order.unshift('hello');
const rounds = [];
console.log(describeMachine());
console.log(`bench:api  ${CONNECTIONS} connections, ${DURATION_MS} ms each (+${WARMUP_MS} ms warm-up), ${ROUNDS} rounds`);
// The measured rounds, then (BENCH_CPU_PROF) one more round under the profiler, not counted in the figures.
for (let round_ = 0; round_ < ROUNDS + (session ? 1 : 0); round_++) {
  const profiling = round_ === ROUNDS;
  const results = {};
  for (const name of order) {
    if (profiling) await session.post('Profiler.start');
    const meter = startCpuMeter();
    const r = await runLoad({
      url: server.baseUrl,
      connections: CONNECTIONS,
      durationMs: profiling ? Math.min(DURATION_MS, 5000) : DURATION_MS,
      warmupMs: WARMUP_MS,
      requests: SCENARIOS[name].requests,
    });
    const cpu = meter(await backendPids(db));
    if (profiling) {
      const { profile: p } = await session.post('Profiler.stop');
      const file = join(RESULTS_DIR, `api-${name}-${Date.now()}.cpuprofile`);
      writeFileSync(file, JSON.stringify(p));
      profiles[name] = { file, byPackage: byPackage(p, 12), top: topFrames(p, 20) };
      continue;
    }
    // CPU milliseconds per request (the warm-up included on both sides of the division).
    r.cpuPerRequestMs = {
      server: round(cpu.serverMs / r.allRequests, 3),
      postgres: round(cpu.postgresMs / r.allRequests, 3),
      loadGenerator: round(r.cpuMs / r.allRequests, 3),
    };
    results[name] = r;
    console.log(
      `  round ${round_ + 1} ${name.padEnd(6)} ${String(r.rps).padStart(8)} req/s  p50 ${r.latencyMs.p50} ms  p99 ${r.latencyMs.p99} ms  cpu/req server ${r.cpuPerRequestMs.server} pg ${r.cpuPerRequestMs.postgres} load ${r.cpuPerRequestMs.loadGenerator} ms  ${JSON.stringify(r.statuses)}${r.errors ? ` errors ${r.errors}` : ''}`,
    );
  }
  if (!profiling) rounds.push(results);
}

session?.disconnect();

const { rows: [{ rentals }] } = await db.query('select count(*)::int as rentals from rentals');
await db.end();
await server.app.close();

const summary = {};
for (const name of order) {
  const perRound = rounds.map((r) => r[name]);
  summary[name] = {
    label: SCENARIOS[name].label,
    rps: median(perRound.map((r) => r.rps)),
    p50: median(perRound.map((r) => r.latencyMs.p50)),
    p99: median(perRound.map((r) => r.latencyMs.p99)),
    throughputVsHello: round(median(rounds.map((r) => r[name].rps / r.hello.rps)), 3),
    p99VsHello: round(median(rounds.map((r) => r[name].latencyMs.p99 / r.hello.latencyMs.p99)), 2),
    cpuPerRequestMs: {
      server: median(perRound.map((r) => r.cpuPerRequestMs.server)),
      postgres: median(perRound.map((r) => r.cpuPerRequestMs.postgres)),
      loadGenerator: median(perRound.map((r) => r.cpuPerRequestMs.loadGenerator)),
    },
    non2xx: perRound.reduce((s, r) => s + Object.entries(r.statuses).filter(([k]) => Number(k) >= 300).reduce((a, [, v]) => a + v, 0), 0),
    errors: perRound.reduce((s, r) => s + r.errors, 0),
  };
}
const targets = !summary.list ? {} : {
  listThroughput: { target: '>= 0.6 x hello', value: summary.list.throughputVsHello, met: summary.list.throughputVsHello >= 0.6 },
  listP99: { target: '<= 3 x hello p99', value: summary.list.p99VsHello, met: summary.list.p99VsHello <= 3 },
};

const rows = order.map((n) => [
  summary[n].label,
  summary[n].rps,
  summary[n].p50,
  summary[n].p99,
  n === 'hello' ? '1' : summary[n].throughputVsHello,
  n === 'hello' ? '1' : summary[n].p99VsHello,
  summary[n].cpuPerRequestMs.server,
  summary[n].cpuPerRequestMs.postgres,
]);
console.log('\nMedian of the rounds (ratios are per-round ratios, then the median):');
console.log(table(['route', 'req/s', 'p50 ms', 'p99 ms', 'req/s vs hello', 'p99 vs hello', 'server CPU ms/req', 'PostgreSQL CPU ms/req'], rows));
if (summary.list) console.log(`\nlist throughput ${targets.listThroughput.value} (target >= 0.6): ${targets.listThroughput.met ? 'MET' : 'MISSED'}`);
if (summary.list) console.log(`list p99 ${targets.listP99.value} x hello (target <= 3): ${targets.listP99.met ? 'MET' : 'MISSED'}`);
console.log(`rentals created during the run: ${rentals}`);
for (const [name, p] of Object.entries(profiles)) {
  console.log(`\nCPU profile of the server during ${name} (${p.file}), self time by package:`);
  console.log(table(['self %', 'package'], p.byPackage.map((g) => [g.selfPercent, g.group])));
  console.log(table(['self %', 'function', 'where'], p.top.map((f) => [f.selfPercent, f.name, f.url])));
}

const file = saveResult('api', {
  when: new Date().toISOString(),
  machine: machine(),
  settings: { connections: CONNECTIONS, durationMs: DURATION_MS, warmupMs: WARMUP_MS, rounds: ROUNDS, bikes: BIKES, database: 'PostgreSQL', pool: 10 },
  summary,
  targets,
  rounds,
  profiles,
});
console.log(`\nsaved ${file}`);
process.exit(0);
