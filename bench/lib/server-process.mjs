// Starting the built server as a child process: shared by the UI bench (bench/ui-timings.mjs) and the tests that
// run the production server (test/support/server-process.ts). Plain JavaScript so both can load it.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** A TCP port free on 127.0.0.1 right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * `node <entry>` in production mode on 127.0.0.1:`port` with `dataDir` as its DATA_DIR and warn-level logs, plus
 * `env` (which wins). Collects its stdout and stderr: `output()` is everything it printed so far.
 */
export function spawnBuiltServer(entry, { port, dataDir, env }) {
  let out = '';
  const child = spawn(process.execPath, [entry], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  return { child, output: () => out };
}

/**
 * Polls `${baseUrl}/api/health/ready` until it answers 2xx. Throws (with the server's output so far) when the child
 * exits first, or kills it and throws when `timeoutMs` passes first.
 */
export async function waitUntilReady(child, baseUrl, output, { timeoutMs, pollMs }) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/api/health/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become ready:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
}
