/**
 * Session lookup: reads the session cookie, verifies the token and loads the live session and
 * its user into res.locals.auth. requireAuth answers 401 'unauthenticated' without one.
 */
import type { NextFunction, Request, Response } from 'express';
import { SESSION_COOKIE_NAME, SESSION_HINT_COOKIE_NAME } from '../../shared/constants.js';
import { AppError } from '../errors.js';
import { clearSessionHint, readCookie, setSessionHint } from '../lib/cookies.js';
import { isAdmin } from '../lib/user-scope.js';
import type { AuthService, SessionContext } from '../modules/auth/index.js';

/**
 * Resolves the session cookie. Keeps the hint true to it: an expired or revoked session loses the hint (the PWA
 * stops asking /api/me), and a live session without one (created before the hint existed) gets it.
 */
export function sessionLookup(auth: AuthService, secure = false) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const cookies = req.get('cookie');
    const token = readCookie(cookies, SESSION_COOKIE_NAME);
    res.locals.auth = token ? await auth.resolveToken(token) : null;
    const hinted = readCookie(cookies, SESSION_HINT_COOKIE_NAME) !== undefined;
    if (hinted && !res.locals.auth) clearSessionHint(res, secure);
    else if (!hinted && res.locals.auth) setSessionHint(res, secure);
    next();
  };
}

export function authOf(res: Response): SessionContext | null {
  return (res.locals.auth as SessionContext | null | undefined) ?? null;
}

export function requireAuth(_req: Request, res: Response, next: NextFunction): void {
  if (!authOf(res)) throw new AppError('unauthenticated');
  next();
}

/** The session (401 without one). */
export function sessionOf(res: Response): SessionContext {
  const auth = authOf(res);
  if (!auth) throw new AppError('unauthenticated');
  return auth;
}

/** A company user (or an administrator acting as one): 401 logged out, 403 without a company. */
export function requireCompany(_req: Request, res: Response, next: NextFunction): void {
  const auth = sessionOf(res);
  if (auth.user.company_id === null || !auth.user.scope.includes('company')) throw new AppError('forbidden');
  next();
}

/** The company user's ids for scoping every query. */
export function companyOf(res: Response): { userId: number; companyId: number; sessionId: string; auth: SessionContext } {
  const auth = sessionOf(res);
  if (auth.user.company_id === null) throw new AppError('forbidden');
  return { userId: auth.user.id, companyId: auth.user.company_id, sessionId: auth.session.id, auth };
}

/** An administrator (judged by the session's own user, so it also holds while acting as a client): 401 / 403. */
export function requireAdmin(_req: Request, res: Response, next: NextFunction): void {
  const auth = sessionOf(res);
  if (!isAdmin(auth.actor)) throw new AppError('forbidden');
  next();
}
