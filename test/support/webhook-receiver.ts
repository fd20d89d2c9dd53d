import { createServer, IncomingMessage, Server } from 'node:http';

export interface ReceivedHook {
  headers: IncomingMessage['headers'];
  raw: string;
  body: { id: string; type: string; createdAt: string; data: Record<string, unknown> };
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedHook[];
  /** How many requests were answered with `failStatus` (so far). */
  failures: number;
  /** The next `n` requests get `status` (500 by default). */
  failNext(n: number, status?: number): void;
  close(): Promise<void>;
}

/** A partner's endpoint on 127.0.0.1 that keeps the successful deliveries it answered 200. */
export async function startWebhookReceiver(path = '/hooks'): Promise<WebhookReceiver> {
  const received: ReceivedHook[] = [];
  let fail = 0;
  let failStatus = 500;
  const state = { failures: 0 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (fail > 0) {
        fail--;
        state.failures++;
        res.writeHead(failStatus, { 'content-type': 'text/plain' }).end('temporarily broken');
        return;
      }
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: req.headers, raw, body: JSON.parse(raw) });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    get failures() {
      return state.failures;
    },
    failNext(n, status = 500) {
      fail = n;
      failStatus = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
