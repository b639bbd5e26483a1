/**
 * Session lookup: reads the session cookie, verifies the token and loads the live session and
 * its user into res.locals.auth. requireAuth answers 401 'unauthenticated' without one.
 */
import type { NextFunction, Request, Response } from 'express';
import { SESSION_COOKIE_NAME } from '../../shared/constants.js';
import { AppError } from '../errors.js';
import type { AuthService, SessionContext } from '../modules/auth/auth.service.js';

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export function sessionLookup(auth: AuthService) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const token = readCookie(req.get('cookie'), SESSION_COOKIE_NAME);
    res.locals.auth = token ? await auth.resolveToken(token) : null;
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
