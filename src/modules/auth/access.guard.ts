import { CanActivate, ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { AuthUser, IS_PUBLIC, ROLES } from '../../common/decorators.js';
import type { Role } from '../../database/schema/users.js';
import { AUTH_COOKIE } from './auth.constants.js';
import { AuthService } from './auth.service.js';

/** Bearer header first (API clients), then the httpOnly cookie (the web app). */
export function tokenFromRequest(req: Request): { token?: string; viaCookie: boolean } {
  const header = req.headers.authorization;
  if (typeof header === 'string' && /^Bearer\s+\S+/i.test(header)) {
    return { token: header.replace(/^Bearer\s+/i, '').trim(), viaCookie: false };
  }
  const cookie = (req.cookies as Record<string, string> | undefined)?.[AUTH_COOKIE];
  return { token: cookie || undefined, viaCookie: Boolean(cookie) };
}

/**
 * Global guard, deny by default: every route needs a valid token unless it is @Public(); @Roles() narrows
 * to roles. Public routes still learn the caller when a valid token is sent.
 *
 * Verification goes through the app's own JwtService (HS256 pinned, issuer, audience, expiry) rather than
 * a passport strategy: passport keeps strategies in one process-wide registry, so a second app instance in
 * the same process (the test suites, the drills) would silently verify with the other instance's secret
 * and database.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AuthService,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const targets = [ctx.getHandler(), ctx.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets);
    const req = ctx.switchToHttp().getRequest<Request & { user?: AuthUser }>();
    const { token } = tokenFromRequest(req);
    const user = await this.auth.verifyToken(token);
    if (user) req.user = user;
    if (isPublic) return true;
    if (!user) {
      throw new UnauthorizedException(
        token ? 'Your session is invalid or has expired, please log in again' : 'Please log in to continue',
      );
    }
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES, targets);
    if (roles?.length && !roles.includes(user.role)) {
      throw new ForbiddenException(`This action requires the ${roles.join(' or ')} role`);
    }
    return true;
  }
}
