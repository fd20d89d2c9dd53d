import type { NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';

/** A caller's X-Request-Id kept as is when it looks like an id (a proxy's or a client's), else one is made. */
const SANE = /^[A-Za-z0-9._:@/+=-]{8,128}$/;

/** The request's id (set by `requestId`), for log lines and error answers. */
export function requestIdOf(req: Request): string | undefined {
  return (req.res?.locals as { requestId?: string } | undefined)?.requestId;
}

/**
 * Gives every request an id (issue 28): the X-Request-Id it came with when sane (8-128 characters of letters, digits
 * and `._:@/+=-`), else a new UUID. Sent back as X-Request-Id on every answer, written in the access log line and in
 * the error log lines, and in the body of 5xx answers, so a customer's report finds its log lines.
 */
export function requestId(req: Request, res: Response, next: NextFunction): void {
  const given = req.get('x-request-id');
  const id = given && SANE.test(given) ? given : randomUUID();
  res.locals.requestId = id;
  res.setHeader('X-Request-Id', id);
  next();
}
