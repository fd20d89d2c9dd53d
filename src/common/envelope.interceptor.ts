import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { map, Observable } from 'rxjs';
import type { Response } from 'express';
import { ApiResult, StoredReply } from './api-result.js';
import { RAW_RESPONSE } from './decorators.js';

/**
 * Wraps every handler result in `{ success: true, message, data }` (DESIGN section 3). A StoredReply (an
 * idempotent answer, first or replayed) is already enveloped: it goes out as it is, with its own status.
 */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const raw = this.reflector.getAllAndOverride<boolean>(RAW_RESPONSE, [ctx.getHandler(), ctx.getClass()]);
    if (raw) return next.handle();
    return next.handle().pipe(
      map((value) => {
        if (value instanceof StoredReply) {
          ctx.switchToHttp().getResponse<Response>().status(value.status);
          return value.body;
        }
        if (value instanceof ApiResult) {
          return { success: true, message: value.message, ...value.extra, data: value.data ?? null };
        }
        return { success: true, message: 'OK', data: value ?? null };
      }),
    );
  }
}
