/**
 * The rate-limit counters every limit of the server shares: the express-rate-limit limiters
 * (server/middleware/rate-limit.ts) and the login failure counters (server/modules/auth/login-limiter.ts) count in
 * the database (rate_limits, server/lib/rate-limit.repo.ts), so several instances on one database see the same
 * counts. Each limit puts its own name in front of its keys ('contact:<ip>', 'login-account:<e-mail>', ...).
 *
 * Expired windows are purged here: every PURGE_EVERY_HITS hits counted by this process, one DELETE of the rows whose
 * window has ended (an indexed range on reset_at). An expired row says nothing (the next hit starts a new window),
 * so a quiet instance that purges seldom only keeps a few dead rows a little longer.
 */
import type { Db } from '../db/connection.js';
import { createRateLimitRepo, type RateLimitCount } from './rate-limit.repo.js';

export const PURGE_EVERY_HITS = 500;

export function createRateLimitCounts(db: Db) {
  const repo = createRateLimitRepo(db);
  let hitsSincePurge = 0;
  return {
    /** Counts one hit of key in a window of windowMs; the window's count after it. */
    async hit(key: string, windowMs: number, now: number): Promise<RateLimitCount> {
      const count = await repo.hit(key, windowMs, now);
      hitsSincePurge += 1;
      if (hitsSincePurge >= PURGE_EVERY_HITS) {
        hitsSincePurge = 0;
        await repo.purgeExpired(now);
      }
      return count;
    },
    /** The key's current window, or undefined. */
    get: (key: string, now: number): Promise<RateLimitCount | undefined> => repo.get(key, now),
    decrement: (key: string, now: number): Promise<void> => repo.decrement(key, now),
    reset: (key: string): Promise<void> => repo.reset(key),
  };
}
export type RateLimitCounts = ReturnType<typeof createRateLimitCounts>;
