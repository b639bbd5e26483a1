/**
 * Rate limits: express-rate-limit with a store in the database (DatabaseStore over server/lib/rate-limits.ts), so
 * every instance on one database counts the same hits; each limiter counts under its own name ('contact',
 * 'register', 'kiosk-setup', ...). An exceeded limit is 429 'rate-limited' in the error shape with
 * Retry-After (rateLimited). app.ts makes one `Limiter` (createLimiter) and hands it to the routes.
 * Expired windows are purged by the counters (server/lib/rate-limits.ts: every few hundred hits). The kiosks'
 * guessing limit is its own budget (server/modules/kiosk/kiosk.guesses.ts), the login failures are counted by
 * server/modules/auth/login-limiter.ts and code entry's wrong guesses by server/modules/questionnaire/code-guesses.ts
 * on the same table.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { rateLimit, type ClientRateLimitInfo, type Options, type Store } from 'express-rate-limit';
import { AppError } from '../errors.js';
import type { RateLimitCounts } from '../lib/rate-limits.js';

export interface LimiterOptions {
  /** The limiter's own name, in front of its keys in the database; unique per limiter. */
  name: string;
  windowMs: number;
  limit: number;
  /** What is counted (default: the client's IP address), e.g. the company of the session or an application id. */
  key?: (req: Request, res: Response) => string;
  /** Count only the requests that fail (status >= 400), e.g. wrong codes or passwords. */
  skipSuccessfulRequests?: boolean;
}

/** Makes a rate-limit middleware; one per limited route (or group of routes). */
export type Limiter = (options: LimiterOptions) => RequestHandler;

/** An express-rate-limit Store on the shared counters: hits of all instances on the database count together. */
export class DatabaseStore implements Store {
  readonly localKeys = false;
  readonly prefix: string;
  private windowMs = 60_000;

  constructor(
    private readonly counts: RateLimitCounts,
    name: string,
    private readonly now: () => number = Date.now,
  ) {
    this.prefix = `${name}:`;
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const count = await this.counts.get(this.prefix + key, this.now());
    return count ? { totalHits: count.hits, resetTime: new Date(count.resetAt) } : undefined;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const count = await this.counts.hit(this.prefix + key, this.windowMs, this.now());
    return { totalHits: count.hits, resetTime: new Date(count.resetAt) };
  }

  async decrement(key: string): Promise<void> {
    await this.counts.decrement(this.prefix + key, this.now());
  }

  async resetKey(key: string): Promise<void> {
    await this.counts.reset(this.prefix + key);
  }
}

/** The Limiter of one app: every limiter it makes counts in the database through `counts`, on the clock `now`. */
export function createLimiter(counts: RateLimitCounts, now: () => number = Date.now): Limiter {
  return (options) =>
    rateLimit({
      windowMs: options.windowMs,
      limit: options.limit,
      ...(options.key ? { keyGenerator: options.key } : {}),
      skipSuccessfulRequests: options.skipSuccessfulRequests ?? false,
      store: new DatabaseStore(counts, options.name, now),
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      handler: (req: Request, res: Response, next: NextFunction) => {
        const resetTime = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
        next(resetTime ? rateLimited(res, resetTime.getTime() - now()) : new AppError('rate-limited'));
      },
    });
}

/**
 * What an exceeded limit answers: 429 'rate-limited' with Retry-After in whole seconds (at least 1); `detailed` also puts
 * them in the body (details.retry_after_seconds), for a page that tells how long to wait (code entry).
 */
export function rateLimited(res: Response, retryAfterMs: number, options: { detailed?: boolean } = {}): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  res.set('Retry-After', String(seconds));
  return new AppError('rate-limited', options.detailed ? { details: { retry_after_seconds: seconds } } : {});
}
