/**
 * Failed-login counters per account (lower-cased e-mail) and per IP, in fixed windows, in the database
 * (server/lib/rate-limits.ts), so every instance on one database counts the same failures.
 * retryAfter() is checked before the password; a failure counts against both keys; a success clears the
 * account's count (not the IP's). The clock is injectable so tests can move time.
 */
import type { RateLimitCounts } from '../../lib/rate-limits.js';

export interface LoginLimiterOptions {
  counts: RateLimitCounts;
  maxPerAccount: number;
  maxPerIp: number;
  windowMs: number;
  now?: () => number;
}

export function createLoginLimiter(options: LoginLimiterOptions) {
  const { counts } = options;
  const now = options.now ?? Date.now;
  const accountKey = (email: string) => `login-account:${email.toLowerCase()}`;
  const ipKey = (ip: string) => `login-ip:${ip}`;

  return {
    /** Seconds until the caller may try again, or 0 when not blocked. */
    async retryAfter(email: string, ip: string): Promise<number> {
      const at = now();
      const checks: [string, number][] = [
        [accountKey(email), options.maxPerAccount],
        [ipKey(ip), options.maxPerIp],
      ];
      let wait = 0;
      for (const [key, max] of checks) {
        const c = await counts.get(key, at);
        if (c && c.hits >= max) wait = Math.max(wait, Math.ceil((c.resetAt - at) / 1000));
      }
      return wait;
    },
    async fail(email: string, ip: string): Promise<void> {
      const at = now();
      await counts.hit(accountKey(email), options.windowMs, at);
      await counts.hit(ipKey(ip), options.windowMs, at);
    },
    async succeed(email: string): Promise<void> {
      await counts.reset(accountKey(email));
    },
  };
}
export type LoginLimiter = ReturnType<typeof createLoginLimiter>;
