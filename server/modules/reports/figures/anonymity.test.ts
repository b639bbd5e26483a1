import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../lib/seeded-random.js';
import { clampMinGroupSize, protectGroups, releaseTexts, shuffle } from './anonymity.js';

const shown = (m: Map<string, { suppressed: boolean; reason: string | null }>) => [...m].filter(([, p]) => !p.suppressed).map(([k]) => k);
const reasons = (m: Map<string, { suppressed: boolean; reason: string | null }>) => Object.fromEntries([...m].map(([k, p]) => [k, p.reason]));

describe('minimum group size', () => {
  it('defaults to 5 and is never below 3', () => {
    expect(clampMinGroupSize()).toBe(5);
    expect(clampMinGroupSize(null)).toBe(5);
    expect(clampMinGroupSize(2)).toBe(3);
    expect(clampMinGroupSize(0)).toBe(3);
    expect(clampMinGroupSize(-10)).toBe(3);
    expect(clampMinGroupSize(3)).toBe(3);
    expect(clampMinGroupSize(7)).toBe(7);
  });

  it('a clamped minimum of 3 shows a group of 3', () => {
    const m = protectGroups([{ key: 'A', n: 3 }, { key: 'B', n: 3 }, { key: 'C', n: 9 }], 2);
    expect(shown(m)).toEqual(['A', 'B', 'C']);
    const m2 = protectGroups([{ key: 'A', n: 2 }, { key: 'B', n: 3 }, { key: 'C', n: 9 }], 2);
    expect(reasons(m2)).toEqual({ A: 'below-minimum', B: 'complementary', C: null });
  });
});

describe('protectGroups', () => {
  it('shows groups of 5 and more, hides a group of 4', () => {
    expect(shown(protectGroups([{ key: 'A', n: 5 }, { key: 'B', n: 10 }], 5))).toEqual(['A', 'B']);
    expect(reasons(protectGroups([{ key: 'A', n: 4 }, { key: 'B', n: 10 }, { key: 'C', n: 12 }], 5))).toEqual({ A: 'below-minimum', B: 'complementary', C: null });
  });

  it('the subtraction case: all minus department A would reveal a group of 2, so the second-smallest is hidden too', () => {
    // A 10, B 2, C 6; total 18 is published. Hiding only B leaves 18 - 10 - 6 = 2 = B.
    // Hiding C as well: the hidden total is 2 + 6 = 8 >= 5, and A is still shown.
    const m = protectGroups([{ key: 'A', n: 10 }, { key: 'B', n: 2 }, { key: 'C', n: 6 }], 5);
    expect(reasons(m)).toEqual({ A: null, B: 'below-minimum', C: 'complementary' });
  });

  it('with only two groups, hiding one hides both', () => {
    expect(reasons(protectGroups([{ key: 'A', n: 10 }, { key: 'B', n: 2 }], 5))).toEqual({ A: 'complementary', B: 'below-minimum' });
  });

  it('several small groups together must reach the minimum', () => {
    // 1 + 1 = 2 < 5 -> add the smallest shown (C 6): 8 >= 5; D stays.
    expect(reasons(protectGroups([{ key: 'A', n: 1 }, { key: 'B', n: 1 }, { key: 'C', n: 6 }, { key: 'D', n: 9 }], 5))).toEqual({
      A: 'below-minimum',
      B: 'below-minimum',
      C: 'complementary',
      D: null,
    });
    // 2 + 3 = 5 hidden together already: nothing else is hidden.
    expect(reasons(protectGroups([{ key: 'A', n: 2 }, { key: 'B', n: 3 }, { key: 'C', n: 9 }], 5))).toEqual({ A: 'below-minimum', B: 'below-minimum', C: null });
  });

  it('the "no answer" remainder counts as a group', () => {
    expect(reasons(protectGroups([{ key: 'x', n: 10 }, { key: 'y', n: 12 }, { key: '', n: 1 }], 5))).toEqual({ x: 'complementary', y: null, '': 'below-minimum' });
  });

  it('an empty group hides nobody and triggers nothing', () => {
    expect(reasons(protectGroups([{ key: 'A', n: 0 }, { key: 'B', n: 10 }, { key: 'C', n: 10 }], 5))).toEqual({ A: 'empty', B: null, C: null });
  });

  it('a group that differs from itself under a smaller filter by fewer than the minimum is hidden', () => {
    // Filtered report: A has 6 respondents, but unfiltered A has 8 -> the 2 outside the filter could be derived.
    // Hidden: n 6 (fine) but differences 2 < 5 -> hide the smallest group that adds a difference (C, 5): 2 + 5 = 7.
    const m = protectGroups([{ key: 'A', n: 6, differences: [2] }, { key: 'B', n: 9, differences: [0] }, { key: 'C', n: 7, differences: [5] }], 5);
    expect(reasons(m)).toEqual({ A: 'difference-below-minimum', B: null, C: 'complementary' });
  });

  it('the hidden groups’ summed differences must reach the minimum too', () => {
    // A (n 3, d 2) hidden; n sum 3 < 5 -> add B (n 8, d 0): n 11 ok, d 2 < 5 -> add C (d 4): d 6 ok; D stays.
    const m = protectGroups(
      [
        { key: 'A', n: 3, differences: [2] },
        { key: 'B', n: 8, differences: [0] },
        { key: 'C', n: 9, differences: [5] },
        { key: 'D', n: 20, differences: [0] },
      ],
      5,
    );
    expect(reasons(m)).toEqual({ A: 'below-minimum', B: 'complementary', C: 'complementary', D: null });
  });
});

describe('free texts', () => {
  it('are ordered by a hash of the seed and the text (not by arrival), trimmed, without blanks', () => {
    const texts = Array.from({ length: 20 }, (_, i) => `comment ${i}`);
    const a = releaseTexts([...texts, '  ', undefined, ' padded '], true, 'survey:42');
    expect(a).toHaveLength(21);
    expect([...a].sort()).toEqual([...texts, 'padded'].sort());
    expect(a).not.toEqual([...texts, 'padded']);
    // The same texts in another arrival order: the same list (nothing about who wrote first).
    expect(releaseTexts([' padded ', ...[...texts].reverse()], true, 'survey:42')).toEqual(a);
    expect(releaseTexts(texts, true, 'survey:7')).not.toEqual(releaseTexts(texts, true, 'survey:42'));
  });
  it('of a hidden group are not released', () => {
    expect(releaseTexts(['secret'], false, 'survey:1')).toEqual([]);
  });
  it('shuffle keeps every item', () => {
    expect(shuffle([1, 2, 3, 4, 5], seededRandom(3)).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(shuffle([], seededRandom(3))).toEqual([]);
  });
});
