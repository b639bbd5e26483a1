/**
 * Rate limits (express-rate-limit, in memory per process); an exceeded limit is 429 'rate-limited' in the error
 * shape with Retry-After (rateLimited). Limits that must hold across processes keep their counts in the
 * database (the kiosks' guessing limit: server/modules/kiosk/kiosk.guesses.ts).
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import { AppError } from '../errors.js';

export interface LimiterOptions {
  windowMs: number;
  limit: number;
  /** What is counted (default: the client's IP address), e.g. the company of the session or an application id. */
  key?: (req: Request, res: Response) => string;
}

export function limiter(options: LimiterOptions): RequestHandler {
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    ...(options.key ? { keyGenerator: options.key } : {}),
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req: Request, res: Response, next: NextFunction) => {
      const resetTime = (_req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      next(resetTime ? rateLimited(res, resetTime.getTime() - Date.now()) : new AppError('rate-limited'));
    },
  });
}

/** What an exceeded limit answers: 429 'rate-limited' with Retry-After in whole seconds (at least 1). */
export function rateLimited(res: Response, retryAfterMs: number): AppError {
  res.set('Retry-After', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  return new AppError('rate-limited');
}
