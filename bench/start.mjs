/* global AbortSignal */
// npm run bench:start
//
// Cold start with the embedded database, as an operator runs it: spawn `node dist/src/main.js` (NODE_ENV=production)
// and time until `GET /` answers 200 (polling every 10 ms), and until /api/health/ready does.
//   first start:  a fresh DATA_DIR: PGlite creates the cluster, the migrations run, the demo data is seeded;
//   later starts: the same DATA_DIR again after a clean stop (SIGTERM): open the cluster, nothing to migrate.
// Settings: BENCH_FIRST_STARTS (3), BENCH_LATER_STARTS (5), BENCH_DEMO_MODE (true).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, describeMachine, envNumber, machine, median, requireBuild, round, saveResult, table } from './lib/common.mjs';

const FIRST = envNumber('BENCH_FIRST_STARTS', 3);
const LATER = envNumber('BENCH_LATER_STARTS', 5);
const DEMO = process.env.BENCH_DEMO_MODE ?? 'true';

requireBuild('dist/ssr/entry-server.js', 'dist/client/.vite/manifest.json');

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

async function ok(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

/** One start: ms from spawn to `GET /` 200, to readiness 200, the server's own "ready in" figure; then SIGTERM. */
async function start(dataDir) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let out = '';
  const t0 = performance.now();
  const child = spawn(process.execPath, [join(ROOT, 'dist/src/main.js')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_MODE: DEMO, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  let pageMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${out}`);
    if (await ok(`${base}/`)) {
      pageMs = performance.now() - t0;
      break;
    }
    if (performance.now() - t0 > 120_000) {
      child.kill('SIGKILL');
      throw new Error(`no page within 120 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  const readyOk = await ok(`${base}/api/health/ready`);
  // Second page: warm process, for comparison with the first (cold) render.
  const t1 = performance.now();
  await ok(`${base}/`);
  const secondPageMs = performance.now() - t1;
  const readyIn = Number(/ready in (\d+) ms/.exec(out)?.[1] ?? NaN);
  const seededIn = Number(/demo data seeded in (\d+) ms/.exec(out)?.[1] ?? NaN);
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) throw new Error(`server exited with ${code} after SIGTERM:\n${out}`);
  return { pageMs: round(pageMs, 0), listenReadyMs: readyIn, seededMs: Number.isNaN(seededIn) ? null : seededIn, secondPageMs: round(secondPageMs, 1), readyOk };
}

console.log(describeMachine());
console.log(`bench:start  ${FIRST} first starts (fresh DATA_DIR), ${LATER} later starts (same DATA_DIR), DEMO_MODE=${DEMO}`);
const first = [];
const later = [];
const dirs = [];
try {
  for (let i = 0; i < FIRST; i++) {
    const dir = mkdtempSync(join(tmpdir(), 'okb-start-'));
    dirs.push(dir);
    const r = await start(dir);
    first.push(r);
    console.log(`  first start ${i + 1}: GET / 200 after ${r.pageMs} ms (server ready in ${r.listenReadyMs} ms, demo data ${r.seededMs} ms)`);
  }
  for (let i = 0; i < LATER; i++) {
    const r = await start(dirs[0]);
    later.push(r);
    console.log(`  later start ${i + 1}: GET / 200 after ${r.pageMs} ms (server ready in ${r.listenReadyMs} ms)`);
  }
} finally {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}

const stats = (list, key) => ({ median: median(list.map((r) => r[key])), min: Math.min(...list.map((r) => r[key])), max: Math.max(...list.map((r) => r[key])) });
const summary = {
  first: { page: stats(first, 'pageMs'), listenReady: stats(first, 'listenReadyMs'), seeded: stats(first, 'seededMs'), secondPage: stats(first, 'secondPageMs') },
  later: { page: stats(later, 'pageMs'), listenReady: stats(later, 'listenReadyMs'), secondPage: stats(later, 'secondPageMs') },
};
console.log('\nmilliseconds (median, min-max):');
const cell = (s) => (s.median === null || Number.isNaN(s.median) ? '-' : `${s.median} (${s.min}-${s.max})`);
console.log(
  table(
    ['start', 'spawn -> GET / 200', 'listening ("ready in")', 'demo data seeded', 'next GET / (warm)'],
    [
      ['first (fresh DATA_DIR: migrations + demo data)', cell(summary.first.page), cell(summary.first.listenReady), cell(summary.first.seeded), cell(summary.first.secondPage)],
      ['later (same DATA_DIR)', cell(summary.later.page), cell(summary.later.listenReady), '-', cell(summary.later.secondPage)],
    ],
  ),
);
const file = saveResult('start', { when: new Date().toISOString(), machine: machine(), settings: { demoMode: DEMO }, summary, first, later });
console.log(`\nsaved ${file}`);
