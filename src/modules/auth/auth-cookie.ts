import type { Request, Response } from 'express';
import { AUTH_COOKIE } from './auth.constants.js';

/** The web app's session cookie: httpOnly, SameSite=Lax, Secure when the request came over https (TRUST_PROXY). */
export function setAuthCookie(req: Request, res: Response, token: string, maxAgeSeconds: number): void {
  res.cookie(AUTH_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/', maxAge: maxAgeSeconds * 1000 });
}

export function clearAuthCookie(req: Request, res: Response): void {
  res.clearCookie(AUTH_COOKIE, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/' });
}
