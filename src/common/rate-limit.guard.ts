import {
  CanActivate,
  ExecutionContext,
  HttpException,
  HttpStatus,
  Injectable,
  Logger,
  OnApplicationShutdown,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { Redis } from 'ioredis';
import { AppConfig } from '../config/app-config.js';
import type { Env } from '../config/env.schema.js';
import { clientKey } from './ip-address.js';

const WINDOW_MS = 60_000;

export interface RateCount {
  /** Hits in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends. */
  resetInMs: number;
}

/** Fixed-window counters in this process. */
class MemoryCounters {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  hit(key: string, windowMs: number, by = 1): RateCount {
    const now = Date.now();
    if (this.hits.size > 10_000) {
      for (const [k, v] of this.hits) if (v.resetAt <= now) this.hits.delete(k);
    }
    let entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + windowMs };
      this.hits.set(key, entry);
    }
    entry.count += by;
    return { count: entry.count, resetInMs: entry.resetAt - now };
  }

  peek(key: string): RateCount {
    const now = Date.now();
    const entry = this.hits.get(key);
    return !entry || entry.resetAt <= now ? { count: 0, resetInMs: 0 } : { count: entry.count, resetInMs: entry.resetAt - now };
  }

  reset(key: string): void {
    this.hits.delete(key);
  }
}

/** INCRBY (ARGV[2]), and start the window on the first hit; returns [count, ms left]. */
const HIT_SCRIPT = `
local n = redis.call('INCRBY', KEYS[1], ARGV[2])
if n == tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {n, ttl}`;

/**
 * The counters behind every rate limit (login, signup, contact, booking, the per-account login back-off).
 * With REDIS_URL they live in Redis under REDIS_KEY_PREFIX, shared by every instance; without it, in this
 * process. While Redis cannot be reached the counters fall back to this process (still limited, per
 * instance) and a warning is logged, so an outage of the cache never takes logins down.
 */
@Injectable()
export class RateLimitStore implements OnApplicationShutdown {
  private readonly logger = new Logger('RateLimit');
  private readonly memory = new MemoryCounters();
  private readonly redis?: Redis;
  private readonly prefix: string;
  private warnedAt = 0;

  constructor(config: AppConfig) {
    this.prefix = `${config.env.REDIS_KEY_PREFIX}rl:`;
    if (config.env.REDIS_URL) {
      this.redis = new Redis(config.env.REDIS_URL, {
        lazyConnect: false,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        connectTimeout: 2000,
        commandTimeout: 1000,
      });
      this.redis.on('error', (e: Error) => this.warn(`Redis unreachable (${e.message})`));
    }
  }

  get shared(): boolean {
    return Boolean(this.redis);
  }

  private warn(message: string): void {
    if (Date.now() - this.warnedAt < 30_000) return;
    this.warnedAt = Date.now();
    this.logger.warn(`${message}: rate limits counted in this process until it is back`);
  }

  /** Counts `by` hits (default 1; negative takes hits back) in the key's current window. */
  async hit(key: string, windowMs: number, by = 1): Promise<RateCount> {
    if (this.redis?.status === 'ready') {
      try {
        const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, String(windowMs), String(by))) as [number, number];
        return { count, resetInMs: ttl };
      } catch (e) {
        this.warn(`Redis failed (${(e as Error).message})`);
      }
    } else if (this.redis) {
      this.warn(`Redis is ${this.redis.status}`);
    }
    return this.memory.hit(key, windowMs, by);
  }

  async peek(key: string): Promise<RateCount> {
    if (this.redis?.status === 'ready') {
      try {
        const [value, ttl] = await Promise.all([this.redis.get(this.prefix + key), this.redis.pttl(this.prefix + key)]);
        return value === null || ttl < 0 ? { count: 0, resetInMs: 0 } : { count: Number(value), resetInMs: ttl };
      } catch (e) {
        this.warn(`Redis failed (${(e as Error).message})`);
      }
    }
    return this.memory.peek(key);
  }

  async reset(key: string): Promise<void> {
    this.memory.reset(key);
    if (this.redis?.status === 'ready') await this.redis.del(this.prefix + key).catch(() => undefined);
  }

  async onApplicationShutdown(): Promise<void> {
    if (!this.redis) return;
    await this.redis.quit().catch(() => this.redis?.disconnect());
  }
}

export interface RateLimitOptions {
  /** The setting holding the limit per minute. */
  setting: keyof Pick<Env, 'LOGIN_RATE_LIMIT' | 'BOOKING_RATE_LIMIT' | 'GIFT_CARD_LOOKUP_RATE_LIMIT'>;
  /** Count per client address (default) or per signed-in customer. */
  per: 'ip' | 'user';
  message?: string;
}

const RATE_LIMIT = 'rateLimit';
/**
 * Limits a route other than by LOGIN_RATE_LIMIT per address, e.g. bookings per customer:
 * `@UseGuards(RateLimitGuard) @RateLimit({...})`. The client address is Express's req.ip, so TRUST_PROXY decides
 * which X-Forwarded-For hop counts; an IPv6 client counts by its /64 (clientKey).
 */
export const RateLimit = (options: RateLimitOptions) => SetMetadata(RATE_LIMIT, options);
const DEFAULT_LIMIT: RateLimitOptions = { setting: 'LOGIN_RATE_LIMIT', per: 'ip' };

/**
 * Fixed-window limit of a route (a minute): LOGIN_RATE_LIMIT per client address by default (login, signup,
 * contact, password change), or as @RateLimit() says. Counted in RateLimitStore: shared through Redis with REDIS_URL.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly config: AppConfig,
    private readonly store: RateLimitStore,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<Request & { user?: { id: string } }>();
    const res = ctx.switchToHttp().getResponse<Response>();
    const options = this.reflector.get<RateLimitOptions | undefined>(RATE_LIMIT, ctx.getHandler()) ?? DEFAULT_LIMIT;
    const who = options.per === 'user' && req.user ? `user:${req.user.id}` : `ip:${clientKey(req.ip)}`;
    const { count, resetInMs } = await this.store.hit(`${ctx.getClass().name}.${ctx.getHandler().name}:${who}`, WINDOW_MS);
    const limit = this.config.env[options.setting];
    res.setHeader('RateLimit-Limit', String(limit));
    res.setHeader('RateLimit-Remaining', String(Math.max(0, limit - count)));
    if (count > limit) {
      res.setHeader('Retry-After', String(Math.max(1, Math.ceil(resetInMs / 1000))));
      throw new HttpException(options.message ?? 'Too many attempts, please wait a minute and try again', HttpStatus.TOO_MANY_REQUESTS);
    }
    return true;
  }
}
