import { randomInt } from 'node:crypto';

/**
 * A copy of `items` in a uniformly random order (Fisher–Yates with node:crypto's randomInt): the order responses are
 * written in, so that the order of storing says nothing about the order of arriving.
 */
export function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
