import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ErrorEnvelope } from './api-result.js';
import { loggableError, loggableMessage } from './loggable-error.js';
import { requestIdOf } from './observability/request-id.js';
import { DEFAULT_LOCALE, localizeApiMessage, requestLocale } from './i18n/i18n.js';


const CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_ERROR',
  503: 'SERVICE_UNAVAILABLE',
};

/** Error codes of node-postgres / PGlite that mean "the database is unreachable", not "your input is wrong". */
const UNAVAILABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);

function databaseUnavailable(err: unknown): boolean {
  let cur: unknown = err;
  for (let depth = 0; cur && depth < 4; depth++) {
    const e = cur as { code?: string; message?: string; cause?: unknown };
    if (e.code && UNAVAILABLE.has(e.code)) return true;
    if (typeof e.message === 'string' && /(timeout exceeded when trying to connect|Connection terminated|Query read timeout|connect ECONNREFUSED)/i.test(e.message)) {
      return true;
    }
    cur = e.cause;
  }
  return false;
}

/** Builds the error envelope for a status and message; used by the filter and the body-parser error handler. */
export function errorEnvelope(status: number, message: string, extra: Partial<ErrorEnvelope> = {}): ErrorEnvelope {
  return { success: false, message, code: CODES[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST'), ...extra };
}

/** The envelope of an HttpException: its message (joined when a list), its code and its field errors. */
export function httpExceptionEnvelope(e: HttpException): ErrorEnvelope {
  const response = e.getResponse();
  if (typeof response === 'string') return errorEnvelope(e.getStatus(), response);
  const r = response as { message?: string | string[]; code?: string; errors?: ErrorEnvelope['errors']; data?: unknown };
  const message = Array.isArray(r.message) ? r.message.join('; ') : (r.message ?? e.message);
  return errorEnvelope(e.getStatus(), message, {
    ...(r.code ? { code: r.code } : {}),
    ...(r.errors ? { errors: r.errors } : {}),
    ...(r.data !== undefined ? { data: r.data } : {}),
  });
}

/** The one place that turns any thrown error into the error envelope of DESIGN section 3. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpException');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request>();
    if (res.headersSent) return;

    let status = HttpStatus.INTERNAL_SERVER_ERROR;
    let body: ErrorEnvelope;
    const id = requestIdOf(req);
    const at = id ? ` [request ${id}]` : '';
    if (exception instanceof HttpException) {
      status = exception.getStatus();
      body = httpExceptionEnvelope(exception);
      if (status >= 500) this.logger.error(`${req.method} ${req.path}${at}: ${exception.message}`);
    } else if (databaseUnavailable(exception)) {
      status = HttpStatus.SERVICE_UNAVAILABLE;
      body = errorEnvelope(status, 'The service is temporarily unavailable, please retry shortly');
      res.setHeader('Retry-After', '5');
      this.logger.warn(`${req.method} ${req.path}${at}: database unavailable: ${loggableMessage(exception)}`);
    } else {
      body = errorEnvelope(status, 'Internal server error');
      // req.path, never the query string; the error without SQL parameters.
      this.logger.error(`${req.method} ${req.path}${at}: ${loggableError(exception)}`);
    }
    // 5xx answers name the request (also in the X-Request-Id header of every answer) for support to find its logs.
    if (status >= 500 && id) body = { ...body, requestId: id };
    // The message in the caller's language (Accept-Language); `code` and field names stay the same in every language.
    const locale = requestLocale(req);
    res.vary('Accept-Language');
    if (locale !== DEFAULT_LOCALE) {
      body = {
        ...body,
        message: localizeApiMessage(body.message, locale),
        ...(body.errors ? { errors: body.errors.map((error) => ({ ...error, message: localizeApiMessage(error.message, locale) })) } : {}),
      };
      res.setHeader('Content-Language', locale);
    }
    res.status(status).json(body);
  }
}
