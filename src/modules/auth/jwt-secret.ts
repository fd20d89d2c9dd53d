import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Env } from '../../config/env.schema.js';

/**
 * JWT_SECRET from the environment, else one generated on first start and kept in DATA_DIR,
 * so tokens survive restarts of the embedded setup without anyone choosing a secret.
 */
export function resolveJwtSecret(env: Env): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  const dir = resolve(env.DATA_DIR);
  const file = join(dir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
