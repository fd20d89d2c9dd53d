/**
 * Backups (README, "Backups"): npm run backup while the shop runs, wipe, npm run restore, and every table's row
 * count and every money, stock and rating sum is what it was at the backup, uploads included, and the shop starts
 * on the restored data with its customers able to log in. The embedded database (its copy comes from the running
 * shop, which keeps serving) and, when one answers, the PostgreSQL server (pg_dump / pg_restore).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { databaseFacts } from './database-facts.js';
import * as drill from './drill-support.js';
import { PREVIOUS_PASSWORD, writePreviousReleaseData } from './previous-release.js';

const PG_SERVER = await drill.postgresServerUrl();
if (!PG_SERVER) console.warn('backup drill on PostgreSQL skipped: no PostgreSQL server answers');
const itPg = PG_SERVER ? it : it.skip;

/** npm run backup / restore as an operator runs them (node scripts/...), with the shop's settings. */
function script(name: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join('scripts', `${name}.mjs`), ...args], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

const UPLOAD = join('uploads', 'bikes', 'cruiser.jpg');

async function backupDrill(label: string, dataDir: string, databaseUrl?: string) {
  const pgEnv: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  const target = databaseUrl ? { url: databaseUrl } : { dataDir };
  const admin = { ADMIN_EMAIL: 'backup-admin@example.com', ADMIN_PASSWORD: 'backup-admin-pass-1' };
  const env = drill.drillEnv({ ...admin, ...pgEnv });
  // A shop with data in every state (migrated to this release), and an upload under DATA_DIR.
  let server = await drill.startServer(env, { dataDir });
  await server.stop('SIGTERM');
  const data = await drill.withSql(target, (q) => writePreviousReleaseData(q));
  mkdirSync(join(dataDir, 'uploads', 'bikes'), { recursive: true });
  writeFileSync(join(dataDir, UPLOAD), Buffer.from('not really a jpeg, but bytes to keep'));
  const before = await drill.withSql(target, (q) => databaseFacts(q));

  // The backup while the shop runs and serves.
  server = await drill.startServer(env, { dataDir });
  const out = join(mkdtempSync(join(tmpdir(), 'okb-backup-')), 'backup');
  let backup: { code: number | null; output: string };
  try {
    const during = drill.call(server.baseUrl, 'GET', '/api/bikes');
    backup = await script('backup', ['--out', out], { ...pgEnv, DATA_DIR: dataDir, SHOP_URL: server.baseUrl, ...admin });
    expect((await during).status).toBe(200);
    expect(backup.output).toMatch(/backup written to/);
    expect(backup.code).toBe(0);
    expect((await drill.call(server.baseUrl, 'GET', '/api/health/ready')).status).toBe(200);
  } finally {
    expect(await server.stop('SIGTERM')).toBe(0);
  }
  const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
  expect(Object.keys(manifest.files)).toContain(join('files', UPLOAD));

  // Wipe: the database and the data directory.
  if (databaseUrl) {
    await drill.withSql(target, (q) => q('DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; CREATE SCHEMA public;'));
  }
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir);

  const restore = await script('restore', [out], { ...pgEnv, DATA_DIR: dataDir });
  expect(restore.output).toMatch(/restored/);
  expect(restore.code).toBe(0);
  const after = await drill.withSql(target, (q) => databaseFacts(q));
  expect(after.rows).toEqual(before.rows);
  expect(after.sums).toEqual(before.sums);
  expect(readFileSync(join(dataDir, UPLOAD), 'utf8')).toBe('not really a jpeg, but bytes to keep');

  // The shop runs on the restored data.
  server = await drill.startServer(env, { dataDir });
  try {
    const login = await drill.call(server.baseUrl, 'POST', '/api/auth/login', { body: { email: data.customer.email, password: PREVIOUS_PASSWORD } });
    expect(login.status).toBe(200);
    const mine = await drill.call(server.baseUrl, 'GET', '/api/rentals', { token: login.body.token });
    expect(mine.body.data).toHaveLength(data.customer.rentals);
  } finally {
    expect(await server.stop('SIGTERM')).toBe(0);
  }
  rmSync(join(out, '..'), { recursive: true, force: true });
  console.log(
    `backup drill (${label}): backup while serving, wipe, restore: ${Object.values(before.rows).reduce((a, b) => a + b, 0)} rows in ${Object.keys(before.rows).length} tables, ` +
      `${Object.keys(before.sums).length} sums and 1 upload equal; ${Object.keys(manifest.files).length} files, ${Object.values(manifest.files as Record<string, { bytes: number }>).reduce((a, f) => a + f.bytes, 0)} bytes`,
  );
}

describe('backup, wipe, restore', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'okb-backup-data-'));
    dirs.push(d);
    return d;
  };
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('the embedded database, backed up while the shop runs: every count and sum equal after the restore', async () => {
    await backupDrill('PGlite', dataDir());
  }, 300_000);

  itPg('PostgreSQL (pg_dump / pg_restore): every count and sum equal after the restore', async () => {
    const url = await drill.freshDatabase(PG_SERVER!, 'okb_container_backup');
    await backupDrill('PostgreSQL', dataDir(), url);
  }, 300_000);
});
