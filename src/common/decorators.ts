import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Role } from '../database/schema/users.js';
import { ErrorEnvelopeDto } from './dto/envelope.dto.js';

export const IS_PUBLIC = 'okb:isPublic';
export const SIGNED_IN = 'okb:signedIn';
export const ROLES = 'okb:roles';
export const RAW_RESPONSE = 'okb:rawResponse';

/** The caller as the auth guard attaches it to the request (a class so decorator metadata can name it). */
export class AuthUser {
  id: string;
  name: string;
  email: string;
  role: Role;
}

/** Open to anonymous callers. Everything else requires a valid token (deny by default). */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** Signed in with one of `roles`; also documents the bearer scheme and the 401/403 answers. */
export const Roles = (...roles: Role[]) =>
  applyDecorators(
    SetMetadata(ROLES, roles),
    ApiBearerAuth('bearer'),
    ApiCookieAuth('cookie'),
    ApiUnauthorizedResponse({ description: 'Not signed in, or the token is invalid or expired', type: ErrorEnvelopeDto }),
    ApiForbiddenResponse({ description: `Requires role ${roles.join(' or ')}`, type: ErrorEnvelopeDto }),
  );

/**
 * Requires a signed-in caller of any role, even under a @Public() controller (the guard denies by default anyway;
 * this says so where it matters), and documents the bearer scheme and the 401 answer.
 */
export const SignedIn = () =>
  applyDecorators(
    SetMetadata(SIGNED_IN, true),
    ApiBearerAuth('bearer'),
    ApiCookieAuth('cookie'),
    ApiUnauthorizedResponse({ description: 'Not signed in, or the token is invalid or expired', type: ErrorEnvelopeDto }),
  );

/** The handler's return value is sent as is, without the success envelope. */
export const RawResponse = () => SetMetadata(RAW_RESPONSE, true);

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser => {
  return ctx.switchToHttp().getRequest().user as AuthUser;
});
