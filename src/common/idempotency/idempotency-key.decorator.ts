import { applyDecorators, BadRequestException, createParamDecorator, ExecutionContext } from '@nestjs/common';
import { ApiHeader, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { ErrorEnvelopeDto } from '../dto/envelope.dto.js';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const PRINTABLE = /^[\x20-\x7E]{1,255}$/;

/**
 * The optional Idempotency-Key header (1..255 printable ASCII characters), or undefined when absent.
 * A malformed key is a 400 naming the header.
 */
export const IdempotencyKey = createParamDecorator((_: unknown, ctx: ExecutionContext): string | undefined => {
  const raw = ctx.switchToHttp().getRequest<Request>().headers[IDEMPOTENCY_HEADER.toLowerCase()];
  if (raw === undefined) return undefined;
  const value = Array.isArray(raw) ? raw.join(',') : raw;
  if (!PRINTABLE.test(value) || value.trim() === '') {
    const message = `${IDEMPOTENCY_HEADER} must be 1 to 255 printable ASCII characters`;
    throw new BadRequestException({ message, code: 'VALIDATION_FAILED', errors: [{ path: IDEMPOTENCY_HEADER, message }] });
  }
  return value;
});

/** Documents the header and the 422 of a key reused with another body. */
export const ApiIdempotencyKey = () =>
  applyDecorators(
    ApiHeader({
      name: IDEMPOTENCY_HEADER,
      required: false,
      description:
        'Optional, 1..255 printable ASCII characters, unique per intended operation (a UUID is a good choice). ' +
        'A retry with the same key and the same body within 24 hours returns the first response (same status and body) ' +
        'without doing the work again; while the first request is still running the retry waits for it. ' +
        'Reusing the key with a different body is a 422 IDEMPOTENCY_KEY_REUSED. Keys are scoped to the caller and the route. ' +
        'A 404 or 409 answer is kept like a success; a 5xx answer is not kept, so the same key may be retried.',
      schema: { type: 'string', minLength: 1, maxLength: 255, example: '6f1c2b1e-5d1a-4a43-8e0b-9c7d3f2a1b00' },
    }),
    ApiUnprocessableEntityResponse({
      description: 'IDEMPOTENCY_KEY_REUSED: the Idempotency-Key was already used with a different request body',
      type: ErrorEnvelopeDto,
    }),
  );
