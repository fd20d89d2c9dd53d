#!/usr/bin/env node
// One schema source (issue 24): the Drizzle TypeScript schema (src/database/schema), the hand-written SQL
// migrations (src/database/migrations/NNNN_*.sql) and drizzle-kit's newest snapshot (meta/NNNN_snapshot.json)
// describe the same database.
//
//   node scripts/db-schema.mjs check     (npm run db:check, in .ci/run) fails when `drizzle-kit generate` would
//                                        write a migration nobody committed: the TS schema differs from the newest
//                                        snapshot (a schema change without its migration, or a hand-written
//                                        migration whose snapshot was not regenerated).
//   node scripts/db-schema.mjs snapshot  (npm run db:snapshot) after a hand-written migration NNNN_x.sql (with its
//                                        journal entry) and the matching TS schema change: writes
//                                        meta/NNNN_snapshot.json, the TS schema's snapshot, chained to the previous one.
//
// drizzle-kit runs in node_modules/.cache/db-schema (a copy of meta/), never in src/database/migrations, and
// without prompts: a snapshot is generated into an empty folder, where there is nothing to rename.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const migrations = join(root, 'src/database/migrations');
const meta = join(migrations, 'meta');
const work = 'node_modules/.cache/db-schema'; // relative: drizzle-kit prefixes its out folder with ./

function drizzleGenerate(out) {
  return spawnSync(
    'npx',
    ['drizzle-kit', 'generate', '--dialect', 'postgresql', '--schema', './src/database/schema/index.ts', '--out', out, '--casing', 'snake_case'],
    { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
}

const snapshotsIn = (dir) =>
  readdirSync(dir)
    .filter((f) => /^\d{4}_snapshot\.json$/.test(f))
    .sort();

function check() {
  const out = join(work, 'check');
  rmSync(join(root, out), { recursive: true, force: true });
  mkdirSync(join(root, out), { recursive: true });
  cpSync(meta, join(root, out, 'meta'), { recursive: true });
  const r = drizzleGenerate(out);
  const written = readdirSync(join(root, out)).filter((f) => f.endsWith('.sql'));
  const output = `${r.stdout}\n${r.stderr}`;
  if (r.status === 0 && !written.length && /No schema changes/i.test(output)) {
    console.log(`db:check: the TypeScript schema and meta/${snapshotsIn(meta).at(-1)} agree (drizzle-kit generate has nothing to write)`);
    return;
  }
  console.error('db:check: `drizzle-kit generate` would write a migration nobody committed.');
  for (const f of written) console.error(`--- ${f}\n${readFileSync(join(root, out, f), 'utf8')}`);
  if (!written.length) console.error(output.split('\n').filter((l) => !/^\s+at /.test(l)).slice(-15).join('\n'));
  console.error(
    'Either the TypeScript schema changed without a migration (write src/database/migrations/NNNN_<topic>.sql and its journal entry),\n' +
      'or a migration was written without its snapshot: with the TS schema level with the SQL, run `npm run db:snapshot` and commit meta/.',
  );
  process.exit(1);
}

function snapshot() {
  const journal = JSON.parse(readFileSync(join(meta, '_journal.json'), 'utf8'));
  const newest = journal.entries.at(-1);
  const file = `${String(newest.idx).padStart(4, '0')}_snapshot.json`;
  const previous = snapshotsIn(meta).filter((f) => f !== file).at(-1);
  const prevId = JSON.parse(readFileSync(join(meta, previous), 'utf8')).id;
  const out = join(work, 'snapshot');
  rmSync(join(root, out), { recursive: true, force: true });
  const r = drizzleGenerate(out);
  const made = existsSync(join(root, out, 'meta')) ? snapshotsIn(join(root, out, 'meta')) : [];
  if (r.status !== 0 || made.length !== 1) {
    console.error(`db:snapshot: drizzle-kit generate failed\n${r.stdout}\n${r.stderr}`);
    process.exit(1);
  }
  const snap = JSON.parse(readFileSync(join(root, out, 'meta', made[0]), 'utf8'));
  const existing = existsSync(join(meta, file)) ? JSON.parse(readFileSync(join(meta, file), 'utf8')) : null;
  // The same id when the file is only refreshed, so a second run changes nothing.
  const next = { ...snap, id: existing?.id ?? snap.id, prevId };
  writeFileSync(join(meta, file), JSON.stringify(next, null, 2) + '\n');
  console.log(`db:snapshot: wrote src/database/migrations/meta/${file} (after ${previous}) for migration ${newest.tag}`);
}

const command = process.argv[2];
if (command === 'check') check();
else if (command === 'snapshot') snapshot();
else {
  console.error('usage: node scripts/db-schema.mjs check|snapshot');
  process.exit(2);
}
