import { Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { AuthUser } from '../../common/decorators.js';
import { AUTH_COOKIE, JWT_ALGORITHM } from './auth.constants.js';
import { AuthService, JwtPayload } from './auth.service.js';

/** Bearer header first (API clients), then the httpOnly cookie (the web app). */
const bearer = ExtractJwt.fromAuthHeaderAsBearerToken();
export function tokenFromRequest(req: Request): { token?: string; viaCookie: boolean } {
  const header = bearer(req);
  if (header) return { token: header, viaCookie: false };
  const cookie = (req.cookies as Record<string, string> | undefined)?.[AUTH_COOKIE];
  return { token: cookie || undefined, viaCookie: Boolean(cookie) };
}

/**
 * The app instance a request belongs to, by its Express application. Passport keeps strategies in one
 * process-wide registry (the last `new JwtStrategy` under the name 'jwt' wins), so the strategy itself holds
 * nothing of its app: the signing key, the claims it expects and the user store are looked up per request
 * from the Express app that received it. Two instances in one process (the test suites, the drills) each
 * verify with their own secret and database.
 */
const authByApp = new WeakMap<object, AuthService>();

function authFor(req: Request): AuthService {
  const auth = authByApp.get(req.app);
  if (!auth) throw new Error('No AuthService is bound to this Express application');
  return auth;
}

/**
 * passport-jwt strategy 'jwt': HS256 only (pinned here, whatever the token's header says), signature and
 * expiry checked by passport-jwt with the app's key; issuer, audience, the user (role from the database,
 * never from the claim) and the session version checked by AuthService.userFromClaims.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') implements OnModuleInit {
  constructor(
    private readonly auth: AuthService,
    private readonly adapterHost: HttpAdapterHost,
  ) {
    super({
      jwtFromRequest: (req: Request) => tokenFromRequest(req).token ?? null,
      secretOrKeyProvider: (req: Request, _raw: string, done: (err: unknown, key?: string | Buffer) => void) => {
        try {
          // A KeyObject (jsonwebtoken takes it; the typings say string | Buffer).
          done(null, authFor(req).verificationKey as unknown as Buffer);
        } catch (e) {
          done(e);
        }
      },
      algorithms: [JWT_ALGORITHM],
      passReqToCallback: true,
    });
  }

  onModuleInit(): void {
    const app = this.adapterHost.httpAdapter?.getInstance() as object | undefined;
    if (app) authByApp.set(app, this.auth);
  }

  /** Verified claims -> the current user, or false (401). A database failure throws (503), never a 401. */
  async validate(req: Request, payload: JwtPayload): Promise<AuthUser | false> {
    return (await authFor(req).userFromClaims(payload)) ?? false;
  }
}
