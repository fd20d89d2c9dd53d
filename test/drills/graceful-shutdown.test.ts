/**
 * Drill 2: SIGTERM under load. Requests the server had already accepted complete (no connection reset for a
 * request in flight), new connections are refused, keep-alive clients that keep sending do not hold the process
 * open, and it exits by itself within 10 seconds with code 0.
 *
 * Issue 28, finding 4: with a drain window (SHUTDOWN_DRAIN_MS) a load balancer that watches the readiness endpoint
 * takes the instance out of rotation before it closes: under load, 0 failed requests.
 */
import http from 'node:http';
import { connect, Socket } from 'node:net';
import { adminToken, createBike, createUsers, drillEnv, ServerProcess, sleep, startServer, tomorrow } from './drill-support.js';

interface Outcome {
  sentAt: number;
  status?: number;
  error?: string;
}

/** One GET over a keep-alive agent; never rejects. */
function get(agent: http.Agent, port: number, path: string): Promise<Outcome> {
  const sentAt = Date.now();
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ sentAt, status: res.statusCode }));
      res.on('error', (e) => resolve({ sentAt, error: (e as NodeJS.ErrnoException).code ?? e.message }));
    });
    req.on('error', (e) => resolve({ sentAt, error: (e as NodeJS.ErrnoException).code ?? e.message }));
    req.setTimeout(15_000, () => req.destroy(new Error('client timeout')));
  });
}

/**
 * A POST whose body arrives in two parts: the server has accepted the request (headers read, the handler waits for
 * the body) before SIGTERM, and the rest of the body comes after it. Resolves with the whole raw response.
 */
function slowPost(port: number, path: string, token: string, body: string) {
  const socket: Socket = connect({ host: '127.0.0.1', port });
  let raw = '';
  let error: string | undefined;
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('data', (d) => (raw += d.toString('latin1')));
  socket.on('error', (e) => (error = (e as NodeJS.ErrnoException).code ?? e.message));
  const cut = Math.floor(body.length / 2);
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: keep-alive\r\n\r\n${body.slice(0, cut)}`,
  );
  return {
    finish: () => socket.write(body.slice(cut)),
    result: async () => {
      // The server answers, then closes the connection while shutting down (or the client gives up after 15 s).
      await Promise.race([closed, sleep(15_000)]);
      socket.destroy();
      return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0), raw, error };
    },
  };
}

/** A fresh TCP connection: 'refused' when nobody listens any more. */
function tryConnect(port: number): Promise<'connected' | 'refused' | string> {
  return new Promise((resolve) => {
    const s = connect({ host: '127.0.0.1', port });
    s.on('connect', () => {
      s.destroy();
      resolve('connected');
    });
    s.on('error', (e) => resolve((e as NodeJS.ErrnoException).code === 'ECONNREFUSED' ? 'refused' : String((e as NodeJS.ErrnoException).code)));
  });
}

describe('SIGTERM under load', () => {
  let server: ServerProcess | undefined;
  afterAll(async () => {
    if (server && server.child.exitCode === null) await server.stop('SIGKILL');
  });

  it('finishes the requests in flight, refuses new ones and exits 0 within 10 s', async () => {
    server = await startServer(drillEnv());
    const { port } = server;
    const admin = await adminToken(server.baseUrl);
    const bikeId = await createBike(server.baseUrl, admin, 100);
    const [user] = await createUsers(server.baseUrl, 1);

    // Five bookings accepted (headers read, the handler waiting for the body) whose bodies are still arriving when
    // the signal comes. Sent before the load starts, so the server has surely read their headers.
    const slow = Array.from({ length: 5 }, () => slowPost(port, '/api/rentals', user.token, JSON.stringify({ bikeId, startTime: tomorrow(), quantity: 1 })));
    await sleep(500);

    // 10 keep-alive clients reading the catalogue without pause, before and after the signal.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
    const outcomes: Outcome[] = [];
    let running = true;
    const loaders = Array.from({ length: 10 }, async () => {
      while (running) {
        const o = await get(agent, port, '/api/bikes?page=1&limit=10');
        outcomes.push(o);
        if (o.error) await sleep(20);
      }
    });
    await sleep(700);

    const exited = new Promise<{ code: number | null; at: number }>((resolve) => server!.child.once('exit', (code) => resolve({ code, at: Date.now() })));
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');

    // While the accepted bookings still wait for their bodies (so the process cannot have exited), the listener
    // closes: a new connection is refused.
    let newConnection = 'connected';
    const refuseBy = Date.now() + 5000;
    while (newConnection !== 'refused' && Date.now() < refuseBy) {
      await sleep(50);
      newConnection = await tryConnect(port);
    }
    const refusedAfter = Date.now() - signalledAt;
    const aliveWhileRefusing = server.child.exitCode === null;
    for (const s of slow) s.finish();
    const booked = await Promise.all(slow.map((s) => s.result()));

    const exit = await Promise.race([exited, sleep(12_000).then(() => ({ code: -1, at: Date.now() }))]);
    running = false;
    await Promise.all(loaders);
    agent.destroy();

    // Exits by itself, in time, with code 0.
    expect(exit.code).toBe(0);
    expect(exit.at - signalledAt).toBeLessThan(10_000);
    // New connections are refused once the signal is handled.
    expect(newConnection).toBe('refused');
    expect(aliveWhileRefusing).toBe(true);
    // The accepted bookings complete: a whole HTTP answer, no reset.
    for (const b of booked) {
      expect(b.error).toBeUndefined();
      expect(b.status).toBe(201);
    }
    // Every GET sent before the signal was answered 200; after it, only answers or refusals, never a hang.
    const before = outcomes.filter((o) => o.sentAt < signalledAt);
    expect(before.length).toBeGreaterThan(10);
    expect(before.filter((o) => o.status !== 200)).toEqual([]);
    const after = outcomes.filter((o) => o.sentAt >= signalledAt);
    for (const o of after) {
      if (o.error) expect(o.error).toMatch(/ECONNREFUSED|ECONNRESET|socket hang up/);
      else expect(o.status).toBe(200);
    }
    console.log(
      `shutdown drill: exit ${exit.code} after ${exit.at - signalledAt} ms; new connections refused ${refusedAfter} ms after the signal; ${before.length} GETs before the signal all 200; ` +
        `after it ${after.filter((o) => o.status === 200).length} answered, ${after.filter((o) => o.error).length} refused ` +
        `(${[...new Set(after.map((o) => o.error).filter(Boolean))].join(', ')}); ${booked.length} half-sent bookings answered ${booked.map((b) => b.status).join(',')}`,
    );
    server = undefined;
  }, 90_000);

  it('with SHUTDOWN_DRAIN_MS, readiness fails first while requests are still served: a balancer watching it sees 0 failed requests', async () => {
    const drain = await startServer(drillEnv({ SHUTDOWN_DRAIN_MS: '5000' }));
    const { port } = drain;
    // A load balancer: 10 keep-alive clients send while the instance is in rotation; a health check every 100 ms takes
    // it out at the first readiness answer that is not 200.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
    const outcomes: Outcome[] = [];
    let inRotation = true;
    let outOfRotationAt = 0;
    const checks: Outcome[] = [];
    const checker = (async () => {
      while (inRotation) {
        const o = await get(agent, port, '/api/health/ready');
        checks.push(o);
        if (o.status !== 200) {
          inRotation = false;
          outOfRotationAt = Date.now();
        } else await sleep(100);
      }
    })();
    const loaders = Array.from({ length: 10 }, async () => {
      while (inRotation) outcomes.push(await get(agent, port, '/api/bikes?page=1&limit=10'));
    });
    await sleep(700);
    const exited = new Promise<{ code: number | null; at: number }>((resolve) => drain.child.once('exit', (code) => resolve({ code, at: Date.now() })));
    const signalledAt = Date.now();
    drain.child.kill('SIGTERM');
    await checker;
    // Out of rotation, yet still serving: a request on a new connection is answered during the drain.
    const freshAgent = new http.Agent({ keepAlive: false });
    const lateFresh = await get(freshAgent, port, '/api/bikes?page=1&limit=1');
    freshAgent.destroy();
    await Promise.all(loaders);
    agent.destroy();
    const exit = await Promise.race([exited, sleep(30_000).then(() => ({ code: -1, at: Date.now() }))]);

    expect(exit.code).toBe(0);
    expect(checks[checks.length - 1].status).toBe(503);
    expect(lateFresh.status).toBe(200);
    expect(outcomes.length).toBeGreaterThan(10);
    expect(outcomes.filter((o) => o.status !== 200)).toEqual([]);
    // The process stayed up for the drain window after the balancer took it out.
    expect(exit.at).toBeGreaterThan(outOfRotationAt);
    const afterSignal = outcomes.filter((o) => o.sentAt >= signalledAt).length;
    console.log(
      `drain drill: ${outcomes.length} requests, 0 failed (${afterSignal} sent after SIGTERM, before the balancer saw readiness 503 ` +
        `${outOfRotationAt - signalledAt} ms after it); exit ${exit.code} ${exit.at - signalledAt} ms after the signal`,
    );
  }, 90_000);
});
