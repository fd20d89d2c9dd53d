import type { INestApplication } from '@nestjs/common';
import { request as httpRequest, type Server } from 'node:http';
import { Duplex, PassThrough } from 'node:stream';
import { WEB_CLIENT_HEADER, WEB_CLIENT_VALUE } from '../common/public-urls.js';
import type { LocalAnswer, LocalApi } from './render-contract.js';

/** Who the page request names: its Cookie and Authorization headers (absent for a page rendered signed out). */
export interface LocalCaller {
  cookie?: string;
  authorization?: string;
}

/** Marks the in-memory connections, so the server (and its tests) can tell them from network sockets. */
export const IN_PROCESS_CONNECTION = Symbol.for('okb.inProcessConnection');

/** Two connected in-memory stream ends with the few socket methods Node's HTTP server and client call. */
function memoryConnection(): { client: Duplex; server: Duplex } {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  const client = Duplex.from({ readable: toClient, writable: toServer });
  const server = Duplex.from({ readable: toServer, writable: toClient });
  for (const end of [client, server]) {
    Object.assign(end, {
      remoteAddress: '127.0.0.1',
      remotePort: 0,
      encrypted: false,
      [IN_PROCESS_CONNECTION]: true,
      setTimeout: () => end,
      setNoDelay: () => end,
      setKeepAlive: () => end,
      ref: () => end,
      unref: () => end,
    });
  }
  return { client, server };
}

/**
 * The API in-process for the server's route loaders. Every call is a real HTTP request handed to Nest's own HTTP
 * server over an in-memory connection (no socket, no loopback port): the same middleware, router, guards, pipes,
 * interceptors and exception filter as a request over the network, so it answers exactly what the web client gets
 * (image paths kept, `x-okb-client: web`), for every route — nothing is listed by hand.
 */
export function createLocalApiFactory(app: INestApplication): (caller: LocalCaller) => LocalApi {
  const httpServer = app.getHttpServer() as Server;

  return (caller) => (method, path, query) =>
    new Promise<LocalAnswer>((resolve, reject) => {
      const headers: Record<string, string> = { accept: 'application/json', connection: 'close', [WEB_CLIENT_HEADER]: WEB_CLIENT_VALUE };
      if (caller.cookie) headers.cookie = caller.cookie;
      if (caller.authorization) headers.authorization = caller.authorization;
      const search = new URLSearchParams(query).toString();
      const connection = memoryConnection();
      httpServer.emit('connection', connection.server);
      const req = httpRequest(
        {
          method: method.toUpperCase(),
          host: 'localhost',
          path: `/api/${path.replace(/^\/+/, '')}${search ? `?${search}` : ''}`,
          headers,
          createConnection: () => connection.client,
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('error', reject);
          res.on('end', () => {
            connection.client.destroy();
            connection.server.destroy();
            let body: unknown = {};
            try {
              body = text ? (JSON.parse(text) as unknown) : {};
            } catch {
              body = { success: false, message: `The API answered ${res.statusCode ?? 0} with a body that is not JSON` };
            }
            resolve({ status: res.statusCode ?? 0, body });
          });
        },
      );
      req.on('error', reject);
      req.end();
    });
}
