/**
 * The embedded database allows one process per data directory, across containers and hosts: the second process on
 * a DATA_DIR refuses with a clear message, also when each runs in a pid namespace of its own (two containers on one
 * volume: both are pid 1 there, and a pid lock file took the other's lock for its own), and a lock file left behind
 * by kill -9 never blocks the next start, also when the pid written in it belongs to a live process (pids repeat
 * across containers). src/database/pglite-lock.ts holds an OS lock on DATA_DIR/okay-bike.lock.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, spawnBuiltServer, waitUntilReady } from '../../bench/lib/server-process.mjs';
import { drillEnv, ServerProcess, startServer } from './drill-support.js';

const entry = join(process.cwd(), 'dist', 'src', 'main.js');
const LOCK = 'okay-bike.lock';
const IN_USE = /The data directory .* is in use by another Okay Bike process/;

/** `unshare --pid` works here (root, or user namespaces allowed): the namespace case runs only then. */
const PID_NAMESPACES = spawnSync('unshare', ['--pid', '--fork', '--kill-child', 'true'], { stdio: 'ignore' }).status === 0;
if (!PID_NAMESPACES) console.warn('data-dir lock drill: `unshare --pid` is not allowed here; the pid-namespace case is skipped');
const itNs = PID_NAMESPACES ? it : it.skip;

const serverEnv = (dataDir: string, port: number) => ({
  PATH: process.env.PATH ?? '',
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: String(port),
  DATA_DIR: dataDir,
  DEMO_MODE: 'false',
  PAYMENT_PROVIDER: 'sandbox',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  ...drillEnv({ LOG_LEVEL: 'warn' }),
});

/** The server in a pid namespace of its own, as in a container: its pid there is 1. */
async function startInPidNamespace(dataDir: string) {
  const port = await freePort();
  const child = spawn('unshare', ['--pid', '--fork', '--kill-child', process.execPath, entry], { env: serverEnv(dataDir, port), stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, port, output: () => out, exited, baseUrl: `http://127.0.0.1:${port}` };
}

/** A second server on `dataDir` that is expected to refuse: its exit code and output. */
async function secondServer(dataDir: string): Promise<{ code: number | null; output: string }> {
  const port = await freePort();
  const { child, output } = spawnBuiltServer(entry, { port, dataDir, env: serverEnv(dataDir, port) });
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  return { code, output: output() };
}

const healthy = async (baseUrl: string) => (await fetch(`${baseUrl}/api/health/ready`)).status;

describe('one process per data directory', () => {
  let dataDir: string;
  const running: ServerProcess[] = [];
  beforeAll(() => {
    if (!existsSync(entry)) throw new Error('dist/src/main.js is missing: run `npm run build` first');
  });
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'okb-lock-'));
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((s) => s.stop('SIGKILL')));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a second process on the same DATA_DIR refuses with a clear message, and the first keeps serving', async () => {
    const first = await startServer(drillEnv(), { dataDir });
    running.push(first);
    const second = await secondServer(dataDir);
    expect(second.code).toBe(1);
    expect(second.output).toMatch(IN_USE);
    expect(second.output).toMatch(new RegExp(`pid ${first.child.pid} on host`));
    expect(await healthy(first.baseUrl)).toBe(200);
  }, 120_000);

  itNs('two processes each in a pid namespace of its own (two containers on one volume, both pid 1): the second refuses', async () => {
    const a = await startInPidNamespace(dataDir);
    try {
      await waitUntilReady(a.child, a.baseUrl, a.output, { timeoutMs: 90_000, pollMs: 150 });
      expect(a.output()).not.toMatch(IN_USE);
      const b = await startInPidNamespace(dataDir);
      try {
        // Either it exits (refusing) or it comes up too (the bug: both serve one embedded database).
        const outcome = await Promise.race([
          b.exited.then((code) => `exited ${code}`),
          waitUntilReady(b.child, b.baseUrl, b.output, { timeoutMs: 90_000, pollMs: 150 }).then(
            () => 'serving',
            () => 'exited',
          ),
        ]);
        expect(outcome).toBe('exited 1');
        expect(b.output()).toMatch(IN_USE);
      } finally {
        b.child.kill('SIGKILL');
      }
      expect(await healthy(a.baseUrl)).toBe(200);
    } finally {
      a.child.kill('SIGKILL');
      await a.exited;
    }
  }, 180_000);

  it('a lock file left by kill -9 does not block the next start, even when the pid in it is alive', async () => {
    const first = await startServer(drillEnv(), { dataDir });
    expect(await first.stop('SIGKILL')).toBeNull();
    expect(existsSync(join(dataDir, LOCK))).toBe(true);
    const next = await startServer(drillEnv(), { dataDir });
    running.push(next);
    expect(await healthy(next.baseUrl)).toBe(200);
    expect(await next.stop('SIGTERM')).toBe(0);
    running.pop();

    // A container's stale lock names a pid that, in the next container, is some live process (here: this test's).
    writeFileSync(join(dataDir, LOCK), String(process.pid));
    const again = await startServer(drillEnv(), { dataDir });
    running.push(again);
    expect(await healthy(again.baseUrl)).toBe(200);
  }, 180_000);
});
