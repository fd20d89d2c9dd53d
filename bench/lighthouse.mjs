// Lighthouse 12 (mobile: its default form factor, simulated slow 4G and a mid-range phone CPU) on the home page, the
// listing and a bike page of a RUNNING production server (`npm run build && npm start`), with Debian's Chromium.
// Prints the four category scores and the main metrics per page (the median run by performance when --runs > 1).
//
//   node bench/lighthouse.mjs [--url http://127.0.0.1:3000] [--bike <bike id>] [--runs 1] [--chrome-path /usr/bin/chromium] [--json]
//
// Lighthouse is not a dependency of the project: `npx -y lighthouse@12` fetches it into npm's cache on first use
// (LIGHTHOUSE_BIN=/path/to/lighthouse uses another copy). The Chromium binary is never downloaded.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const base = flag('--url', process.env.BENCH_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
const runs = Math.max(1, Number(flag('--runs', '1')));
const chromePath = flag('--chrome-path', process.env.CHROME_PATH ?? '/usr/bin/chromium');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = new Set(['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index', 'interactive', 'max-potential-fid']);

if (!existsSync(chromePath)) {
  console.error(`Chromium not found at ${chromePath} (apt-get install -y chromium, or pass --chrome-path).`);
  process.exit(2);
}

async function bikePath() {
  const given = flag('--bike');
  if (given) return `/bike/${given}`;
  const res = await fetch(`${base}/api/bikes?limit=1`);
  if (!res.ok) throw new Error(`GET ${base}/api/bikes answered ${res.status}: is the server running?`);
  const bike = (await res.json()).data.bikes[0];
  if (!bike) throw new Error('The shop has no bikes: start it with demo data (DEMO_MODE=true) or add one.');
  return `/bike/${bike._id}`;
}

function lighthouse(url) {
  const command = process.env.LIGHTHOUSE_BIN ? [process.env.LIGHTHOUSE_BIN] : ['npx', '-y', 'lighthouse@12'];
  const options = [
    url,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    `--only-categories=${CATEGORIES.join(',')}`,
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(command[0], [...command.slice(1), ...options], {
      env: { ...process.env, CHROME_PATH: chromePath },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited with ${code} for ${url}:\n${err.slice(-2000)}`));
      try {
        resolve(JSON.parse(out));
      } catch {
        reject(new Error(`lighthouse printed no JSON report for ${url}:\n${err.slice(-2000)}`));
      }
    });
  });
}

function summarize(report) {
  const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const metric = (id) => report.audits[id]?.numericValue;
  return {
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, score(id)])),
    fcpMs: Math.round(metric('first-contentful-paint')),
    lcpMs: Math.round(metric('largest-contentful-paint')),
    tbtMs: Math.round(metric('total-blocking-time')),
    cls: Number((metric('cumulative-layout-shift') ?? 0).toFixed(3)),
    // What to look at first: scored audits below 0.9, leaving out the metrics above and the insights that repeat them.
    failing: Object.values(report.audits)
      .filter((audit) => audit.score !== null && audit.score < 0.9 && ['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode))
      .filter((audit) => !METRICS.has(audit.id) && !audit.id.endsWith('-insight'))
      .map((audit) => audit.id),
  };
}

const pages = [
  { page: '/', path: '/' },
  { page: '/allbikes', path: '/allbikes' },
  { page: '/bike/:id', path: await bikePath() },
];

const rows = [];
for (const { page, path } of pages) {
  const results = [];
  for (let run = 0; run < runs; run += 1) {
    // A headless Chrome under a loaded machine occasionally fails to start or times out: one retry per run.
    const report = await lighthouse(`${base}${path}`).catch(() => lighthouse(`${base}${path}`));
    results.push(summarize(report));
  }
  results.sort((a, b) => a.scores.performance - b.scores.performance);
  rows.push({ page, url: `${base}${path}`, runs, ...results[Math.floor(results.length / 2)] });
}

if (args.includes('--json')) {
  console.log(JSON.stringify(rows, null, 2));
} else {
  console.log(`Lighthouse 12, mobile, ${base} (${runs} run${runs === 1 ? '' : 's'} per page${runs > 1 ? ', median by performance' : ''})`);
  console.log(`${'page'.padEnd(12)}${'perf'.padStart(6)}${'a11y'.padStart(6)}${'best'.padStart(6)}${'seo'.padStart(6)}${'FCP ms'.padStart(9)}${'LCP ms'.padStart(9)}${'TBT ms'.padStart(9)}${'CLS'.padStart(8)}`);
  for (const row of rows) {
    const s = row.scores;
    console.log(
      `${row.page.padEnd(12)}${String(s.performance).padStart(6)}${String(s.accessibility).padStart(6)}${String(s['best-practices']).padStart(6)}${String(s.seo).padStart(6)}` +
        `${String(row.fcpMs).padStart(9)}${String(row.lcpMs).padStart(9)}${String(row.tbtMs).padStart(9)}${String(row.cls).padStart(8)}`,
    );
    if (row.failing.length) console.log(`${''.padEnd(12)}below 0.9: ${row.failing.join(', ')}`);
  }
}
