/* global Request, Response, setImmediate */
// npm run bench:pages
//
// Server-rendered pages (/, /allbikes, a bike page) through the whole HTTP path, against the renderer alone:
//   http      GET <page> from a load generator in a child process: Express, helmet/CSP nonce, cookie and session
//             lookup, the route loaders calling the API on loopback, React render, template fill, response.
//   render    the built renderer (dist/ssr/entry-server.js render()) called in a loop in the server process,
//             loaders calling the same warm API on loopback: the HTTP path minus the page request itself.
//   pure      the same render() with the same data but NO HTTP at all: the loaders' API answers were recorded
//             once and are replayed from memory (globalThis.fetch replaced while this phase runs). This is the
//             "React render of the same page tree with the same data in a loop" baseline.
//   local     the same render() as the server calls it since issue 13: loaders read the API in-process
//             (src/ssr/local-api.ts), no loopback: the uncached render.
//   hello     GET /api/bench/hello, the bare Nest route, in the same process: anonymous pages (served from the page
//             cache after the first) are compared with it (target >= 0.5 x).
// After the rounds: 50 concurrent anonymous visitors of each page (TTFB median, target < 100 ms) and a signed-in admin's
// dashboard pages at 10 connections (never cached; TTFB p99 target <= 150 ms).
// Each phase runs BENCH_CONNECTIONS requests/renders at a time for the same duration; rounds alternate; medians.
// The ratio http/pure is the share of the renderer's own throughput the whole server keeps (target >= 0.5);
// TTFB p99 is measured by the load generator at 10 connections (target < 50 ms).
//
// Settings: BENCH_DATABASE_URL (okb_bench, EMPTIED), BENCH_CONNECTIONS (10), BENCH_DURATION_MS (6000),
// BENCH_WARMUP_MS (1500), BENCH_ROUNDS (3), BENCH_ACCEPT_ENCODING (unset: identity; e.g. "br, gzip" to include
// compression like a browser), BENCH_CPU_PROF=1 (profile of the http phase).
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  ADMIN,
  BENCH_DATABASE_URL,
  login,
  ROOT,
  RESULTS_DIR,
  ensureDatabase,
  envNumber,
  insertBikes,
  machine,
  median,
  requireBuild,
  round,
  saveResult,
  sqlClient,
  startApp,
  summarizeLatencies,
  table,
  truncateAll,
  describeMachine,
} from './lib/common.mjs';
import { runLoad } from './lib/load.mjs';
import { byPackage, topFrames } from './lib/profile.mjs';

const CONNECTIONS = envNumber('BENCH_CONNECTIONS', 10);
const DURATION_MS = envNumber('BENCH_DURATION_MS', 6000);
const WARMUP_MS = envNumber('BENCH_WARMUP_MS', 1500);
const ROUNDS = envNumber('BENCH_ROUNDS', 3);
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING;

requireBuild('dist/ssr/entry-server.js', 'dist/client/.vite/manifest.json');
await ensureDatabase(BENCH_DATABASE_URL);

const server = await startApp({ env: { DATABASE_URL: BENCH_DATABASE_URL }, ssr: true, hello: true });
const { createLocalApiFactory } = await import(pathToFileURL(join(ROOT, 'dist/src/ssr/local-api.js')).href);
const localApi = createLocalApiFactory(server.app);
const db = await sqlClient();
await truncateAll(db);
// The operator admin (ADMIN_EMAIL) was created at start and went with the truncate: create it again for the
// signed-in dashboard pages.
await server.app.get((await import(pathToFileURL(join(ROOT, 'dist/src/modules/auth/auth.service.js')).href)).AuthService).ensureOperatorAdmin();
await insertBikes(db, 120, { quantity: 5 });
await db.query('analyze');
const { rows: [bike] } = await db.query('select id from bikes order by created_at limit 1 offset 3');
await db.end();

const entry = await import(pathToFileURL(join(ROOT, 'dist/ssr/entry-server.js')).href);
const PAGES = ['/', '/allbikes', `/bike/${bike.id}`];

const renderOptions = (path, local = false) => ({
  request: new Request(new URL(path, server.baseUrl), { method: 'GET' }),
  user: null,
  nonce: 'bench-nonce',
  demoAccounts: null,
  sandboxPayments: false,
  apiBase: server.baseUrl,
  localApi: local ? localApi({}) : undefined, // an anonymous caller, as the server passes one
  cookie: undefined,
  theme: 'light',
});

// Record what each page's loaders ask the API for (and the answers), for the pure phase.
const realFetch = globalThis.fetch;
const recorded = new Map();
globalThis.fetch = async (input, init) => {
  const res = await realFetch(input, init);
  const body = await res.text();
  recorded.set(String(input instanceof Request ? input.url : input), { status: res.status, headers: [...res.headers], body });
  return new Response(body, { status: res.status, headers: res.headers });
};
const sanity = {};
for (const path of PAGES) {
  const result = await entry.render(renderOptions(path));
  const http = await realFetch(`${server.baseUrl}${path}`);
  const text = await http.text();
  sanity[path] = { renderStatus: result.status, httpStatus: http.status, bytes: text.length };
  if (result.status !== 200 || http.status !== 200) throw new Error(`${path}: render ${result.status}, http ${http.status}`);
}
globalThis.fetch = realFetch;
const replayFetch = async (input) => {
  const hit = recorded.get(String(input instanceof Request ? input.url : input));
  if (!hit) throw new Error(`pure render asked for an unrecorded URL: ${input}`);
  return new Response(hit.body, { status: hit.status, headers: hit.headers });
};
console.log(`bench:pages  loader API calls recorded: ${recorded.size} (${[...recorded.keys()].map((u) => new URL(u).pathname).join(', ') || 'none'})`);

/** `concurrency` render loops for warmup + duration; renders/s and latency over the measured window. */
async function renderLoop(path, { pure, local = false }) {
  // The API answers a render got other than 2xx (or a fetch that threw): named when a render fails.
  const apiFailures = [];
  if (pure) globalThis.fetch = replayFetch;
  else {
    globalThis.fetch = async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      try {
        const res = await realFetch(input, init);
        if (!res.ok) apiFailures.push(`${res.status} ${new URL(url).pathname}`);
        return res;
      } catch (error) {
        apiFailures.push(`${error?.name ?? 'Error'} ${error?.cause?.code ?? error?.message} ${new URL(url).pathname}`);
        throw error;
      }
    };
  }
  try {
    let recording = false;
    let stop = false;
    const latencies = [];
    let count = 0;
    const loop = async () => {
      while (!stop) {
        const t0 = performance.now();
        const result = await entry.render(renderOptions(path, local));
        if (result.status !== 200) throw new Error(`render ${path}: ${result.status}; API calls that failed: ${apiFailures.slice(-5).join(', ') || 'none'}; loaders: ${(result.loaderErrors ?? []).join('; ') || 'none'}`);
        if (recording) {
          latencies.push(performance.now() - t0);
          count++;
        }
        // A render with no I/O resolves in microtasks only: yield, or the timers ending the phase never fire.
        await new Promise((r) => setImmediate(r));
      }
    };
    const loops = Array.from({ length: CONNECTIONS }, loop);
    await new Promise((r) => setTimeout(r, WARMUP_MS));
    recording = true;
    const started = performance.now();
    await new Promise((r) => setTimeout(r, DURATION_MS));
    recording = false;
    const seconds = (performance.now() - started) / 1000;
    stop = true;
    await Promise.all(loops);
    return { rps: round(count / seconds, 1), latencyMs: summarizeLatencies(latencies) };
  } finally {
    globalThis.fetch = realFetch;
  }
}

let session;
if (process.env.BENCH_CPU_PROF) {
  session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
}

console.log(describeMachine());
console.log(`bench:pages  ${CONNECTIONS} connections, ${DURATION_MS} ms each (+${WARMUP_MS} ms warm-up), ${ROUNDS} rounds, accept-encoding: ${ACCEPT_ENCODING ?? 'identity'}`);
const rounds = [];
for (let r = 0; r < ROUNDS; r++) {
  const results = {};
  results.hello = await runLoad({ url: server.baseUrl, connections: CONNECTIONS, durationMs: DURATION_MS, warmupMs: WARMUP_MS, requests: [{ path: '/api/bench/hello' }] });
  console.log(`  round ${r + 1} ${'GET /api/bench/hello'.padEnd(48)} http ${String(results.hello.rps).padStart(7)}/s (TTFB p99 ${results.hello.ttfbMs.p99} ms)`);
  for (const path of PAGES) {
    const http = await runLoad({
      url: server.baseUrl,
      connections: CONNECTIONS,
      durationMs: DURATION_MS,
      warmupMs: WARMUP_MS,
      requests: [{ path, headers: { accept: 'text/html', ...(ACCEPT_ENCODING ? { 'accept-encoding': ACCEPT_ENCODING } : {}) } }],
    });
    const render = await renderLoop(path, { pure: false });
    const pure = await renderLoop(path, { pure: true });
    const local = await renderLoop(path, { pure: false, local: true });
    results[path] = { http, render, pure, local };
    console.log(
      `  round ${r + 1} ${path.padEnd(48)} http ${String(http.rps).padStart(7)}/s (TTFB p99 ${http.ttfbMs.p99} ms, ${JSON.stringify(http.statuses)})` +
        `  render ${String(render.rps).padStart(7)}/s  pure ${String(pure.rps).padStart(7)}/s  in-process ${String(local.rps).padStart(7)}/s`,
    );
  }
  rounds.push(results);
}

// 50 anonymous visitors at once, per page; then a signed-in admin's dashboard pages (rendered per request).
const crowd = {};
for (const path of PAGES) {
  crowd[path] = await runLoad({ url: server.baseUrl, connections: 50, durationMs: DURATION_MS, warmupMs: WARMUP_MS, requests: [{ path, headers: { accept: 'text/html' } }] });
  console.log(`  50 visitors ${path.padEnd(40)} ${crowd[path].rps}/s  TTFB p50 ${crowd[path].ttfbMs.p50} ms  p99 ${crowd[path].ttfbMs.p99} ms`);
}
const adminToken = await login(server.baseUrl, ADMIN.email, ADMIN.password);
const DASHBOARD_PAGES = ['/dashboard', '/dashboard/allbikes'];
const signedIn = {};
for (const path of DASHBOARD_PAGES) {
  signedIn[path] = await runLoad({
    url: server.baseUrl,
    connections: CONNECTIONS,
    durationMs: DURATION_MS,
    warmupMs: WARMUP_MS,
    requests: [{ path, headers: { accept: 'text/html', cookie: `okb_token=${adminToken}` } }],
  });
  console.log(`  signed in ${path.padEnd(42)} ${signedIn[path].rps}/s  TTFB p50 ${signedIn[path].ttfbMs.p50} ms  p99 ${signedIn[path].ttfbMs.p99} ms  ${JSON.stringify(signedIn[path].statuses)}`);
}

// BENCH_CPU_PROF: one more http phase per page under the profiler, after the measured rounds (not counted).
let profile;
if (session) {
  profile = { perPage: {} };
  const profiled = [...PAGES.map((path) => ({ path, headers: { accept: 'text/html' } })), ...DASHBOARD_PAGES.map((path) => ({ path, headers: { accept: 'text/html', cookie: `okb_token=${adminToken}` } }))];
  for (const { path, headers } of profiled) {
    await session.post('Profiler.start');
    await runLoad({ url: server.baseUrl, connections: CONNECTIONS, durationMs: Math.min(DURATION_MS, 5000), warmupMs: WARMUP_MS, requests: [{ path, headers }] });
    const { profile: p } = await session.post('Profiler.stop');
    const file = join(RESULTS_DIR, `pages-${path === '/' ? 'home' : path.split('/').filter(Boolean).join('-')}-${Date.now()}.cpuprofile`);
    writeFileSync(file, JSON.stringify(p));
    profile.perPage[path] = { file, byPackage: byPackage(p, 12), top: topFrames(p, 20) };
  }
  session.disconnect();
}
await server.app.close();

const summary = {};
for (const path of PAGES) {
  const per = rounds.map((r) => r[path]);
  summary[path] = {
    httpRps: median(per.map((p) => p.http.rps)),
    renderRps: median(per.map((p) => p.render.rps)),
    pureRps: median(per.map((p) => p.pure.rps)),
    localRps: median(per.map((p) => p.local.rps)),
    httpVsHello: round(median(rounds.map((r) => r[path].http.rps / r.hello.rps)), 3),
    crowdTtfbP50: crowd[path].ttfbMs.p50,
    httpVsPure: round(median(per.map((p) => p.http.rps / p.pure.rps)), 3),
    httpVsRender: round(median(per.map((p) => p.http.rps / p.render.rps)), 3),
    ttfbP50: median(per.map((p) => p.http.ttfbMs.p50)),
    ttfbP99: median(per.map((p) => p.http.ttfbMs.p99)),
    pureP99: median(per.map((p) => p.pure.latencyMs.p99)),
    bytes: sanity[path].bytes,
    non2xx: per.reduce((s, p) => s + Object.entries(p.http.statuses).filter(([k]) => Number(k) >= 300).reduce((a, [, v]) => a + v, 0), 0),
  };
}
const targets = Object.fromEntries(
  PAGES.map((p) => [
    p,
    {
      ratio: { target: '>= 0.5 x bare Nest route', value: summary[p].httpVsHello, met: summary[p].httpVsHello >= 0.5 },
      crowd: { target: '50 visitors: TTFB median < 100 ms', value: summary[p].crowdTtfbP50, met: summary[p].crowdTtfbP50 < 100 },
      ttfbP99: { target: '< 50 ms at 10 connections', value: summary[p].ttfbP99, met: summary[p].ttfbP99 < 50 },
    },
  ]),
);

console.log('\nMedian of the rounds:');
console.log(
  table(
    ['page', 'http req/s', 'http / hello', 'TTFB p50 ms', 'TTFB p99 ms', '50 visitors TTFB p50', 'render()/s in-process', 'render()/s loopback API', 'pure render()/s', 'HTML bytes'],
    PAGES.map((p) => {
      const s = summary[p];
      return [p, s.httpRps, s.httpVsHello, s.ttfbP50, s.ttfbP99, s.crowdTtfbP50, s.localRps, s.renderRps, s.pureRps, s.bytes];
    }),
  ),
);
console.log(`hello: ${median(rounds.map((r) => r.hello.rps))}/s`);
for (const p of PAGES) {
  console.log(
    `${p}: ratio ${targets[p].ratio.met ? 'MET' : 'MISSED'} (${targets[p].ratio.value}), TTFB p99 ${targets[p].ttfbP99.met ? 'MET' : 'MISSED'} (${targets[p].ttfbP99.value} ms), ` +
      `50 visitors ${targets[p].crowd.met ? 'MET' : 'MISSED'} (${targets[p].crowd.value} ms)`,
  );
}
for (const p of DASHBOARD_PAGES) {
  console.log(`signed in ${p}: TTFB p99 ${signedIn[p].ttfbMs.p99 <= 150 ? 'MET' : 'MISSED'} (${signedIn[p].ttfbMs.p99} ms; p50 ${signedIn[p].ttfbMs.p50} ms)`);
}
if (profile) {
  for (const [p, v] of Object.entries(profile.perPage)) {
    console.log(`\nhttp phase profile of ${p}, by package:`);
    console.log(table(['self %', 'package'], v.byPackage.map((g) => [g.selfPercent, g.group])));
    console.log(table(['self %', 'function', 'where'], v.top.map((f) => [f.selfPercent, f.name, f.url])));
  }
}

const file = saveResult('pages', {
  when: new Date().toISOString(),
  machine: machine(),
  settings: { connections: CONNECTIONS, durationMs: DURATION_MS, warmupMs: WARMUP_MS, rounds: ROUNDS, acceptEncoding: ACCEPT_ENCODING ?? 'identity', database: 'PostgreSQL' },
  loaderCalls: [...recorded.keys()],
  summary,
  targets,
  crowd,
  signedIn,
  rounds,
  profile,
});
console.log(`\nsaved ${file}`);
process.exit(0);
