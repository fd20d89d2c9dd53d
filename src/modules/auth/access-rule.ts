import { type ExecutionContext, ForbiddenException, type HttpException, type Type, UnauthorizedException } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import { type AuthUser, IS_PUBLIC, ROLES, SIGNED_IN } from '../../common/decorators.js';
import type { Role } from '../../database/schema/users.js';

/**
 * Who may call a handler: the one rule of the AccessGuard (HTTP) and of the server renderer's in-process API
 * (src/ssr/local-api.ts), read from the @Public() / @SignedIn() / @Roles() metadata that @Endpoint({ access }) sets.
 */
export interface AccessRule {
  /** Anyone may call (a valid token still names the caller). */
  isPublic: boolean;
  /** When not public: the roles allowed; empty means any signed-in caller. */
  roles: readonly Role[];
}

/** A controller method, as Nest hands it to guards. */
type Handler = ReturnType<ExecutionContext['getHandler']>;

/** The rule of `handler` on `controller`: @Public() on either, unless the handler says @SignedIn(); the handler's @Roles() over its controller's. */
export function accessRuleOf(reflector: Reflector, handler: Handler, controller: Type<unknown>): AccessRule {
  const targets = [handler, controller];
  const signedIn = reflector.get<boolean | undefined>(SIGNED_IN, handler) === true;
  return {
    isPublic: !signedIn && reflector.getAllAndOverride<boolean | undefined>(IS_PUBLIC, targets) === true,
    roles: reflector.getAllAndOverride<Role[] | undefined>(ROLES, targets) ?? [],
  };
}

/**
 * Why `user` may not call under `rule` (401 or 403, with the messages the API answers), or null when it may.
 * user: the caller a valid token named, or undefined; tokenSent: a token came with the request (so it was invalid or expired).
 */
export function accessDenial(rule: AccessRule, user: AuthUser | undefined, tokenSent: boolean): HttpException | null {
  if (rule.isPublic) return null;
  if (!user) return new UnauthorizedException(tokenSent ? 'Your session is invalid or has expired, please log in again' : 'Please log in to continue');
  if (rule.roles.length && !rule.roles.includes(user.role)) return new ForbiddenException(`This action requires the ${rule.roles.join(' or ')} role`);
  return null;
}
