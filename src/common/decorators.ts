import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Role } from '../database/schema/users.js';

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
  /** The language the user chose (issue 27), null: the shop's default. */
  language?: string | null;
}

// The access metadata the AccessGuard reads. Controllers declare access with @Endpoint({ access }) (endpoint.decorator.ts),
// which applies one of these and documents it.

/** Open to anonymous callers. Everything else requires a valid token (deny by default). */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** Signed in with one of `roles`. */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES, roles);

/** Requires a signed-in caller of any role, even under a @Public() controller (a handler's @SignedIn() wins). */
export const SignedIn = () => SetMetadata(SIGNED_IN, true);

/** The handler's return value is sent as is, without the success envelope. */
export const RawResponse = () => SetMetadata(RAW_RESPONSE, true);

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser => {
  return ctx.switchToHttp().getRequest().user as AuthUser;
});
