// A small closed-loop HTTP/1.1 load generator with keep-alive connections, written on node:net so it needs
// nothing beyond Node and costs little CPU (the server under test shares the machine).
//
// Each connection sends one request, reads the whole response, records the latency and sends the next
// (no pipelining): throughput at a fixed number of connections, like autocannon or wrk.
//
// As a library:   const result = await runLoad({ url, connections, durationMs, warmupMs, requests })
//                 runs in a CHILD process so it never steals the server's event loop.
// As a script:    node bench/lib/load.mjs '{"url":"http://127.0.0.1:3000","connections":10,...}'
//                 prints the result as JSON on stdout.
//
// requests: [{ method?, path, headers?, body? }, ...]; connection c sends requests[(c + n * connections) % len]
// for its n-th request, so a list of N distinct requests is spread over every connection.
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';

const CRLF = '\r\n';

/** Percentiles from every recorded sample (a sorted array: exact, no bucketing error). */
export function summarize(samples) {
  const sorted = Float64Array.from(samples).sort();
  const n = sorted.length;
  const at = (q) => (n === 0 ? NaN : sorted[Math.min(n - 1, Math.max(0, Math.ceil(q * n) - 1))]);
  let sum = 0;
  for (const v of sorted) sum += v;
  const round = (v) => Math.round(v * 1000) / 1000;
  return {
    count: n,
    mean: round(n ? sum / n : NaN),
    p50: round(at(0.5)),
    p90: round(at(0.9)),
    p99: round(at(0.99)),
    p999: round(at(0.999)),
    max: round(n ? sorted[n - 1] : NaN),
  };
}

function encodeRequest(host, r) {
  const body = r.body === undefined ? undefined : Buffer.from(typeof r.body === 'string' ? r.body : JSON.stringify(r.body));
  const headers = { host, connection: 'keep-alive', ...(r.headers ?? {}) };
  if (body) {
    headers['content-length'] = String(body.length);
    if (!Object.keys(headers).some((k) => k.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
  }
  let head = `${r.method ?? 'GET'} ${r.path} HTTP/1.1${CRLF}`;
  for (const [k, v] of Object.entries(headers)) head += `${k}: ${v}${CRLF}`;
  head += CRLF;
  return body ? Buffer.concat([Buffer.from(head), body]) : Buffer.from(head);
}

/**
 * Incremental HTTP/1.1 response parser: Content-Length and chunked bodies. Calls onResponse(status, keepAlive)
 * once per complete response. Enough for the server under test; not a general-purpose client.
 */
class ResponseParser {
  constructor(onResponse) {
    this.onResponse = onResponse;
    this.buf = Buffer.alloc(0);
    this.state = 'head';
  }

  push(chunk) {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    for (;;) {
      if (this.state === 'head') {
        const end = this.buf.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = this.buf.subarray(0, end).toString('latin1');
        this.buf = this.buf.subarray(end + 4);
        const lines = head.split(CRLF);
        this.status = Number(lines[0].split(' ')[1]);
        this.keepAlive = true;
        this.remaining = 0;
        this.chunked = false;
        for (let i = 1; i < lines.length; i++) {
          const colon = lines[i].indexOf(':');
          const name = lines[i].slice(0, colon).trim().toLowerCase();
          const value = lines[i].slice(colon + 1).trim();
          if (name === 'content-length') this.remaining = Number(value);
          else if (name === 'transfer-encoding' && /chunked/i.test(value)) this.chunked = true;
          else if (name === 'connection' && /close/i.test(value)) this.keepAlive = false;
        }
        this.state = this.chunked ? 'chunk-size' : 'body';
      } else if (this.state === 'body') {
        if (this.buf.length < this.remaining) {
          this.remaining -= this.buf.length;
          this.buf = Buffer.alloc(0);
          return;
        }
        this.buf = this.buf.subarray(this.remaining);
        this.state = 'head';
        this.onResponse(this.status, this.keepAlive);
      } else if (this.state === 'chunk-size') {
        const end = this.buf.indexOf(CRLF);
        if (end < 0) return;
        const size = parseInt(this.buf.subarray(0, end).toString('latin1'), 16);
        this.buf = this.buf.subarray(end + 2);
        if (size === 0) {
          this.state = 'trailer';
        } else {
          this.remaining = size + 2; // chunk data and its CRLF
          this.state = 'chunk-data';
        }
      } else if (this.state === 'chunk-data') {
        if (this.buf.length < this.remaining) {
          this.remaining -= this.buf.length;
          this.buf = Buffer.alloc(0);
          return;
        }
        this.buf = this.buf.subarray(this.remaining);
        this.state = 'chunk-size';
      } else if (this.state === 'trailer') {
        const end = this.buf.indexOf(CRLF);
        if (end < 0) return;
        const line = this.buf.subarray(0, end);
        this.buf = this.buf.subarray(end + 2);
        if (line.length === 0) {
          this.state = 'head';
          this.onResponse(this.status, this.keepAlive);
        }
      }
    }
  }
}

/** Runs the load in this process. Prefer runLoad(), which puts it in a child process. */
export async function runLoadHere(config) {
  const url = new URL(config.url);
  const host = url.host;
  const port = Number(url.port || 80);
  const connections = config.connections ?? 10;
  const durationMs = config.durationMs ?? 10_000;
  const warmupMs = config.warmupMs ?? 0;
  const encoded = config.requests.map((r) => encodeRequest(host, r));
  const latencies = [];
  const ttfbs = [];
  const statuses = {};
  let errors = 0;
  let reconnects = 0;
  let allRequests = 0;
  let recording = false;
  let stopping = false;
  let measuredStart = 0;
  let measuredEnd = 0;

  const worker = (c) =>
    new Promise((resolveWorker) => {
      let n = 0;
      let socket;
      let sentAt = 0n;
      let firstByteAt = 0n;
      let parser;

      const open = () => {
        socket = connect({ host: url.hostname, port, noDelay: true });
        parser = new ResponseParser((status, keepAlive) => {
          const now = process.hrtime.bigint();
          allRequests++;
          if (recording) {
            latencies.push(Number(now - sentAt) / 1e6);
            ttfbs.push(Number(firstByteAt - sentAt) / 1e6);
            statuses[status] = (statuses[status] ?? 0) + 1;
          }
          firstByteAt = 0n;
          if (!keepAlive) {
            socket.removeAllListeners();
            socket.destroy();
            reconnects++;
            if (stopping) return resolveWorker();
            open();
            socket.once('connect', send);
            return;
          }
          send();
        });
        socket.on('data', (chunk) => {
          if (firstByteAt === 0n) firstByteAt = process.hrtime.bigint();
          parser.push(chunk);
        });
        socket.on('error', () => {});
        socket.on('close', () => {
          if (stopping) return resolveWorker();
          // Closed in the middle of an exchange: count an error and carry on with a new connection.
          errors++;
          reconnects++;
          setTimeout(() => {
            if (stopping) return resolveWorker();
            open();
            socket.once('connect', send);
          }, 10);
        });
      };

      const send = () => {
        if (stopping) {
          socket.removeAllListeners();
          socket.destroy();
          return resolveWorker();
        }
        const buf = encoded[(c + n * connections) % encoded.length];
        n++;
        sentAt = process.hrtime.bigint();
        socket.write(buf);
      };

      open();
      socket.once('connect', send);
    });

  const started = performance.now();
  const cpuStart = process.cpuUsage();
  const workers = Array.from({ length: connections }, (_, c) => worker(c));
  if (warmupMs > 0) await new Promise((r) => setTimeout(r, warmupMs));
  recording = true;
  measuredStart = performance.now();
  await new Promise((r) => setTimeout(r, durationMs));
  recording = false;
  measuredEnd = performance.now();
  stopping = true;
  await Promise.race([Promise.all(workers), new Promise((r) => setTimeout(r, 5000))]);

  const cpu = process.cpuUsage(cpuStart);
  const seconds = (measuredEnd - measuredStart) / 1000;
  const ok = Object.entries(statuses).reduce((s, [k, v]) => (Number(k) < 400 ? s + v : s), 0);
  return {
    connections,
    durationMs: Math.round(measuredEnd - measuredStart),
    totalMs: Math.round(performance.now() - started),
    requests: latencies.length,
    /** Including the warm-up: to divide CPU time measured over the whole run by. */
    allRequests,
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    rps: Math.round((latencies.length / seconds) * 10) / 10,
    okRps: Math.round((ok / seconds) * 10) / 10,
    statuses,
    errors,
    reconnects,
    latencyMs: summarize(latencies),
    ttfbMs: summarize(ttfbs),
  };
}

/** Runs the load in a child Node process (its own event loop and core) and resolves with its result. */
export function runLoad(config) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url)], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`load generator exited with ${code}`));
      try {
        resolve(JSON.parse(out));
      } catch (e) {
        reject(new Error(`load generator printed no result: ${out.slice(0, 500)} (${e.message})`));
      }
    });
    // The config goes over stdin: request lists (tokens, bodies) can be long.
    child.stdin.end(JSON.stringify(config));
  });
}

async function readStdin() {
  let data = '';
  for await (const chunk of process.stdin) data += chunk;
  return data;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const raw = process.argv[2] ?? (await readStdin());
  const result = await runLoadHere(JSON.parse(raw));
  process.stdout.write(JSON.stringify(result));
  process.exit(0);
}
