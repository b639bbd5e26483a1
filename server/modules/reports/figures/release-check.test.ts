/**
 * The exact release check (release-check.ts) and the frozen release (coarsenReportingBase): the certificate never
 * proves what the solver refutes, the solver finds the leaks a reader would use, and a base coarsened for a larger
 * minimum only merges released groups, so old and new releases together derive nothing below the old minimum.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BASE_OTHER_KEY } from '../../../../shared/schemas/report.js';
import { certifyRelease, solveRelease, type ReleaseProblem } from './release-check.js';
import { baseFrom, generateSurvey } from './testing.js';
import { coarsenReportingBase, type ReportingBase } from './reporting-base.js';

/** Classes given by their values on each dimension; rows: intercept + one per (dimension, value) — the marginals. */
function marginals(classes: readonly { values: number[]; n: number }[], k: number): ReleaseProblem {
  const rows = new Map<string, number>([['all', 0]]);
  const columns = classes.map((c) => [0, ...c.values.map((v, d) => rows.get(`${String(d)}:${String(v)}`) ?? (rows.set(`${String(d)}:${String(v)}`, rows.size), rows.size - 1))]);
  return { sizes: classes.map((c) => c.n), columns, rows: rows.size, minGroupSize: k };
}

describe('the release check', () => {
  it('finds the structural-zero leak: department A (12) and men (10), all men in A, give the 2 women of A', () => {
    // Department × gender classes: (A, man) 10, (A, woman) 2, (B, woman) 9. Released: everyone, each department, each gender.
    const problem = marginals(
      [
        { values: [0, 0], n: 10 },
        { values: [0, 1], n: 2 },
        { values: [1, 1], n: 9 },
      ],
      5,
    );
    expect(certifyRelease(problem)).toBe(false);
    const verdict = solveRelease(problem);
    expect(verdict.safe).toBe(false);
    if (!verdict.safe) expect(verdict.classes).toEqual([1]);
  });

  it('proves a spread release safe, by the certificate and by the solver', () => {
    const classes = [];
    for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) for (let c = 0; c < 2; c++) classes.push({ values: [a, b, c], n: 1 + ((a + b + c) % 2) });
    const problem = marginals([...classes, ...classes.map((x) => ({ ...x, values: [...x.values] }))], 3);
    expect(solveRelease(problem).safe).toBe(true);
  });

  it('never certifies what the solver refutes (random small releases)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ values: fc.tuple(fc.nat(3), fc.nat(2), fc.nat(2)), n: fc.integer({ min: 1, max: 6 }) }), { minLength: 1, maxLength: 30 }),
        fc.constantFrom(3, 5),
        (raw, k) => {
          const unique = [...new Map(raw.map((c) => [c.values.join(','), { values: [...c.values], n: c.n }])).values()];
          const problem = marginals(unique, k);
          if (certifyRelease(problem)) expect(solveRelease(problem).safe).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });
});

/** Each released group of a base as the set of row indices (rows are the same respondents in the same order). */
function groupsOf(base: ReportingBase): Map<string, Set<number>> {
  const out = new Map<string, Set<number>>();
  for (const d of base.summary.dimensions) {
    for (const v of d.values) out.set(`${d.question}=${v.key}`, new Set());
  }
  base.respondents.forEach((r, i) => {
    for (const [q, v] of Object.entries(r.dims)) out.get(`${q}=${v}`)?.add(i);
  });
  return out;
}

describe('a released base is never rebuilt finer', () => {
  it('a larger minimum merges whole released groups, adds no crossing, and old and new together derive nothing below the old minimum', () => {
    const g = generateSurvey(120, 4);
    const old = baseFrom(g.survey, g.responses, 5);
    const coarser = coarsenReportingBase(old, 9);
    expect(coarser.minGroupSize).toBe(9);
    expect(coarser.respondents.map((r) => r.answers)).toEqual(old.respondents.map((r) => r.answers));
    const before = groupsOf(old);
    const after = groupsOf(coarser);
    // Every new group is a union of old groups of its dimension.
    for (const [key, members] of after) {
      const [question] = key.split('=');
      const parts = [...before].filter(([k, set]) => k.startsWith(`${question!}=`) && [...set].some((i) => members.has(i)));
      for (const [, set] of parts) for (const i of set) expect(members.has(i)).toBe(true);
      expect(parts.reduce((n, [, set]) => n + set.size, 0)).toBe(members.size);
      if (members.size > 0) expect(members.size).toBeGreaterThanOrEqual(9);
    }
    // No crossing appears that the stored base did not release; a merged value keeps what it held.
    for (const [a, b] of coarser.summary.crossings ?? []) expect(old.summary.crossings!.some(([x, y]) => x === a && y === b)).toBe(true);
    for (const d of coarser.summary.dimensions) {
      const other = d.values.find((v) => v.key === BASE_OTHER_KEY);
      if (other) expect(other.merged.every((m) => !m.startsWith('~'))).toBe(true);
    }
    // Together: the new groups lie in the span of the old ones (unions), so the pair is exactly as safe as the old base,
    // which the solver confirms over the respondents with both families' sets.
    const n = old.respondents.length;
    const sets = [...before.values(), ...after.values()].filter((s) => s.size > 0);
    const problem: ReleaseProblem = {
      sizes: new Array<number>(n).fill(1),
      columns: Array.from({ length: n }, (_, i) => sets.map((s, j) => (s.has(i) ? j : -1)).filter((j) => j >= 0)),
      rows: sets.length,
      minGroupSize: 5,
    };
    expect(solveRelease(problem).safe).toBe(true);
  }, 60_000);

  it('the release depends on what was answered, not on the order rows come from storage', () => {
    const g = generateSurvey(200, 6);
    const a = baseFrom(g.survey, g.responses, 5);
    const b = baseFrom(g.survey, [...g.responses].reverse(), 5);
    expect(b.summary).toEqual(a.summary);
    expect(b.respondents).toEqual(a.respondents);
  }, 60_000);

  it('a base for a minimum it already meets is returned as it is', () => {
    const g = generateSurvey(40, 2);
    const old = baseFrom(g.survey, g.responses, 5);
    expect(coarsenReportingBase(old, 5)).toBe(old);
  });
});
