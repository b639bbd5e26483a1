import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { BACKOFF_BASE_MS, BACKOFF_CAP_MS, backoffCeiling, backoffDelay } from './backoff';

describe('backoff', () => {
  it('grows exponentially per attempt from 1 s and is capped at 5 min', () => {
    const ceilings = Array.from({ length: 12 }, (_, i) => backoffCeiling(i + 1));
    expect(ceilings.slice(0, 5)).toEqual([1000, 2000, 4000, 8000, 16000]);
    for (let i = 1; i < ceilings.length; i++) expect(ceilings[i]).toBeGreaterThanOrEqual(ceilings[i - 1]!);
    expect(backoffCeiling(50)).toBe(BACKOFF_CAP_MS);
    expect(backoffCeiling(10_000)).toBe(5 * 60_000);
    expect(BACKOFF_BASE_MS).toBe(1000);
  });

  it('full jitter stays within [1 ms, ceiling] and never exceeds the cap', () => {
    expect(backoffDelay(3, () => 1)).toBe(4000);
    expect(backoffDelay(3, () => 0)).toBe(1);
    expect(backoffDelay(40, () => 1)).toBe(BACKOFF_CAP_MS);
    let seed = 42;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let attempt = 1; attempt <= 30; attempt++) {
      for (let k = 0; k < 50; k++) {
        const d = backoffDelay(attempt, rnd);
        expect(d).toBeGreaterThanOrEqual(1);
        expect(d).toBeLessThanOrEqual(backoffCeiling(attempt));
        expect(d).toBeLessThanOrEqual(BACKOFF_CAP_MS);
      }
    }
    // a broken random source cannot escape the bounds
    expect(backoffDelay(2, () => 7)).toBe(2000);
    expect(backoffDelay(2, () => -3)).toBe(1);
  });
});
