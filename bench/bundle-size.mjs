// Initial JavaScript per public page, from the client build's manifest (run `npm run build` first; this script
// builds nothing). For each page: the entry chunk, every chunk it imports statically, and the lazily loaded route
// modules the page renders with their static imports: what the browser downloads before the page is interactive
// (the server preloads exactly these, see src/ssr/ssr.setup.ts). Sizes are gzip level 9, as served.
//
// Fails (exit 1) when a page is over its budget, when a public page would load the charts chunk or a dashboard
// screen, or when a route module is missing from the manifest.
//
//   node bench/bundle-size.mjs [--dist dist/client] [--json]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

const KB = 1024;
const BUDGET_KB = 250;
const ENTRY = 'client/entry-client.tsx';

/** Route modules each measured page renders (client/app/routes.tsx: lazyPage). */
const PAGES = [
  { page: '/', modules: ['client/pages/home/HomePage.tsx'] },
  { page: '/allbikes', modules: ['client/pages/all-bikes/AllBikesPage.tsx'] },
  { page: '/bike/:id', modules: ['client/pages/bike-detail/BikeDetailPage.tsx'] },
];

/** Code no public page may load: the charts library (found through the chunks' source maps) and the dashboard's screens. */
const CHARTS_SOURCE = /node_modules\/(@antv|@ant-design\/(charts|plots|graphs))\//;
const PRIVATE_MODULE = /^client\/(pages\/(dashboard-home|add-bike|admin-bikes|all-users|return-bikes|update-bike)\/|components\/DashboardLayout\.tsx$)/;

const args = process.argv.slice(2);
const flag = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const dist = flag('--dist') ?? join(process.cwd(), 'dist/client');
const manifestFile = join(dist, '.vite/manifest.json');
if (!existsSync(manifestFile)) {
  console.error(`No client build at ${manifestFile}: run \`npm run build\` first.`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

/** Files of `keys` and of every chunk they import statically (dynamic imports load later, on demand). */
function staticClosure(keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    (chunk.imports ?? []).forEach(visit);
  };
  keys.forEach(visit);
  return { files, keys: seen };
}

const sizeCache = new Map();
function sizes(file) {
  if (!sizeCache.has(file)) {
    const source = readFileSync(join(dist, file));
    const precompressed = join(dist, `${file}.gz`);
    sizeCache.set(file, {
      raw: source.length,
      gzip: existsSync(precompressed) ? readFileSync(precompressed).length : gzipSync(source, { level: 9 }).length,
      brotli: brotliCompressSync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length,
    });
  }
  return sizeCache.get(file);
}

const problems = [];
if (!manifest[ENTRY]) problems.push(`${ENTRY} is not in the manifest`);

/** Chunks carrying charts code: their (hidden) source maps name the library's files. */
const chartsChunks = new Set(
  readdirSync(join(dist, 'assets'))
    .filter((name) => name.endsWith('.js.map'))
    .filter((name) => (JSON.parse(readFileSync(join(dist, 'assets', name), 'utf8')).sources ?? []).some((source) => CHARTS_SOURCE.test(source)))
    .map((name) => `assets/${name.slice(0, -'.map'.length)}`),
);
// The dashboard draws its charts with plain markup (client/pages/dashboard-home/DashboardCharts.tsx): no chunk
// should hold a charting library at all. The check stays, so a library brought back can never reach a public page.
const sourceMaps = readdirSync(join(dist, 'assets')).filter((name) => name.endsWith('.js.map'));
if (sourceMaps.length === 0) problems.push('the build has no source maps: the charts check would prove nothing');

const rows = PAGES.map(({ page, modules }) => {
  for (const module of modules) if (!manifest[module]) problems.push(`${page}: route module ${module} is not in the manifest`);
  const { files, keys } = staticClosure([ENTRY, ...modules]);
  const js = [...files].filter((file) => file.endsWith('.js'));
  const total = js.reduce((sum, file) => {
    const s = sizes(file);
    return { raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip, brotli: sum.brotli + s.brotli };
  }, { raw: 0, gzip: 0, brotli: 0 });
  for (const file of js) if (chartsChunks.has(file)) problems.push(`${page} loads the charts chunk ${file}`);
  for (const key of keys) if (PRIVATE_MODULE.test(key)) problems.push(`${page} loads dashboard code ${key}`);
  const over = total.gzip > BUDGET_KB * KB;
  if (over) problems.push(`${page}: ${(total.gzip / KB).toFixed(1)} KB gzip of JavaScript, budget ${BUDGET_KB} KB`);
  const largest = js
    .map((file) => ({ file, gzip: sizes(file).gzip }))
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, 3)
    .map(({ file, gzip }) => `${file.replace(/^assets\//, '')} ${(gzip / KB).toFixed(1)}`);
  return { page, chunks: js.length, raw: total.raw, gzip: total.gzip, brotli: total.brotli, budget: BUDGET_KB * KB, ok: !over, largest };
});

if (args.includes('--json')) {
  console.log(JSON.stringify({ budgetKb: BUDGET_KB, pages: rows, chartsChunks: [...chartsChunks], problems }, null, 2));
} else {
  const kb = (n) => (n / KB).toFixed(1).padStart(8);
  console.log(`Initial JavaScript per page (budget ${BUDGET_KB} KB gzip), from ${manifestFile}`);
  console.log(`${'page'.padEnd(12)}${'chunks'.padStart(7)}${'raw KB'.padStart(9)}${'gzip KB'.padStart(9)}${'br KB'.padStart(9)}  status  largest chunks (gzip KB)`);
  for (const row of rows) {
    console.log(
      `${row.page.padEnd(12)}${String(row.chunks).padStart(7)}${kb(row.raw)} ${kb(row.gzip)}${kb(row.brotli)}  ${row.ok ? 'ok    ' : 'OVER  '}  ${row.largest.join(', ')}`,
    );
  }
  for (const file of chartsChunks) console.log(`charts library: ${file} (${(sizes(file).gzip / KB).toFixed(1)} KB gzip)`);
  if (chartsChunks.size === 0) console.log('charts library: none in the build (the dashboard draws its charts with markup)');
  for (const problem of problems) console.error(`FAIL ${problem}`);
}
process.exit(problems.length ? 1 : 0);
