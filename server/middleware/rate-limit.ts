/** Rate limits (express-rate-limit, in memory per process); an exceeded limit is 429 'rate-limited' in the error shape. */
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
      if (resetTime) res.set('Retry-After', String(Math.max(1, Math.ceil((resetTime.getTime() - Date.now()) / 1000))));
      next(new AppError('rate-limited'));
    },
  });
}
