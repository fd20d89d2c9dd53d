import type { IncomingMessage } from 'node:http';

/** A request whose JSON body parser kept the exact bytes (payment gateways sign them; see app.factory's keepRaw). */
export type RawBodyRequest = IncomingMessage & { rawBody?: Buffer };
