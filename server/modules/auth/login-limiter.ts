/**
 * Failed-login counters per account (e-mail) and per IP, in memory, in fixed windows.
 * blocked() is checked before the password; a failure counts against both keys; a success clears the
 * account's count (not the IP's). The clock is injectable so tests can move time.
 */
export interface LoginLimiterOptions {
  maxPerAccount: number;
  maxPerIp: number;
  windowMs: number;
  now?: () => number;
}

interface Counter {
  count: number;
  resetAt: number;
}

export function createLoginLimiter(options: LoginLimiterOptions) {
  const now = options.now ?? Date.now;
  const counters = new Map<string, Counter>();

  const live = (key: string): Counter | undefined => {
    const c = counters.get(key);
    if (c && c.resetAt <= now()) {
      counters.delete(key);
      return undefined;
    }
    return c;
  };
  const bump = (key: string) => {
    const c = live(key);
    if (c) c.count += 1;
    else counters.set(key, { count: 1, resetAt: now() + options.windowMs });
    if (counters.size > 100_000) for (const k of counters.keys()) live(k);
  };

  return {
    /** Seconds until the caller may try again, or 0 when not blocked. */
    retryAfter(email: string, ip: string): number {
      const checks: [string, number][] = [
        [`a:${email.toLowerCase()}`, options.maxPerAccount],
        [`i:${ip}`, options.maxPerIp],
      ];
      let wait = 0;
      for (const [key, max] of checks) {
        const c = live(key);
        if (c && c.count >= max) wait = Math.max(wait, Math.ceil((c.resetAt - now()) / 1000));
      }
      return wait;
    },
    fail(email: string, ip: string): void {
      bump(`a:${email.toLowerCase()}`);
      bump(`i:${ip}`);
    },
    succeed(email: string): void {
      counters.delete(`a:${email.toLowerCase()}`);
    },
  };
}
export type LoginLimiter = ReturnType<typeof createLoginLimiter>;
