import { applyDecorators, type Type } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiExtraModels, ApiOperation, ApiResponse, type ContentObject, getSchemaPath } from '@nestjs/swagger';
import type { Role } from '../database/schema/users.js';
import { Public, Roles, SignedIn } from './decorators.js';
import { ErrorEnvelopeDto } from './dto/envelope.dto.js';

export { Envelope, MessageEnvelopeDto } from './dto/envelope.dto.js';

/**
 * Who may call an endpoint, enforced by the global AccessGuard (src/modules/auth/access.guard.ts):
 * - 'public': anyone (a valid token still tells the handler who calls);
 * - 'signed-in': any signed-in caller, whatever the role (401 otherwise);
 * - a list of roles: a signed-in caller with one of them (401 when not signed in, 403 for another role).
 */
export type Access = 'public' | 'signed-in' | readonly [Role, ...Role[]];

/** The error statuses an endpoint documents; each is answered with the error envelope. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 429 | 502 | 503;

/** A success answer: its schema, or its schema / description / non-JSON content. */
export type Answer = Type<unknown> | { type?: Type<unknown>; description?: string; content?: ContentObject };

export interface EndpointOptions {
  access: Access;
  summary: string;
  description?: string;
  /** The 200 answer. */
  ok?: Answer;
  /** The 201 answer. */
  created?: Answer;
  /** Documented error answers by status, each with what it means here. */
  errors?: Partial<Record<ErrorStatus, string>>;
}

const NOT_SIGNED_IN = 'Not signed in, or the token is invalid or expired';

function answer(status: 200 | 201, a: Answer) {
  return ApiResponse(typeof a === 'function' ? { status, type: a } : { status, ...a });
}

/** An error answer: always the JSON error envelope (what the exception filter sends), even where the success is a PDF or CSV. */
function errorAnswer(status: number, description: string) {
  return ApiResponse({ status, description, content: { 'application/json': { schema: { $ref: getSchemaPath(ErrorEnvelopeDto) } } } });
}

/**
 * One endpoint's access rule and its OpenAPI operation: summary, description, success answer and documented errors.
 * The access sets the @Public() / @SignedIn() / @Roles() metadata the AccessGuard reads, and documents the bearer and
 * cookie schemes with the 401 (and 403) answers of a non-public endpoint.
 */
export function Endpoint(options: EndpointOptions): MethodDecorator {
  const { access, summary, description, ok, created, errors = {} } = options;
  const decorators: Array<MethodDecorator | ClassDecorator> = [];
  if (access === 'public') {
    decorators.push(Public());
  } else {
    decorators.push(access === 'signed-in' ? SignedIn() : Roles(...access), ApiBearerAuth('bearer'), ApiCookieAuth('cookie'));
    decorators.push(errorAnswer(401, NOT_SIGNED_IN));
    if (access !== 'signed-in') decorators.push(errorAnswer(403, `Requires role ${access.join(' or ')}`));
  }
  decorators.push(ApiOperation(description === undefined ? { summary } : { summary, description }));
  if (ok) decorators.push(answer(200, ok));
  if (created) decorators.push(answer(201, created));
  for (const [status, text] of Object.entries(errors)) {
    decorators.push(errorAnswer(Number(status), text));
  }
  return applyDecorators(ApiExtraModels(ErrorEnvelopeDto), ...decorators);
}
