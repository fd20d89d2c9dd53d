import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { errorEnvelope } from './http-exception.filter.js';
import { AUTH_COOKIE } from '../modules/auth/auth.constants.js';
import { tokenFromRequest } from '../modules/auth/jwt.strategy.js';

/** A fresh CSP nonce per request, for the inline scripts of server-rendered pages. */
export function cspNonce(_req: Request, res: Response, next: NextFunction): void {
  res.locals.cspNonce = randomBytes(16).toString('base64');
  next();
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Routes that start or end a session: a page of another site must not post to them, cookie or not (login CSRF). */
const SESSION_ROUTES = new Set(['/auth/login', '/auth/signup', '/auth/logout']);

function originOf(source: string | undefined): string | undefined {
  try {
    return source ? new URL(source).origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * CSRF defence for cookie-authenticated writes: the browser must show a same-origin (or allowed) Origin.
 * Requests authenticated by an `Authorization: Bearer` token are not cookie-driven and pass; so do requests without the cookie,
 * except to login, signup and logout: there a browser's Origin (or Referer) of another site is refused too,
 * so a cross-site form cannot sign a victim in to the attacker's account. Clients that send neither header
 * (API clients, curl) are not browsers and pass.
 * Mounted under /api: `req.path` is relative to it.
 */
export function sameOriginWrites(allowedOrigins: string[]) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (SAFE.has(req.method)) return next();
    const hasCookie = Boolean((req.cookies as Record<string, string> | undefined)?.[AUTH_COOKIE]);
    const source = req.headers.origin ?? req.headers.referer;
    if (SESSION_ROUTES.has(req.path)) {
      if (!source && !hasCookie) return next();
    } else {
      // Only a Bearer token authenticates instead of the cookie (tokenFromRequest); any other Authorization header
      // (Basic, an empty Bearer) leaves the cookie in charge, so the check applies.
      if (!tokenFromRequest(req).viaCookie) return next();
    }
    const origin = originOf(source);
    const host = req.headers.host;
    const own = host ? [`http://${host}`, `https://${host}`] : [];
    if (origin && (own.includes(origin) || allowedOrigins.includes(origin))) return next();
    res.status(403).json(errorEnvelope(403, 'Cross-site request refused: the Origin header must be this site'));
  };
}

/** body-parser errors (malformed JSON, too large) in the API's error envelope instead of HTML. */
export function bodyParserErrors(err: unknown, _req: Request, res: Response, next: NextFunction): void {
  const e = err as { type?: string; status?: number; message?: string };
  if (!e || !e.type) return next(err);
  if (e.type === 'entity.too.large') {
    res.status(413).json(errorEnvelope(413, 'Request body is too large'));
  } else if (e.type === 'entity.limits.exceeded') {
    res.status(400).json(errorEnvelope(400, e.message ?? 'Request body is too complex', { code: 'BODY_TOO_COMPLEX' }));
  } else if (e.type === 'entity.parse.failed') {
    res.status(400).json(errorEnvelope(400, 'Malformed JSON in request body', { code: 'MALFORMED_JSON' }));
  } else if (e.type === 'encoding.unsupported' || e.type === 'charset.unsupported') {
    res.status(415).json(errorEnvelope(415, e.message ?? 'Unsupported encoding'));
  } else {
    res.status(e.status && e.status < 500 ? e.status : 400).json(errorEnvelope(e.status && e.status < 500 ? e.status : 400, e.message ?? 'Bad request body'));
  }
}

/**
 * Access log line per request (never the query string's values, never headers): with the request id, the client's
 * address (as TRUST_PROXY resolves it) and the signed-in user's id when the request was authenticated.
 */
export function accessLog(log: (entry: Record<string, unknown>) => void) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const user = (req as Request & { user?: { id?: unknown } }).user;
      log({
        requestId: res.locals.requestId,
        method: req.method,
        path: req.path,
        status: res.statusCode,
        ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
        ip: req.ip,
        ...(user && typeof user.id === 'string' ? { userId: user.id } : {}),
      });
    });
    next();
  };
}
