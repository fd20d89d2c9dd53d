#!/usr/bin/env node
// npm run backup [-- --out DIR]: a backup of the shop's data into DIR (default backups/okay-bike-<UTC time>),
// while the shop runs. README, "Backups".
//   PostgreSQL (DATABASE_URL): database.dump, pg_dump's custom format (a consistent snapshot; needs pg_dump of the
//     server's major version or newer).
//   Embedded (DATA_DIR): pgdata.tar.gz, PGlite's data directory after a checkpoint. While the shop runs it holds the
//     database, so the copy comes from the shop itself: GET /api/admin/backup/embedded at SHOP_URL (default
//     http://127.0.0.1:$PORT) as ADMIN_EMAIL/ADMIN_PASSWORD. When it is stopped, the script opens the database
//     itself (holding the data-directory lock, so the shop cannot start meanwhile).
//   Both: files/, every other file under DATA_DIR (uploads), and manifest.json (what, when, sizes, sha256).
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { built, fail, isDataFile, pgTool, root, settings } from './backup-lib.mjs';

const args = process.argv.slice(2);
const outArg = args.indexOf('--out');
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const out = resolve(outArg >= 0 ? args[outArg + 1] : join(root, 'backups', `okay-bike-${stamp}`));
const { databaseUrl, dataDir, shopUrl } = settings();
mkdirSync(out, { recursive: true });
if (readdirSync(out).length) fail(`${out} is not empty`);
const manifest = { app: 'okay-bike', version: JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version, createdAt: new Date().toISOString(), database: databaseUrl ? 'postgres' : 'pglite', files: {} };

async function embeddedFromShop() {
  const email = process.env.ADMIN_EMAIL;
  const password = process.env.ADMIN_PASSWORD;
  if (!email || !password) fail(`the shop holds ${dataDir}: set ADMIN_EMAIL and ADMIN_PASSWORD (an admin account) so the backup can ask it (SHOP_URL, now ${shopUrl})`);
  const login = await fetch(`${shopUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) }).catch((e) =>
    fail(`the shop at ${shopUrl} does not answer (${e.cause?.code ?? e.message}): set SHOP_URL`),
  );
  if (login.status !== 200) fail(`login as ${email} at ${shopUrl} answered ${login.status}`);
  const { token } = await login.json();
  const res = await fetch(`${shopUrl}/api/admin/backup/embedded`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) fail(`GET /api/admin/backup/embedded answered ${res.status}: ${await res.text()}`);
  return Buffer.from(await res.arrayBuffer());
}

async function embeddedDirectly() {
  const { acquireDataDirLock } = await built('database/pglite-lock.js');
  const release = acquireDataDirLock(dataDir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const { pgliteExtensions } = await built('database/pglite-extensions.js');
    const db = await PGlite.create(join(dataDir, 'pgdata'), { extensions: pgliteExtensions });
    try {
      await db.exec('CHECKPOINT');
      return Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer());
    } finally {
      await db.close();
    }
  } finally {
    release();
  }
}

if (databaseUrl) {
  pgTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', '--file', join(out, 'database.dump'), databaseUrl]);
} else {
  let tarball;
  try {
    tarball = await embeddedDirectly();
    manifest.embedded = 'opened directly (the shop was stopped)';
  } catch (e) {
    if (!/in use by another Okay Bike process/.test(e.message)) throw e;
    tarball = await embeddedFromShop();
    manifest.embedded = `from the running shop at ${shopUrl}`;
  }
  writeFileSync(join(out, 'pgdata.tar.gz'), tarball);
}

// Uploads and any other file the shop keeps under DATA_DIR.
let copied = 0;
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    const rel = relative(dataDir, full);
    if (!isDataFile(rel)) continue;
    if (statSync(full).isDirectory()) walk(full);
    else {
      cpSync(full, join(out, 'files', rel), { preserveTimestamps: true });
      copied++;
    }
  }
};
try {
  walk(dataDir);
} catch (e) {
  if (e.code !== 'ENOENT' || !databaseUrl) throw e;
}

const list = (dir) => readdirSync(dir, { recursive: true }).map(String).filter((f) => statSync(join(dir, f)).isFile());
for (const f of list(out)) {
  const buf = readFileSync(join(out, f));
  manifest.files[f] = { bytes: buf.length, sha256: createHash('sha256').update(buf).digest('hex') };
}
writeFileSync(join(out, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
const bytes = Object.values(manifest.files).reduce((a, f) => a + f.bytes, 0);
console.log(`backup written to ${out}: ${manifest.database === 'postgres' ? 'database.dump (pg_dump)' : 'pgdata.tar.gz (PGlite)'}, ${copied} data files, ${(bytes / 1e6).toFixed(1)} MB`);
