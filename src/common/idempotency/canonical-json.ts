import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every level, so `{a,b}` and `{b,a}` hash alike. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = sortKeys(v);
    }
    return out;
  }
  return value;
}

/** sha256 (hex) of the canonical JSON of a request body. */
export const requestHash = (body: unknown): string => createHash('sha256').update(canonicalJson(body ?? null)).digest('hex');
