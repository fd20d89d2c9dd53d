import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, normalize, sep } from 'node:path';
import { randomUUID } from 'node:crypto';

/**
 * Where the server keeps files it writes (signed agreement PDFs, condition photos), keyed by a relative path such as
 * `agreements/<rental>/<signature>.pdf`. The default keeps them on local disk under DATA_DIR/files; several instances
 * need that folder on a shared volume (or another implementation of this class behind the same three calls).
 */
export abstract class FileStore {
  /** Writes `bytes` under `key`, replacing what was there; a reader never sees a half-written file. */
  abstract put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes under `key`, or undefined when there are none. */
  abstract get(key: string): Promise<Buffer | undefined>;
  /** Removes `key` (nothing when it is not there). */
  abstract delete(key: string): Promise<void>;
}

/** A key is a relative path of plain segments: no absolute path, no `..`, no empty or hidden segment. */
export function checkStoreKey(key: string): string {
  const segments = key.split('/');
  if (!key || isAbsolute(key) || key.includes('\\') || key.includes('\0') || segments.some((s) => !s || s === '.' || s === '..' || s.startsWith('.'))) {
    throw new Error(`Invalid file store key: ${JSON.stringify(key)}`);
  }
  return key;
}

/** The FileStore on local disk: one file per key under `root`. */
export class LocalFileStore extends FileStore {
  constructor(readonly root: string) {
    super();
  }

  private pathOf(key: string): string {
    const path = normalize(join(this.root, checkStoreKey(key)));
    if (!path.startsWith(normalize(this.root) + sep)) throw new Error(`Invalid file store key: ${JSON.stringify(key)}`);
    return path;
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const temp = `${path}.${randomUUID()}.tmp`;
    await writeFile(temp, bytes);
    await rename(temp, path);
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.pathOf(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
