// Starting the built server as a child process: shared by the UI bench (bench/ui-timings.mjs) and the tests that
// run the production server (test/support/server-process.ts). Plain JavaScript so both can load it.
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
