import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import type { AuthUser } from '../../common/decorators.js';
import { accessDenial, type AccessRule, accessRuleOf } from './access-rule.js';
import { tokenFromRequest } from './jwt.strategy.js';

export { tokenFromRequest };

/**
 * Global guard on the passport-jwt strategy ('jwt'), deny by default: every route needs a valid token unless
 * it is public; the rule is access-rule.ts (shared with the server renderer's in-process API). Public routes still
 * learn the caller when a valid token is sent.
 */
@Injectable()
export class AccessGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  private rule(ctx: ExecutionContext): AccessRule {
    return accessRuleOf(this.reflector, ctx.getHandler(), ctx.getClass());
  }

  override async canActivate(ctx: ExecutionContext): Promise<boolean> {
    // Passport first: handleRequest below refuses a missing or invalid token on a route that is not public.
    await super.canActivate(ctx);
    const user = ctx.switchToHttp().getRequest<Request & { user?: AuthUser }>().user;
    const denial = accessDenial(this.rule(ctx), user, true);
    if (denial) throw denial;
    return true;
  }

  /** err: a failure looking the user up (the database): it propagates and answers 503, never 401. */
  override handleRequest<TUser = AuthUser>(err: unknown, user: TUser | false, _info: unknown, ctx: ExecutionContext): TUser {
    if (err) throw err;
    if (user) return user;
    const tokenSent = Boolean(tokenFromRequest(ctx.switchToHttp().getRequest<Request>()).token);
    const denial = accessDenial(this.rule(ctx), undefined, tokenSent);
    if (denial) throw denial;
    return undefined as TUser;
  }
}
