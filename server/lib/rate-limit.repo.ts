/**
 * The rate limits' SQL (rate_limits, migration 0010): one fixed-window counter per key, shared by every instance on
 * the database. Keys are stored as the first 32 hex characters of their SHA-256, so no IP address or e-mail sits in
 * the table. Times are unix ms.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../db/connection.js';

export interface RateLimitCount {
  hits: number;
  /** When the window ends (unix ms). */
  resetAt: number;
}

const stored = (key: string): string => createHash('sha256').update(key).digest('hex').slice(0, 32);

export function createRateLimitRepo(db: Db) {
  return {
    /**
     * Counts one hit in one statement (so concurrent hits on several instances never lose one): a new window of
     * windowMs from now when there is none or it has ended, otherwise one more hit in the current window.
     */
    async hit(key: string, windowMs: number, now: number): Promise<RateLimitCount> {
      const row = await db.get<{ hits: number; reset_at: number }>(
        `INSERT INTO rate_limits (key, hits, reset_at) VALUES (?, 1, ?)
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN rate_limits.reset_at <= ? THEN 1 ELSE rate_limits.hits + 1 END,
           reset_at = CASE WHEN rate_limits.reset_at <= ? THEN excluded.reset_at ELSE rate_limits.reset_at END
         RETURNING hits, reset_at`,
        [stored(key), now + windowMs, now, now],
      );
      if (!row) throw new Error('rate_limits upsert returned no row');
      return { hits: row.hits, resetAt: row.reset_at };
    },

    /** The count of the key's current window, or undefined when it has none. */
    async get(key: string, now: number): Promise<RateLimitCount | undefined> {
      const row = await db.get<{ hits: number; reset_at: number }>('SELECT hits, reset_at FROM rate_limits WHERE key = ? AND reset_at > ?', [stored(key), now]);
      return row ? { hits: row.hits, resetAt: row.reset_at } : undefined;
    },

    /** Takes one hit back from the key's current window (a request that should not have counted). */
    async decrement(key: string, now: number): Promise<void> {
      await db.run('UPDATE rate_limits SET hits = hits - 1 WHERE key = ? AND reset_at > ? AND hits > 0', [stored(key), now]);
    },

    /** Forgets the key's count. */
    async reset(key: string): Promise<void> {
      await db.run('DELETE FROM rate_limits WHERE key = ?', [stored(key)]);
    },

    /** Deletes the windows that have ended; how many. */
    async purgeExpired(now: number): Promise<number> {
      return (await db.run('DELETE FROM rate_limits WHERE reset_at <= ?', [now])).changes;
    },
  };
}
export type RateLimitRepo = ReturnType<typeof createRateLimitRepo>;
