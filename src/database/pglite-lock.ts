import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is a single-process database: two processes on one data directory corrupt it.
 * A pid lock file makes the second process fail with a clear message; a stale lock is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'okay-bike.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
        throw new Error(
          `The data directory ${dataDir} is in use by another Okay Bike process (pid ${pid}). ` +
            'The embedded database allows one process at a time: stop the other one, ' +
            'or use DATABASE_URL to share a PostgreSQL server between instances.',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}`);
}
