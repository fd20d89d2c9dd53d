// Shared helpers of the benchmarks: the built app in-process, the bench database, small stats and reporting.
import 'reflect-metadata';
import { mkdirSync, mkdtempSync, existsSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem, tmpdir, platform, release } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';

// Measure what production runs: React, Express and friends pick their production code paths from
// process.env.NODE_ENV (the app's own NODE_ENV option is not enough). Every dependency is imported later.
process.env.NODE_ENV = 'production';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const RESULTS_DIR = join(ROOT, 'bench', 'results');

export const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/okb_bench';
/** Shared by every instance of a run: tokens signed by one are accepted by the other. */
export const BENCH_JWT_SECRET = 'bench-jwt-secret-0123456789abcdef0123456789';
export const ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password' };

/** Number from the environment, e.g. BENCH_DURATION_MS=5000. */
export const envNumber = (name, def) => {
  const v = process.env[name];
  return v === undefined || v === '' ? def : Number(v);
};

export const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

export const round = (v, digits = 2) => Math.round(v * 10 ** digits) / 10 ** digits;

export function machine() {
  const c = cpus();
  return {
    cpus: c.length,
    cpuModel: c[0]?.model ?? 'unknown',
    memoryGiB: round(totalmem() / 2 ** 30, 1),
    node: process.version,
    os: `${platform()} ${release()}`,
    /** 1-minute load average when the results were saved: other work on the machine skews every figure. */
    loadAverage1m: round(loadavg()[0], 2),
  };
}

export function requireBuild(...files) {
  for (const f of ['dist/src/app.factory.js', ...files]) {
    if (!existsSync(join(ROOT, f))) {
      console.error(`${f} is missing: run \`npm run build\` first.`);
      process.exit(1);
    }
  }
}

const distImport = (rel) => import(pathToFileURL(join(ROOT, rel)).href);

/** Creates the database named by `url` on its server when it does not exist yet. */
export async function ensureDatabase(url) {
  const name = new URL(url).pathname.slice(1);
  if (!/^[a-z0-9_]+$/i.test(name)) throw new Error(`unexpected database name ${name}`);
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const client = new pg.Client({ connectionString: adminUrl.href });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

/** A pg client on the bench database for setup and checks (not used by the measured paths). */
export async function sqlClient(url = BENCH_DATABASE_URL) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/**
 * Bench-only routes in the same app as the real ones, public, through the same middleware, global guard,
 * interceptor and filter (built with the decorator functions: this file is plain JavaScript):
 * - GET /api/bench/hello: no validation, no database (the framework's floor);
 * - GET /api/bench/raw-bikes: the listing's SELECT sent with node-postgres directly, rows returned as they come
 *   (the floor of "one database round trip", without the ORM, query DTO validation or response mapping).
 */
async function benchModule() {
  const { Controller, Get, Module, Inject } = await import('@nestjs/common');
  const { Public } = await distImport('dist/src/common/decorators.js');
  const { ok } = await distImport('dist/src/common/api-result.js');
  const { DatabaseService } = await distImport('dist/src/database/database.service.js');
  const LIST_SQL =
    'select *, count(*) over () as total from bikes where deleted_at is null order by created_at, id limit $1 offset $2';
  class BenchController {
    constructor(database) {
      this.database = database;
    }
    sayHello() {
      return ok({ hello: 'world' }, 'Hello');
    }
    async listBikesRaw() {
      // `pool` is private in TypeScript; the bench reads it to bypass the ORM on purpose.
      const pool = this.database.pool;
      const { rows } = await pool.query(LIST_SQL, [10, 0]);
      return ok({ bikes: rows, totalCount: Number(rows[0]?.total ?? 0) }, 'Bikes');
    }
  }
  const method = (name, decorators) =>
    Reflect.decorate(decorators, BenchController.prototype, name, Object.getOwnPropertyDescriptor(BenchController.prototype, name));
  method('sayHello', [Get('hello'), Public()]);
  method('listBikesRaw', [Get('raw-bikes'), Public()]);
  Inject(DatabaseService)(BenchController, undefined, 0);
  const Ctrl = Reflect.decorate([Controller('bench')], BenchController);
  class BenchModule {}
  return Reflect.decorate([Module({ controllers: [Ctrl] })], BenchModule);
}

/**
 * The built app (dist/src/app.factory.js) in this process, listening on 127.0.0.1 on a free port.
 * `hello: true` adds the bench-only routes (benchModule) by wrapping AppModule.forRoot before createApp calls it.
 */
export async function startApp({ env = {}, ssr = false, hello = false } = {}) {
  const { createApp } = await distImport('dist/src/app.factory.js');
  if (hello) {
    const { AppModule } = await distImport('dist/src/app.module.js');
    const Bench = await benchModule();
    if (!AppModule.__benchWrapped) {
      const forRoot = AppModule.forRoot.bind(AppModule);
      AppModule.forRoot = (options) => {
        const mod = forRoot(options);
        return { ...mod, imports: [...mod.imports, Bench] };
      };
      AppModule.__benchWrapped = true;
    }
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'okb-bench-'));
  const app = await createApp({
    ssr,
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      DATA_DIR: dataDir,
      JWT_SECRET: BENCH_JWT_SECRET,
      DEMO_MODE: 'false',
      PAYMENT_PROVIDER: 'sandbox',
      PUBLIC_URL: 'http://127.0.0.1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOGIN_RATE_LIMIT: '100000',
      SANDBOX_WEBHOOK_SECRET: 'bench-sandbox-webhook-secret-0123456789',
      ...env,
    },
  });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address();
  return { app, port, baseUrl: `http://127.0.0.1:${port}`, dataDir };
}

/** JSON request helper for setup (fetch): returns { status, body }. */
export async function call(baseUrl, method, path, { body, token, headers = {} } = {}) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  });
  const text = await res.text();
  let parsed;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

export async function login(baseUrl, email, password) {
  const res = await call(baseUrl, 'POST', '/api/auth/login', { body: { email, password } });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}

/** Signs up `count` users through the API and logs them in; returns [{ email, token }]. */
export async function createUsers(baseUrl, count, prefix = 'bench-user') {
  const users = [];
  for (let i = 0; i < count; i++) {
    const email = `${prefix}-${i}-${Date.now().toString(36)}@example.com`;
    const password = 'bench-password-1';
    const res = await call(baseUrl, 'POST', '/api/auth/signup', {
      body: { name: `Bench User ${i}`, email, password, phone: '+8801700000000', address: 'Dhaka' },
    });
    if (res.status !== 201) throw new Error(`signup: ${res.status} ${JSON.stringify(res.body)}`);
    users.push({ email, token: await login(baseUrl, email, password) });
  }
  return users;
}

/**
 * Inserts `count` bikes with plausible names and `quantity` units each ("<brand>-<n>"); returns nothing (query
 * ids afterwards).
 */
export async function insertBikes(client, count, { quantity = 5 } = {}) {
  await client.query(
    `insert into bikes (name, description, image_url, price_per_hour_cents, price_per_day_cents, price_per_week_cents, cc, year, model, brand, created_at, updated_at)
     select (array['Yamaha','Honda','Suzuki','Bajaj','TVS','Hero','Kawasaki','KTM','Royal Enfield','Ducati'])[1 + i % 10]
              || ' ' || (array['R15','CBR','Gixxer','Pulsar','Apache','Splendor','Ninja','Duke','Classic','Monster'])[1 + (i / 10) % 10]
              || ' ' || i,
            'A well kept bike number ' || i || ' for city rides and weekend trips.',
            '/images/bikes/bike-' || (1 + i % 12) || '.svg',
            500 + (i * 37) % 4500,
            case when i % 3 <> 2 then (500 + (i * 37) % 4500) * 6 end,
            case when i % 3 <> 2 then (500 + (i * 37) % 4500) * 30 end,
            (array[0,110,125,150,160,250,400,650,900,1200])[1 + (i / 3) % 10],
            2015 + i % 11,
            (array['R15','CBR','Gixxer','Pulsar','Apache','Splendor','Ninja','Duke','Classic','Monster'])[1 + (i / 10) % 10] || ' V' || (1 + i % 4),
            (array['Yamaha','Honda','Suzuki','Bajaj','TVS','Hero','Kawasaki','KTM','Royal Enfield','Ducati'])[1 + i % 10],
            now() - make_interval(secs => $1 - i),
            now()
       from generate_series(1, $1::int) as i`,
    [count],
  );
  await addUnits(client, null, quantity);
}

/** Adds `count` units to each bike in `bikeIds` (null: every bike). */
export async function addUnits(client, bikeIds, count) {
  await client.query(
    `insert into bike_units (bike_id, label)
     select b.id, b.brand || '-' || (coalesce((select count(*) from bike_units x where x.bike_id = b.id), 0) + g)
       from bikes b, generate_series(1, $2::int) as g
      where $1::uuid[] is null or b.id = any($1::uuid[])`,
    [bikeIds, count],
  );
}

/** Empties every table of the app's schema (read from pg_tables, so a new table needs no list kept in step). */
export async function truncateAll(client) {
  await client.query(`do $$ begin
    execute (select 'truncate ' || string_agg(format('%I', tablename), ', ') || ' restart identity cascade'
               from pg_tables where schemaname = 'public');
  end $$`);
}

export function saveResult(name, data) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify(data, null, 2));
  writeFileSync(join(RESULTS_DIR, `${name}-latest.json`), JSON.stringify(data, null, 2));
  return file;
}

export function saveText(name, text) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, name);
  writeFileSync(file, text);
  return file;
}

/** A fixed-width table for the console and the README. */
export function table(headers, rows) {
  const all = [headers, ...rows].map((r) => r.map((c) => String(c)));
  const widths = headers.map((_, i) => Math.max(...all.map((r) => r[i].length)));
  const line = (r) => `| ${r.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(all[0]), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...all.slice(1).map(line)].join('\n');
}

export { summarize as summarizeLatencies } from './load.mjs';

/** One line about the machine for the console: cores, memory, Node, and how busy it is right now. */
export function describeMachine() {
  const m = machine();
  return `machine: ${m.cpus} x ${m.cpuModel}, ${m.memoryGiB} GiB, Node ${m.node}; load average (1 min) ${m.loadAverage1m}${m.loadAverage1m > m.cpus * 0.5 ? ' (other processes are using the cores: expect noisy latencies)' : ''}`;
}
