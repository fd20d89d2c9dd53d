import { CanActivate, ExecutionContext, HttpException, HttpStatus, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppConfig } from '../config/app-config.js';

const WINDOW_MS = 60_000;

/**
 * Per-address fixed-window limit (LOGIN_RATE_LIMIT requests a minute per route) for the routes that attract
 * guessing: login, signup, contact. In memory, so per instance; behind several instances put the same
 * limit on the load balancer.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly config: AppConfig) {}

  canActivate(ctx: ExecutionContext): boolean {
    const req = ctx.switchToHttp().getRequest<Request>();
    const res = ctx.switchToHttp().getResponse<Response>();
    const now = Date.now();
    if (this.hits.size > 10_000) {
      for (const [k, v] of this.hits) if (v.resetAt <= now) this.hits.delete(k);
    }
    const key = `${req.ip ?? 'unknown'} ${ctx.getClass().name}.${ctx.getHandler().name}`;
    let entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + WINDOW_MS };
      this.hits.set(key, entry);
    }
    entry.count++;
    const limit = this.config.env.LOGIN_RATE_LIMIT;
    res.setHeader('RateLimit-Limit', String(limit));
    res.setHeader('RateLimit-Remaining', String(Math.max(0, limit - entry.count)));
    if (entry.count > limit) {
      res.setHeader('Retry-After', String(Math.ceil((entry.resetAt - now) / 1000)));
      throw new HttpException('Too many attempts, please wait a minute and try again', HttpStatus.TOO_MANY_REQUESTS);
    }
    return true;
  }
}
