// How fast the admin dashboard feels (issue 14 item 13), in Debian's headless Chromium against the production build:
//   - chart:  click on the Dashboard menu item (from Add Bike, a fresh browser) -> the first chart bar is on screen;
//   - toggle: click on 'Show Past Week' -> the signups chart shows the 7 days;
//   - error:  the dashboard summary API answering 500 (route interception), click on the menu item -> 'Error loading data.'.
// Each is timed inside the page (the click event's timeStamp to the first animation frame that has the result), run
// --runs times (default 5) after one warm-up round; the median, min and max are printed with the load average.
// Targets: toggle < 100 ms, first chart < 500 ms, error < 2 s.
//
//   npm run build && npm run bench:ui
//   node bench/ui-timings.mjs [--url http://127.0.0.1:3000] [--runs 5] [--chrome-path /usr/bin/chromium] [--json]
//
// Without --url it starts the built server itself (`node dist/src/main.js`, NODE_ENV=production, DEMO_MODE=true, a
// fresh embedded database in a temporary folder, a free port) and stops it at the end; with --url the server must
// run in demo mode (the demo admin signs in). The Chromium binary is never downloaded.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { freePort, spawnBuiltServer, waitUntilReady } from './lib/server-process.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const runs = Math.max(1, Number(flag('--runs', '5')));
const chromePath = flag('--chrome-path', process.env.CHROME_PATH ?? '/usr/bin/chromium');
const json = args.includes('--json');
const DEMO_ADMIN = { email: 'admin@okaybike.demo', password: 'admin12345' };
const TARGETS = { chart: 500, toggle: 100, error: 2000 };

if (!existsSync(chromePath)) {
  console.error(`Chromium not found at ${chromePath} (apt-get install -y chromium, or pass --chrome-path).`);
  process.exit(2);
}

const loadavg = () => readFileSync('/proc/loadavg', 'utf8').trim();
const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** The built server in demo mode on a free port with its own database; resolves once it is ready. */
async function startServer() {
  const entry = join(ROOT, 'dist', 'src', 'main.js');
  if (!existsSync(entry) || !existsSync(join(ROOT, 'dist', 'client'))) {
    console.error('dist/ is missing: run `npm run build` first.');
    process.exit(1);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'okb-bench-ui-'));
  const base = `http://127.0.0.1:${port}`;
  const { child, output } = spawnBuiltServer(entry, { port, dataDir, env: { DEMO_MODE: 'true', LOGIN_RATE_LIMIT: '10000' } });
  // Seeding the demo shop takes a while on a busy machine.
  await waitUntilReady(child, base, output, { timeoutMs: 300_000, pollMs: 250 });
  return {
    base,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Arms a watcher in the page: the next click's event time, then every animation frame the named condition is checked;
 * window.__okbTiming resolves with the milliseconds from the click to the first frame where it holds.
 */
async function arm(page, condition) {
  await page.evaluate((name) => {
    const conditions = {
      firstBarShown: () =>
        [...document.querySelectorAll('.okb-col-chart .okb-col, .okb-hbar')].some((el) => {
          const box = el.getBoundingClientRect();
          return box.width > 0 && box.height > 0;
        }),
      weekShown: () =>
        document.querySelectorAll('.okb-col-chart .okb-col').length === 7 &&
        [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Show All Time'),
      errorShown: () => document.body.innerText.includes('Error loading data.'),
    };
    const done = conditions[name];
    window.__okbTiming = new Promise((resolve) => {
      document.addEventListener(
        'click',
        (event) => {
          const clickedAt = event.timeStamp;
          const check = () => (done() ? resolve(performance.now() - clickedAt) : window.requestAnimationFrame(check));
          check();
        },
        { capture: true, once: true },
      );
    });
  }, condition);
}
const measured = (page) => page.evaluate(() => window.__okbTiming);

async function main() {
  const own = flag('--url') ? null : await startServer();
  const base = (flag('--url') ?? own.base).replace(/\/+$/, '');
  const browser = await chromium.launch({
    executablePath: chromePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const loadBefore = loadavg();

  async function signedInPage() {
    const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
    const res = await context.request.post(`${base}/api/auth/login`, { data: DEMO_ADMIN, headers: { Origin: base } });
    if (!res.ok()) throw new Error(`demo admin login answered ${res.status()}: is the server in demo mode (DEMO_MODE=true)?`);
    const page = await context.newPage();
    return { context, page };
  }
  const hydrated = (page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  const dashboardLink = (page) => page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Dashboard', exact: true });

  /** A fresh browser on Add Bike, then the Dashboard menu item: the first chart bar. */
  async function chartRun() {
    const { context, page } = await signedInPage();
    await page.goto('/dashboard/addbike');
    await hydrated(page);
    await arm(page, 'firstBarShown');
    await dashboardLink(page).click();
    const ms = await measured(page);
    await context.close();
    return ms;
  }

  /** On the dashboard, the signups toggle: the week's 7 columns. */
  async function toggleRun() {
    const { context, page } = await signedInPage();
    await page.goto('/dashboard');
    await hydrated(page);
    await page.locator('.okb-col-chart .okb-col').first().waitFor();
    await arm(page, 'weekShown');
    await page.getByRole('button', { name: 'Show Past Week' }).click();
    const ms = await measured(page);
    await context.close();
    return ms;
  }

  /** The summary answers 500 (after the app's one retry, too): 'Error loading data.'. */
  async function errorRun() {
    const { context, page } = await signedInPage();
    await page.goto('/dashboard/addbike');
    await hydrated(page);
    await page.route('**/api/dashboard/summary*', (route) => route.fulfill({ status: 500, json: { success: false, message: 'Internal server error', code: 'INTERNAL' } }));
    await arm(page, 'errorShown');
    await dashboardLink(page).click();
    const ms = await measured(page);
    await context.close();
    return ms;
  }

  const scenarios = [
    ['chart', 'Dashboard menu click -> first chart bar visible', chartRun],
    ['toggle', "'Show Past Week' click -> signups chart redrawn", toggleRun],
    ['error', "summary API 500 -> 'Error loading data.' visible", errorRun],
  ];
  const results = [];
  try {
    for (const [, , run] of scenarios) await run(); // warm-up: server caches, Chromium's code cache
    for (const [id, label, run] of scenarios) {
      const samples = [];
      for (let i = 0; i < runs; i++) samples.push(Math.round(await run()));
      results.push({ id, label, samples, medianMs: median(samples), minMs: Math.min(...samples), maxMs: Math.max(...samples), targetMs: TARGETS[id] });
    }
  } finally {
    await browser.close();
    await own?.stop();
  }
  const report = { at: new Date().toISOString(), base: own ? '(own server, demo data)' : base, runs, cpus: cpus().length, loadavgBefore: loadBefore, loadavgAfter: loadavg(), results };
  if (json) {
    console.log(JSON.stringify(report, null, 2));
    return;
  }
  console.log(`UI timings, ${runs} runs each (median, min-max), ${report.cpus} CPUs; /proc/loadavg before: ${loadBefore}; after: ${report.loadavgAfter}`);
  for (const r of results) {
    const verdict = r.medianMs < r.targetMs ? 'ok' : 'OVER';
    console.log(`  ${r.label.padEnd(52)} ${String(r.medianMs).padStart(6)} ms  (${r.minMs}-${r.maxMs})  target < ${r.targetMs} ms  ${verdict}   [${r.samples.join(', ')}]`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
