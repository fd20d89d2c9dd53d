import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrationsFolder } from '../../src/database/database.service.js';
import { pgliteExtensions } from '../../src/database/pglite-extensions.js';

let key: string | undefined;

/** Every migration file and PGlite's version: a change to either makes a new template (read once per process). */
function templateKey(): string {
  return (key ??= computeTemplateKey());
}

function computeTemplateKey(): string {
  const hash = createHash('sha256');
  const pkg = JSON.parse(readFileSync(join(process.cwd(), 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')) as { version: string };
  hash.update(pkg.version);
  hash.update(Object.keys(pgliteExtensions).sort().join(','));
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(migrationsFolder());
  return hash.digest('hex').slice(0, 16);
}

/**
 * A fresh in-memory PGlite with every migration applied, cloned from a template made once (initdb and the
 * migrations cost several seconds per test file; loading the template's data directory well under one). The
 * template is a gzip of the data directory in the temp folder, keyed by the migrations, written atomically so
 * parallel runs share it.
 */
export async function migratedPglite(): Promise<PGlite> {
  return PGlite.create({ loadDataDir: new Blob([readFileSync(await templateFile())]), extensions: pgliteExtensions });
}

async function templateFile(): Promise<string> {
  const file = join(tmpdir(), `okb-pglite-template-${templateKey()}.tar.gz`);
  if (!existsSync(file)) {
    const template = await PGlite.create({ extensions: pgliteExtensions });
    try {
      await migrate(drizzle({ client: template }), { migrationsFolder: migrationsFolder() });
      const dump = await template.dumpDataDir('gzip');
      const partial = `${file}.${process.pid}.${Date.now()}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    } finally {
      await template.close();
    }
  }
  return file;
}

/**
 * Fills `pgdata` (a built server's `DATA_DIR/pgdata`, not yet there) with a copy of the migrated template as a data
 * directory on disk: a server started on it finds its migrations applied and opens in about a second, where a fresh
 * directory costs it initdb and every migration (20 s on a busy 2-core machine, for each of the ~60 servers the
 * browser suites, the system suites and the drills start). The on-disk template is made once per temp folder and
 * migrations, from the same dump as migratedPglite, and moved into place atomically so parallel workers share it.
 */
export async function fillMigratedDataDir(pgdata: string): Promise<void> {
  const dir = join(tmpdir(), `okb-pglite-datadir-${templateKey()}`);
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    const partial = mkdtempSync(`${dir}.partial-`);
    const db = await PGlite.create(partial, { loadDataDir: new Blob([readFileSync(await templateFile())]), extensions: pgliteExtensions });
    await db.close();
    try {
      renameSync(partial, dir);
    } catch {
      // Another worker moved its copy into place first: use that one.
      rmSync(partial, { recursive: true, force: true });
    }
  }
  cpSync(dir, pgdata, { recursive: true });
}
