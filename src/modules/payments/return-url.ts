import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { AsyncLocalStorage } from 'node:async_hooks';
import { errorEnvelope } from '../../common/http-exception.filter.js';
import { AppConfig } from '../../config/app-config.js';
import type { Env } from '../../config/env.schema.js';

/**
 * A checkout's return URL (issue 12): where the gateway sends the payer when the payment ends, like a real
 * gateway's success and cancel URLs. A client on another origin passes `returnUrl` (body field or query parameter)
 * with POST rentals or POST rentals/fullpayment; its origin must be this shop's own or one of RETURN_ORIGINS
 * (empty: CORS_ORIGINS). The payer lands on `<returnUrl>?payment=<payment id>&status=<payment status>`. Without
 * returnUrl, a request whose Origin header is one of those origins (not the shop's own) returns the payer to `<Origin>/`.
 */

export const RETURN_URL_FIELD = 'returnUrl';
export const MAX_RETURN_URL_LENGTH = 2048;

/** Origins a return URL may point at besides the shop's own. */
export function allowedReturnOrigins(env: Pick<Env, 'RETURN_ORIGINS' | 'CORS_ORIGINS' | 'PUBLIC_URL'> & Partial<Pick<Env, 'WIDGET_ORIGINS'>>): Set<string> {
  const list = env.RETURN_ORIGINS.length ? env.RETURN_ORIGINS : env.CORS_ORIGINS;
  // The booking widget's host pages (issue 26): the payer comes back to the page that embeds it.
  const origins = new Set([...list, ...(env.WIDGET_ORIGINS ?? [])].map((u) => new URL(u).origin));
  if (env.PUBLIC_URL) origins.add(new URL(env.PUBLIC_URL).origin);
  return origins;
}

/** The request's own origin (behind a loopback proxy: its forwarded protocol and host). */
export const requestOrigin = (req: Request): string => `${req.protocol}://${req.get('host') ?? 'localhost'}`;

/** Why `value` is not an acceptable return URL, or null when it is. */
export function returnUrlProblem(value: unknown, allowed: ReadonlySet<string>, ownOrigin: string): string | null {
  if (typeof value !== 'string' || value.trim() === '') return `${RETURN_URL_FIELD} must be an absolute http(s) URL`;
  if (value.length > MAX_RETURN_URL_LENGTH) return `${RETURN_URL_FIELD} must be at most ${MAX_RETURN_URL_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${RETURN_URL_FIELD} must be an absolute http(s) URL`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `${RETURN_URL_FIELD} must be an absolute http(s) URL`;
  if (url.username || url.password) return `${RETURN_URL_FIELD} must not carry credentials`;
  if (url.origin !== ownOrigin && !allowed.has(url.origin)) {
    return `${RETURN_URL_FIELD} must be on this shop's origin or one of RETURN_ORIGINS (${url.origin} is not allowed)`;
  }
  return null;
}

/** `url` with `payment` and `status` set (replacing any the client put there), keeping its own query and hash. */
export function withOutcome(url: string, paymentId: string, status: string): string {
  const target = new URL(url);
  target.searchParams.set('payment', paymentId);
  target.searchParams.set('status', status);
  return target.toString();
}

const storage = new AsyncLocalStorage<{ returnUrl: string }>();

/** The validated return URL of the checkout request being handled, if it sent one. */
export function currentCheckoutReturnUrl(): string | undefined {
  return storage.getStore()?.returnUrl;
}

/**
 * On the two checkout routes: validates `returnUrl` (400 naming the field before anything is booked) and keeps it
 * for PaymentsService.createCheckout for the rest of the request. The DTOs declare the field for documentation
 * and whitelisting; the origin check needs the configuration and the request, which a DTO validator has not.
 */
@Injectable()
export class CheckoutReturnUrlMiddleware implements NestMiddleware {
  private readonly allowed: Set<string>;

  constructor(config: AppConfig) {
    this.allowed = allowedReturnOrigins(config.env);
    this.publicUrl = config.env.PUBLIC_URL;
  }

  private readonly publicUrl: string | undefined;

  use(req: Request, res: Response, next: NextFunction): void {
    const body = req.body as Record<string, unknown> | undefined;
    const fromBody = body && typeof body === 'object' && !Array.isArray(body) ? body[RETURN_URL_FIELD] : undefined;
    const fromQuery = (req.query as Record<string, unknown>)[RETURN_URL_FIELD];
    const value = fromBody ?? fromQuery;
    const own = this.publicUrl ? new URL(this.publicUrl).origin : requestOrigin(req);
    if (value === undefined || value === null) {
      // A client of the original API sends no returnUrl: when it calls from an allowed origin of its own, the payer goes
      // back to that origin (as the original backend's success page linked back to its client), not to this shop's page.
      const origin = req.get('origin');
      if (origin && origin !== own && this.allowed.has(origin)) return storage.run({ returnUrl: `${origin}/` }, next);
      return next();
    }
    const problem = returnUrlProblem(value, this.allowed, own);
    if (problem) {
      res.status(400).json(errorEnvelope(400, `Validation failed: ${problem}`, { code: 'VALIDATION_FAILED', errors: [{ path: RETURN_URL_FIELD, message: problem }] }));
      return;
    }
    storage.run({ returnUrl: value as string }, next);
  }
}
