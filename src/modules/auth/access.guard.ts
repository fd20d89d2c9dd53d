import { ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { AuthUser, IS_PUBLIC, ROLES, SIGNED_IN } from '../../common/decorators.js';
import type { Role } from '../../database/schema/users.js';
import { tokenFromRequest } from './jwt.strategy.js';

export { tokenFromRequest };

/**
 * Global guard on the passport-jwt strategy ('jwt'), deny by default: every route needs a valid token unless
 * it is @Public() (a handler's @SignedIn() wins over its controller's @Public()); @Roles() narrows to roles. Public routes still learn the caller when a valid token is sent.
 */
@Injectable()
export class AccessGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  /** @Public() on the handler or its controller, unless the handler says @SignedIn(). */
  private isPublic(ctx: ExecutionContext): boolean {
    if (this.reflector.get<boolean>(SIGNED_IN, ctx.getHandler())) return false;
    return Boolean(this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [ctx.getHandler(), ctx.getClass()]));
  }

  override async canActivate(ctx: ExecutionContext): Promise<boolean> {
    await super.canActivate(ctx);
    if (this.isPublic(ctx)) return true;
    const user = ctx.switchToHttp().getRequest<Request & { user: AuthUser }>().user;
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES, [ctx.getHandler(), ctx.getClass()]);
    if (roles?.length && !roles.includes(user.role)) {
      throw new ForbiddenException(`This action requires the ${roles.join(' or ')} role`);
    }
    return true;
  }

  /** err: a failure looking the user up (the database): it propagates and answers 503, never 401. */
  override handleRequest<TUser = AuthUser>(err: unknown, user: TUser | false, _info: unknown, ctx: ExecutionContext): TUser {
    if (err) throw err;
    if (user) return user;
    if (this.isPublic(ctx)) return undefined as TUser;
    const { token } = tokenFromRequest(ctx.switchToHttp().getRequest<Request>());
    throw new UnauthorizedException(token ? 'Your session is invalid or has expired, please log in again' : 'Please log in to continue');
  }
}
