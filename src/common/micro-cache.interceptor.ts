import { CallHandler, ExecutionContext, Injectable, NestInterceptor, UseInterceptors } from '@nestjs/common';
import type { Request } from 'express';
import { from, lastValueFrom, Observable } from 'rxjs';
import { PublicReadCache } from './micro-cache.js';

/**
 * Serves a public GET from PublicReadCache, keyed by its path and query string as sent. Interceptors run after the
 * guards and before the pipes: a kept answer skips the query's validation and the database, and only a valid query
 * (one whose handler answered) is ever kept, so a malformed one always reaches the pipe and its 400. Only for
 * handlers whose answer is the same for every caller (it must not read the user).
 */
@Injectable()
export class MicroCacheInterceptor implements NestInterceptor {
  constructor(private readonly cache: PublicReadCache) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'http' || !this.cache.enabled) return next.handle();
    const req = ctx.switchToHttp().getRequest<Request>();
    if (req.method !== 'GET' && req.method !== 'HEAD') return next.handle();
    return from(this.cache.get(req.originalUrl, () => lastValueFrom(next.handle())));
  }
}

/** A public, caller-independent GET answered from the micro-cache (see MicroCacheInterceptor). */
export const MicroCached = (): MethodDecorator & ClassDecorator => UseInterceptors(MicroCacheInterceptor);
