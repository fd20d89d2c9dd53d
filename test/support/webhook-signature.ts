import { createHmac } from 'node:crypto';

/**
 * A partner's check of `X-OkayBike-Signature`, written from the README's description ("t=<unix seconds>,v1=<hex
 * HMAC-SHA256 of "<t>.<raw body>">"), independent of src/modules/notifications/webhook-http.ts: a signature made
 * any other way (over the body without `t.`, another hash, another secret) fails it.
 */
export function partnerAccepts(secret: string, rawBody: string, header: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return false;
  const [, t, v1] = match;
  return createHmac('sha256', secret).update(`${t}.${rawBody}`, 'utf8').digest('hex') === v1;
}
