/**
 * CSRF defence for cookie sessions: a state-changing request (POST/PUT/PATCH/DELETE) whose Origin
 * header is present but is not this server's own origin (PUBLIC_URL, or the Host the request came to)
 * is refused with 403 'invalid-origin'. Browsers without Origin are judged by Sec-Fetch-Site.
 */
import type { NextFunction, Request, Response } from 'express';
import { AppError } from '../errors.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function originCheck(publicUrl: string | null) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    if (!STATE_CHANGING.has(req.method)) return next();
    const origin = req.get('origin');
    if (origin === undefined) {
      if (req.get('sec-fetch-site') === 'cross-site') throw new AppError('invalid-origin');
      return next();
    }
    const allowed = new Set<string>();
    if (publicUrl) allowed.add(publicUrl);
    const host = req.get('host');
    if (host) allowed.add(`${req.protocol}://${host}`.toLowerCase());
    if (!allowed.has(origin.toLowerCase())) throw new AppError('invalid-origin');
    next();
  };
}
