import { closeSync, ftruncateSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** fs-native-extensions (holepunch; prebuilt for Linux, macOS and Windows): an OS-level lock on an open file. */
interface FileLocks {
  /** A non-blocking exclusive lock on the whole file; false when another open file holds it. */
  tryLock(fd: number): boolean;
  unlock(fd: number): void;
}
const locks = createRequire(import.meta.url)('fs-native-extensions') as FileLocks;

export const LOCK_FILE = 'okay-bike.lock';

/**
 * PGlite is a single-process database: two processes on one data directory corrupt it. The process holds an
 * exclusive OS lock on DATA_DIR/okay-bike.lock for as long as it runs: an open-file-description lock (fcntl
 * F_OFD_SETLK) on Linux, flock on macOS, LockFileEx on Windows. The kernel (or the NFS server, for a shared
 * volume) keeps it, so it works across containers whose pid namespaces repeat pids and across hosts on one
 * volume, and it dies with the process: a lock file left by kill -9 or a crash never blocks the next start
 * (test/drills/data-dir-lock.test.ts). The file itself stays; its text only names the holder for the message.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, LOCK_FILE);
  const fd = openSync(file, 'a+');
  let held: boolean;
  try {
    held = locks.tryLock(fd);
  } catch (e) {
    closeSync(fd);
    throw new Error(
      `Could not lock the data directory ${dataDir} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}): ` +
        'its filesystem must support file locks (a local disk or volume, NFSv4).',
    );
  }
  if (!held) {
    let holder = '';
    try {
      holder = readFileSync(file, 'utf8').trim();
    } catch {
      // the holder's note is only for the message
    }
    closeSync(fd);
    throw new Error(
      `The data directory ${dataDir} is in use by another Okay Bike process${holder ? ` (${holder})` : ''}. ` +
        'The embedded database allows one process at a time: stop the other one, ' +
        'or use DATABASE_URL to share a PostgreSQL server between instances.',
    );
  }
  ftruncateSync(fd, 0);
  writeSync(fd, `pid ${process.pid} on host ${hostname()}, since ${new Date().toISOString()}\n`);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    try {
      locks.unlock(fd);
    } finally {
      closeSync(fd);
    }
  };
}
