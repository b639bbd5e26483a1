// Exponential backoff with full jitter (pure; the random source is injected).
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 5 * 60_000;

/** Upper bound of the wait before retry number `attempt` (1-based): min(cap, base * 2^(attempt-1)). */
export function backoffCeiling(attempt: number, baseMs = BACKOFF_BASE_MS, capMs = BACKOFF_CAP_MS): number {
  const n = Math.max(1, Math.trunc(attempt));
  // 2^30 already exceeds any sane cap; avoid Infinity
  return Math.min(capMs, baseMs * 2 ** Math.min(n - 1, 30));
}

/** Full jitter: a uniform wait in [0, ceiling], never below 1 ms and never above the cap. */
export function backoffDelay(attempt: number, random: () => number, baseMs = BACKOFF_BASE_MS, capMs = BACKOFF_CAP_MS): number {
  const ceiling = backoffCeiling(attempt, baseMs, capMs);
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.max(1, Math.min(capMs, Math.round(r * ceiling)));
}
