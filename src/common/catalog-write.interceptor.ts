import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { Observable, tap } from 'rxjs';
import { CatalogChanges } from '../database/catalog-changes.service.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every successful API write on this instance signals a catalog change before its answer is sent (see
 * CatalogChanges): no write path has to remember to. Other instances hear of it from the database's notification.
 */
@Injectable()
export class CatalogWriteInterceptor implements NestInterceptor {
  constructor(private readonly changes: CatalogChanges) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'http') return next.handle();
    const req = ctx.switchToHttp().getRequest<Request>();
    if (READS.has(req.method)) return next.handle();
    return next.handle().pipe(tap(() => this.changes.changed(`api:${req.method} ${req.originalUrl.split('?')[0]}`)));
  }
}
