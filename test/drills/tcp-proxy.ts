import { createServer, connect, Server, Socket } from 'node:net';

/**
 * A TCP proxy the drills put between the app and PostgreSQL, to take the database away without touching the
 * real server (other people use it):
 * - cut(): destroys every proxied connection and stops listening, so new connections are refused at once;
 * - stall(): keeps every connection open but forwards nothing more, and accepts new connections without
 *   forwarding them (a database that hangs, or a network that drops packets);
 * - restore(): forwards again (stalled connections resume; after a cut it listens again on the same port).
 */
export class TcpProxy {
  private server?: Server;
  private readonly pairs = new Set<{ client: Socket; upstream: Socket }>();
  private mode: 'up' | 'stalled' = 'up';
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<number> {
    await this.listen(0);
    return this.port;
  }

  private listen(port: number): Promise<void> {
    const server = createServer((client) => this.accept(client));
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        this.port = (server.address() as { port: number }).port;
        resolve();
      });
    });
  }

  private accept(client: Socket): void {
    client.on('error', () => undefined);
    if (this.mode === 'stalled') {
      // Accepted, never answered: the client waits until its own timeout.
      this.pairs.add({ client, upstream: client });
      client.pause();
      return;
    }
    const upstream = connect({ host: this.targetHost, port: this.targetPort });
    upstream.on('error', () => client.destroy());
    const pair = { client, upstream };
    this.pairs.add(pair);
    client.pipe(upstream);
    upstream.pipe(client);
    const drop = () => {
      this.pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', drop);
    upstream.on('close', drop);
  }

  /** The database is gone: connections reset, new ones refused. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    const closed = server ? new Promise((r) => server.close(r)) : Promise.resolve();
    for (const { client, upstream } of this.pairs) {
      client.destroy();
      upstream.destroy();
    }
    this.pairs.clear();
    await closed;
  }

  /** The database hangs: nothing is forwarded any more, in either direction, and nothing is closed. */
  stall(): void {
    this.mode = 'stalled';
    for (const { client, upstream } of this.pairs) {
      client.unpipe();
      upstream.unpipe();
      client.pause();
      upstream.pause();
    }
  }

  /** The database is back: stalled connections flow again (the network healed); new ones are forwarded. */
  async restore(): Promise<void> {
    if (this.mode === 'stalled') {
      this.mode = 'up';
      for (const pair of this.pairs) {
        const { client, upstream } = pair;
        if (client === upstream) {
          // Accepted while stalled and never forwarded: the app gave up on it long ago.
          this.pairs.delete(pair);
          client.destroy();
          continue;
        }
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
        upstream.resume();
      }
    }
    if (!this.server) await this.listen(this.port);
  }

  async close(): Promise<void> {
    await this.cut();
  }
}
