import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentOrder } from './reporting-base.js';

/**
 * The order's definition: by the SHA-256 of the seed and the row's JSON with its keys sorted (an undefined answer kept as
 * null), ties by that text.
 */
function sortedJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v === undefined ? null : v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}
function expectedOrder<T>(items: readonly T[], seed: string): T[] {
  const keyed = items.map((item) => ({ item, text: sortedJson(item), hash: '' }));
  for (const k of keyed) k.hash = createHash('sha256').update(`${seed}\u0000${k.text}`).digest('hex');
  keyed.sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
  return keyed.map((k) => k.item);
}

describe('contentOrder', () => {
  const rows = Array.from({ length: 60 }, (_, i) => ({
    statements: { S2: (i % 4) + 1, S1: (i * 7) % 5, S10: i % 2 === 0 ? null : 3 },
    department: ['Prodaja', 'Razvoj', 'Pravna služba', 'Логистика', 'a"b\\c\n'][i % 5],
    extra: { 'x-check': { value: [i % 3, 2] }, 'x-radio': { value: i % 2, comment: i % 7 === 0 ? 'Nočne izmene' : undefined } },
    score: [0.1 + 0.2, -0, 1e21, Number.NaN, Infinity][i % 5],
    flag: i % 3 === 0,
  }));

  it('orders rows by the hash of the seed and their content, whatever order they came in', () => {
    const ordered = contentOrder(rows, '42:release');
    expect(ordered).toEqual(expectedOrder(rows, '42:release'));
    expect(contentOrder([...rows].reverse(), '42:release')).toEqual(ordered);
  });

  it('gives another order for another seed', () => {
    expect(contentOrder(rows, '43')).not.toEqual(contentOrder(rows, '42'));
  });
});
