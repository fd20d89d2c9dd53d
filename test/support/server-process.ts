import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, spawnBuiltServer, waitUntilReady } from '../../bench/lib/server-process.mjs';
import { scaled } from './machine.mjs';
import { fillMigratedDataDir } from './pglite-template.js';

export interface ServerProcess {
  baseUrl: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export { freePort };

/**
 * The production server (`node dist/src/main.js`, built by `npm run build`) as a child process on a free
 * port with its own embedded database, exactly as an operator runs it. Resolves when the server says it is ready
 * (its readiness endpoint answers 2xx), fails at once when it exits; `timeoutMs` (60 s on an idle machine, scaled
 * to the machine: test/support/machine.mjs) only bounds a server that hangs.
 */
export async function startServer(env: Record<string, string> = {}, options: { dataDir?: string; timeoutMs?: number } = {}): Promise<ServerProcess> {
  const entry = join(process.cwd(), 'dist', 'src', 'main.js');
  if (!existsSync(entry)) throw new Error('dist/src/main.js is missing: run `npm run build` first (npm test does)');
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'okb-server-'));
  // A new embedded database starts as a copy of the migrated template (the server finds nothing to migrate); a
  // directory the caller brings (a restart, an upgrade from old migrations) is left as it is.
  if (!options.dataDir && !env.DATABASE_URL) await fillMigratedDataDir(join(dataDir, 'pgdata'));
  const { child, output } = spawnBuiltServer(entry, {
    port,
    dataDir,
    env: {
      DEMO_MODE: 'false',
      // Production names its gateway and public address (the server refuses to start otherwise).
      PAYMENT_PROVIDER: 'sandbox',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilReady(child, baseUrl, output, { timeoutMs: scaled(options.timeoutMs ?? 60_000), pollMs: 150 });
  return {
    baseUrl,
    port,
    dataDir,
    child,
    output,
    stop: (signal: NodeJS.Signals = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => {
          if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
          resolve(code);
        });
        child.kill(signal);
      }),
  };
}
