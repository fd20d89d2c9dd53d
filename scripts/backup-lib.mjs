// Shared by scripts/backup.mjs and scripts/restore.mjs: the settings they read (the shop's own: DATABASE_URL,
// DATA_DIR, PORT, ADMIN_EMAIL, ADMIN_PASSWORD) and the parts of the built server they use (npm run build first;
// the image has them).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export function built(path) {
  const file = join(root, 'dist', 'src', path);
  if (!existsSync(file)) fail(`${file} is missing: run \`npm run build\` first`);
  return import(file);
}

export function fail(message) {
  console.error(`${process.argv[1].split('/').pop()}: ${message}`);
  process.exit(1);
}

export const settings = () => ({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: resolve(process.env.DATA_DIR || join(root, 'data')),
  shopUrl: process.env.SHOP_URL || `http://127.0.0.1:${process.env.PORT || 3000}`,
});

/** Runs a PostgreSQL client tool; fails with its message. */
export function pgTool(tool, args) {
  const res = spawnSync(tool, args, { encoding: 'utf8', stdio: ['ignore', 'inherit', 'pipe'] });
  if (res.error) fail(`${tool} could not run (${res.error.code ?? res.error.message}): install the PostgreSQL client tools of your server's major version`);
  if (res.status !== 0) fail(`${tool} failed: ${res.stderr.trim()}`);
}

/** Every file under DATA_DIR that is not the embedded database, its lock or backups kept there: uploads and the like. */
export const isDataFile = (relative) =>
  relative !== 'okay-bike.lock' && !['pgdata', 'backups'].some((d) => relative === d || relative.startsWith(`${d}/`)) && !relative.startsWith('pgdata.before-restore');
