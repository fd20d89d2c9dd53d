#!/usr/bin/env node
// npm run restore -- DIR [--force]: puts a backup made by npm run backup back. README, "Backups".
// Stop every instance of the shop first (the embedded database's lock makes it refuse while one runs).
//   PostgreSQL (DATABASE_URL): pg_restore --clean --if-exists in one transaction into that database.
//   Embedded (DATA_DIR): loads pgdata.tar.gz into DATA_DIR/pgdata; an existing database there is kept aside as
//     pgdata.before-restore-<time> only with --force.
//   Both: the files under files/ back into DATA_DIR. Checks every file's sha256 against manifest.json first.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { Blob } from 'node:buffer';
import { join, resolve } from 'node:path';
import { built, fail, pgTool, settings } from './backup-lib.mjs';

const args = process.argv.slice(2);
const force = args.includes('--force');
const dirArg = args.find((a) => !a.startsWith('--'));
if (!dirArg) fail('usage: npm run restore -- <backup directory> [--force]');
const dir = resolve(dirArg);
const { databaseUrl, dataDir } = settings();
let manifest;
try {
  manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
} catch (e) {
  fail(`${dir}/manifest.json cannot be read (${e.code ?? e.message}): not a backup made by npm run backup`);
}
for (const [f, { sha256 }] of Object.entries(manifest.files)) {
  if (createHash('sha256').update(readFileSync(join(dir, f))).digest('hex') !== sha256) fail(`${f} does not match its sha256 in manifest.json: the backup is damaged`);
}
if (manifest.database === 'postgres' && !databaseUrl) fail('this is a PostgreSQL backup: set DATABASE_URL to the database to restore into');
if (manifest.database === 'pglite' && databaseUrl) fail('this is an embedded-database backup: unset DATABASE_URL and set DATA_DIR');

if (manifest.database === 'postgres') {
  pgTool('pg_restore', ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', '--dbname', databaseUrl, join(dir, 'database.dump')]);
} else {
  const { acquireDataDirLock } = await built('database/pglite-lock.js');
  const release = acquireDataDirLock(dataDir); // refuses while a shop runs on DATA_DIR
  try {
    const pgdata = join(dataDir, 'pgdata');
    if (existsSync(pgdata) && readdirSync(pgdata).length) {
      if (!force) fail(`${pgdata} already holds a database: pass --force to keep it aside (as pgdata.before-restore-<time>) and restore`);
      renameSync(pgdata, join(dataDir, `pgdata.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`));
    }
    mkdirSync(pgdata, { recursive: true });
    const { PGlite } = await import('@electric-sql/pglite');
    const { pgliteExtensions } = await built('database/pglite-extensions.js');
    const db = await PGlite.create(pgdata, { extensions: pgliteExtensions, loadDataDir: new Blob([readFileSync(join(dir, 'pgdata.tar.gz'))]) });
    await db.query('select 1');
    await db.close();
  } finally {
    release();
  }
}
const files = join(dir, 'files');
if (existsSync(files)) cpSync(files, dataDir, { recursive: true, force: true, preserveTimestamps: true });
console.log(`restored ${dir} (${manifest.database}, made ${manifest.createdAt}) into ${manifest.database === 'postgres' ? 'DATABASE_URL' : dataDir}`);
