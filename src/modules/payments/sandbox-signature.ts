import { BadRequestException } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Env } from '../../config/env.schema.js';
import { resolveJwtSecret } from '../auth/jwt-secret.js';
import { NOTIFICATION_TOLERANCE_SECONDS } from './payment-gateway.js';

/** Header of the sandbox gateway's notifications: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const SANDBOX_SIGNATURE_HEADER = 'Okb-Sandbox-Signature';

/**
 * SANDBOX_WEBHOOK_SECRET, else derived from the JWT secret (itself from the environment or DATA_DIR), so every
 * instance sharing JWT_SECRET also shares the sandbox secret and nobody has to choose one.
 */
export function resolveSandboxSecret(env: Env): string {
  if (env.SANDBOX_WEBHOOK_SECRET) return env.SANDBOX_WEBHOOK_SECRET;
  return createHmac('sha256', resolveJwtSecret(env)).update('okay-bike/sandbox-webhook-secret/v1').digest('hex');
}

const hmac = (secret: string, timestamp: number, rawBody: Buffer | string): string =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');

export function signSandboxPayload(secret: string, rawBody: Buffer | string, timestamp: number): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, rawBody)}`;
}

const invalid = (message: string) => new BadRequestException({ message, code: 'INVALID_SIGNATURE' });

/** Throws 400 unless `header` signs `rawBody` with `secret` and is at most 5 minutes old at `nowSeconds`. */
export function verifySandboxSignature(secret: string, rawBody: Buffer, header: string | undefined, nowSeconds: number): void {
  if (!header) throw invalid(`Missing ${SANDBOX_SIGNATURE_HEADER} header`);
  const parts = new Map<string, string[]>();
  for (const item of header.split(',')) {
    const at = item.indexOf('=');
    if (at <= 0) continue;
    const key = item.slice(0, at).trim();
    parts.set(key, [...(parts.get(key) ?? []), item.slice(at + 1).trim()]);
  }
  const t = Number(parts.get('t')?.[0]);
  if (!Number.isInteger(t) || t <= 0) throw invalid('Malformed signature header');
  if (Math.abs(nowSeconds - t) > NOTIFICATION_TOLERANCE_SECONDS) throw invalid('Signature timestamp is outside the tolerance window');
  const expected = Buffer.from(hmac(secret, t, rawBody), 'hex');
  const matches = (parts.get('v1') ?? []).some((candidate) => {
    const given = /^[0-9a-f]{64}$/i.test(candidate) ? Buffer.from(candidate, 'hex') : Buffer.alloc(0);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw invalid('Invalid signature');
}
