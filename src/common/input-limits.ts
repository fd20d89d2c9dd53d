import { ArgumentMetadata, BadRequestException, Injectable, PipeTransform } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';

/** Deepest nesting of arrays and objects a JSON body may have (the API's DTOs nest two levels at most). */
export const MAX_JSON_DEPTH = 20;
/** Most object keys a JSON body may hold, all levels together. */
export const MAX_JSON_KEYS = 1000;

/** The error body-parser passes on when a body breaks the limits (answered 400 by bodyParserErrors). */
export class JsonLimitError extends Error {
  readonly status = 400;
  readonly type = 'entity.limits.exceeded';
}

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c;
const COLON = 0x3a;

/**
 * Checks the raw JSON text before it is parsed (body-parser's `verify`): one pass over the bytes, outside
 * strings, counting nesting depth and keys (a `:` outside a string is one key). A body of 49,000 nested
 * arrays or 8,000 keys is refused in microseconds instead of stalling the event loop in JSON.parse and the
 * class-transformer walk after it.
 */
export function checkJsonLimits(buf: Buffer, maxDepth = MAX_JSON_DEPTH, maxKeys = MAX_JSON_KEYS): void {
  let depth = 0;
  let keys = 0;
  let inString = false;
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i];
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > maxDepth) throw new JsonLimitError(`Request body is nested too deeply (more than ${maxDepth} levels)`);
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth--;
    else if (c === COLON && ++keys > maxKeys) throw new JsonLimitError(`Request body has too many fields (more than ${maxKeys})`);
  }
}

/** body-parser `verify` for JSON bodies: the limits above, then `next` (keeps the raw body for webhooks). */
export function jsonLimitsVerify<R extends IncomingMessage>(next?: (req: R, res: unknown, buf: Buffer) => void) {
  return (req: R, res: unknown, buf: Buffer): void => {
    checkJsonLimits(buf);
    next?.(req, res, buf);
  };
}

/** With the u flag a surrogate pair is one code point: only a lone surrogate is of category Cs. */
const LONE_SURROGATE = /\p{Cs}/u;

/** C0 control characters but tab, line feed and carriage return; DEL; the C1 controls. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** Why a string cannot be stored as text, or undefined when it can. */
export function unstorableText(value: string): string | undefined {
  if (value.includes('\u0000')) return 'must not contain NUL characters';
  if (LONE_SURROGATE.test(value)) return 'must be well-formed Unicode (it holds a lone surrogate)';
  if (CONTROL.test(value)) return 'must not contain control characters';
  return undefined;
}

/** The path of the first string PostgreSQL cannot store (a NUL, ill-formed Unicode) and why, or undefined. */
export function findUnstorable(value: unknown, path: string, depth = 0): { path: string; reason: string } | undefined {
  if (typeof value === 'string') {
    const reason = unstorableText(value);
    return reason ? { path, reason } : undefined;
  }
  if (value === null || typeof value !== 'object' || depth > MAX_JSON_DEPTH) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorable(value[i], `${path}[${i}]`, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const found = findUnstorable(v, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Global pipe, before validation: a NUL character (U+0000), ill-formed Unicode (a lone surrogate such as
 * "\ud800", which JSON allows) or another control character (but tab and line breaks) in any string a handler
 * receives (body, query, path parameter) answers 400 naming the field. PostgreSQL cannot store the first two in
 * text (the insert or the query failed with 22021 and the caller saw a 500); the others have no place in what the
 * shop stores and later shows in pages, emails' subjects, CSV exports and PDFs.
 */
@Injectable()
export class NulBytePipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type === 'custom') return value;
    const found = findUnstorable(value, metadata.data ?? '');
    if (found !== undefined) {
      const field = found.path || metadata.type;
      const message = `${field} ${found.reason}`;
      throw new BadRequestException({ message, code: 'VALIDATION_FAILED', errors: [{ path: field, message }] });
    }
    return value;
  }
}
