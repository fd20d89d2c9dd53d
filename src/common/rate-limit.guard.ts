import { CanActivate, ExecutionContext, HttpException, HttpStatus, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { AppConfig } from '../config/app-config.js';
import { Env } from '../config/env.schema.js';
import type { AuthUser } from './decorators.js';

export interface RateLimitOptions {
  /** The setting holding the limit per minute. */
  setting: keyof Pick<Env, 'LOGIN_RATE_LIMIT' | 'BOOKING_RATE_LIMIT'>;
  /** Count per client address (default) or per signed-in customer. */
  per: 'ip' | 'user';
  message?: string;
}

const RATE_LIMIT = 'rateLimit';
/** Limits a route other than by LOGIN_RATE_LIMIT per address, e.g. bookings per customer: `@UseGuards(RateLimitGuard) @RateLimit({...})`. */
export const RateLimit = (options: RateLimitOptions) => SetMetadata(RATE_LIMIT, options);
const DEFAULT_LIMIT: RateLimitOptions = { setting: 'LOGIN_RATE_LIMIT', per: 'ip' };

const WINDOW_MS = 60_000;

/**
 * Per-address fixed-window limit (LOGIN_RATE_LIMIT requests a minute per route) for the routes that attract
 * guessing: login, signup, contact. In memory, so per instance; behind several instances put the same
 * limit on the load balancer.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly config: AppConfig,
    private readonly reflector: Reflector,
  ) {}

  canActivate(ctx: ExecutionContext): boolean {
    const req = ctx.switchToHttp().getRequest<Request>();
    const res = ctx.switchToHttp().getResponse<Response>();
    const now = Date.now();
    if (this.hits.size > 10_000) {
      for (const [k, v] of this.hits) if (v.resetAt <= now) this.hits.delete(k);
    }
    const options = this.reflector.get<RateLimitOptions | undefined>(RATE_LIMIT, ctx.getHandler()) ?? DEFAULT_LIMIT;
    const user = (req as Request & { user?: AuthUser }).user;
    const who = options.per === 'user' && user ? `user:${user.id}` : (req.ip ?? 'unknown');
    const key = `${who} ${ctx.getClass().name}.${ctx.getHandler().name}`;
    let entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + WINDOW_MS };
      this.hits.set(key, entry);
    }
    entry.count++;
    const limit = this.config.env[options.setting];
    res.setHeader('RateLimit-Limit', String(limit));
    res.setHeader('RateLimit-Remaining', String(Math.max(0, limit - entry.count)));
    if (entry.count > limit) {
      res.setHeader('Retry-After', String(Math.ceil((entry.resetAt - now) / 1000)));
      throw new HttpException(options.message ?? 'Too many attempts, please wait a minute and try again', HttpStatus.TOO_MANY_REQUESTS);
    }
    return true;
  }
}
