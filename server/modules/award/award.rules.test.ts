import { describe, expect, it } from 'vitest';
import type { AwardEntry } from '../../../shared/schemas/award.js';
import { comparedOccupancy, computeAwardYear, occupancyOf, surveyYear, withComparedFigures, type AwardCandidate } from './award.rules.js';

let nextId = 1;
/** A candidate that passes every rule unless told otherwise: 100 employees, 90 responses, finished 15.10.2025. */
function candidate(over: Partial<AwardCandidate> = {}): AwardCandidate {
  const id = nextId++;
  return {
    surveyId: id,
    companyId: id,
    companyName: `Company ${String(id).padStart(3, '0')}`,
    surveyName: 'IZZ 2025',
    type: 'izz',
    startedAt: '2025-10-01T07:00:00.000Z',
    finishedAt: '2025-10-15T10:00:00.000Z',
    finishedOn: '2025-10-15',
    employees: 100,
    responses: 90,
    esi: 70,
    enps: 10,
    excluded: null,
    withdrawnName: false,
    showFigures: false,
    ...over,
  };
}

const run = (candidates: AwardCandidate[], previousEsi = new Map<number, number>()) => computeAwardYear({ year: 2025, candidates, previousEsi });
const failed = (e: AwardEntry) => e.checks.filter((c) => !c.passed).map((c) => c.rule);
const one = (c: AwardCandidate) => run([c])[0]!;

describe('eligibility', () => {
  it.each([
    // employees, responses, eligible — each threshold at its edge: exactly at it passes, one response less fails
    [19, 19, false, ['min_employees']],
    [20, 17, true, []], // 85.0 %
    [20, 16, false, ['occupancy']], // 80 %
    [50, 43, true, []], // 86 % ≥ 85
    [50, 42, false, ['occupancy']], // 84 %
    [51, 41, true, []], // 80.39 % ≥ 80 (51 is the first row of 80 %)
    [51, 40, false, ['occupancy']], // 78.4 %
    [100, 80, true, []], // 80.0 %
    [100, 79, false, ['occupancy']], // 79 %
    [101, 66, true, []], // 65.35 % ≥ 65
    [101, 65, false, ['occupancy']], // 64.36 %
    [200, 130, true, []], // 65.0 %
    [200, 129, false, ['occupancy']], // 64.5 %
    [201, 103, true, []], // 51.24 % ≥ 51
    [201, 102, false, ['occupancy']], // 50.75 %
    [1000, 510, true, []], // 51.0 %
    [1000, 509, false, ['occupancy']], // 50.9 %
  ])('%i employees, %i responses: eligible %s', (employees, responses, eligible, rules) => {
    const e = one(candidate({ employees, responses }));
    expect(e.eligible).toBe(eligible);
    expect(failed(e)).toEqual(rules);
  });

  it('names the threshold and the occupancy on the occupancy check', () => {
    const e = one(candidate({ employees: 100, responses: 79 }));
    expect(e.checks.find((c) => c.rule === 'occupancy')).toEqual({ rule: 'occupancy', passed: false, actual: 79, required: 80, decimals: 1 });
    expect(e.occupancy).toBe(79);
  });

  it('the occupancy check carries the figure the rule compared: a failing rate never reads as the threshold', () => {
    // 2549 of 4999 = 50.990… %: one decimal would say 51.0 % against "needs 51 %".
    const e = one(candidate({ employees: 4999, responses: 2549 }));
    expect(e.eligible).toBe(false);
    expect(e.checks.find((c) => c.rule === 'occupancy')).toEqual({ rule: 'occupancy', passed: false, actual: 50.99, required: 51, decimals: 2 });
    // The report's one-decimal rate stays as the report prints it.
    expect(e.occupancy).toBe(51);
    expect(comparedOccupancy(1019, 2000, 51)).toEqual({ value: 50.95, decimals: 2 }); // 50.95 exactly: 51.0 at one decimal
    expect(comparedOccupancy(4249, 4999, 85)).toEqual({ value: 84.997, decimals: 3 }); // 84.99699…: 85.00 at two
    expect(comparedOccupancy(509, 1000, 51)).toEqual({ value: 50.9, decimals: 1 });
    // A passing rate needs no more than one decimal: rounding never takes it below a whole threshold.
    expect(comparedOccupancy(2550, 5000, 51)).toEqual({ value: 51, decimals: 1 });
    expect(comparedOccupancy(2551, 4999, 51)).toEqual({ value: 51, decimals: 1 });
    expect(comparedOccupancy(5, null, 51)).toBeNull();
    // Over the whole range of employees, a failing rate written with its decimals is below the threshold, a passing one at or above.
    for (let employees = 20; employees <= 5000; employees += 7) {
      const threshold = employees <= 50 ? 85 : employees <= 100 ? 80 : employees <= 200 ? 65 : 51;
      for (const responses of [Math.ceil((threshold * employees) / 100) - 1, Math.ceil((threshold * employees) / 100)]) {
        const c = comparedOccupancy(responses, employees, threshold)!;
        expect(c.value < threshold).toBe(responses * 100 < threshold * employees);
      }
    }
  });

  it('a stored result of before shows the compared figure too (from its own responses and employees)', () => {
    const stored = one(candidate({ employees: 4999, responses: 2549 }));
    const old = { ...stored, checks: stored.checks.map((c) => (c.rule === 'occupancy' ? { rule: c.rule, passed: c.passed, actual: 51, required: 51 } : c)) };
    expect(withComparedFigures(old).checks.find((c) => c.rule === 'occupancy')).toEqual({ rule: 'occupancy', passed: false, actual: 50.99, required: 51, decimals: 2 });
  });

  it('a survey finished on 30 November counts, one finished on 1 December does not', () => {
    expect(one(candidate({ finishedOn: '2025-11-30', finishedAt: '2025-11-30T22:30:00.000Z' })).eligible).toBe(true);
    const late = one(candidate({ finishedOn: '2025-12-01', finishedAt: '2025-12-01T08:00:00.000Z' }));
    expect(late.eligible).toBe(false);
    expect(late.checks.find((c) => c.rule === 'finished_by')).toEqual({ rule: 'finished_by', passed: false, actual: '2025-12-01', required: '2025-11-30' });
  });

  it('a running survey is not eligible', () => {
    expect(failed(one(candidate({ finishedOn: null, finishedAt: null })))).toEqual(['finished_by']);
  });

  it("only the company's first IZZ survey of the year counts", () => {
    const a = candidate({ startedAt: '2025-03-01T07:00:00.000Z', finishedOn: '2025-03-20', esi: 60 });
    const b = candidate({ companyId: a.companyId, startedAt: '2025-09-01T07:00:00.000Z', esi: 90 });
    const entries = run([b, a]);
    const first = entries.find((e) => e.survey_id === a.surveyId)!;
    const second = entries.find((e) => e.survey_id === b.surveyId)!;
    expect(first.eligible).toBe(true);
    expect(second.eligible).toBe(false);
    expect(second.checks.find((c) => c.rule === 'first_of_year')).toEqual({ rule: 'first_of_year', passed: false, actual: a.surveyId, required: null });
  });

  it('a PULS survey is not eligible', () => {
    expect(failed(one(candidate({ type: 'puls' })))).toEqual(['izz']);
  });

  it('an excluded company passes every rule but is not eligible and not ranked', () => {
    const e = one(candidate({ excluded: { reason: 'Data entry irregularities', at: '2025-12-10T10:00:00.000Z' } }));
    expect(failed(e)).toEqual([]);
    expect(e.eligible).toBe(false);
    expect(e.rank).toBeNull();
    expect(e.awards).toEqual([]);
  });

  it('occupancy is the exact ratio rounded to one decimal', () => {
    expect(occupancyOf(41, 51)).toBe(80.4);
    expect(occupancyOf(2, 3)).toBe(66.7);
    expect(occupancyOf(1, 8)).toBe(12.5);
    expect(occupancyOf(5, null)).toBeNull();
  });

  it('ESI and eNPS as the report prints them: one decimal, half away from zero (−17.85 → −17.9)', () => {
    const e = one(candidate({ esi: 64.85, enps: -17.85 }));
    expect([e.esi, e.enps]).toEqual([64.9, -17.9]);
  });

  it('a survey belongs to the year it finished in, a running one to the year it started in', () => {
    expect(surveyYear('2026-01-10', '2025-12-01')).toBe(2026);
    expect(surveyYear(null, '2025-12-01')).toBe(2025);
    expect(surveyYear(null, null)).toBeNull();
  });
});

describe('ranking', () => {
  it('ranks each size class by ESI and awards places 1 to 3', () => {
    const small = [72, 80, 75, 60].map((esi) => candidate({ employees: 40, responses: 40, esi }));
    const medium = [50, 55].map((esi) => candidate({ employees: 251 - 1, responses: 200, esi }));
    const large = [candidate({ employees: 251, responses: 200, esi: 40 })];
    const entries = run([...small, ...medium, ...large]);
    const of = (c: AwardCandidate) => entries.find((e) => e.survey_id === c.surveyId)!;
    expect(small.map((c) => of(c).rank)).toEqual([3, 1, 2, 4]);
    expect(small.map((c) => of(c).awards.filter((a) => a.kind === 'class'))).toEqual([[{ kind: 'class', place: 3 }], [{ kind: 'class', place: 1 }], [{ kind: 'class', place: 2 }], []]);
    expect(medium.map((c) => of(c).size_class)).toEqual(['medium', 'medium']);
    expect(medium.map((c) => of(c).rank)).toEqual([2, 1]);
    expect(of(large[0]!).size_class).toBe('large');
    expect(of(large[0]!).rank).toBe(1);
  });

  it('breaks an ESI tie by eNPS, then by occupancy; a remaining tie shares the place and skips the next', () => {
    const a = candidate({ esi: 80, enps: 20, employees: 100, responses: 90 });
    const b = candidate({ esi: 80, enps: 30, employees: 100, responses: 85 });
    const c = candidate({ esi: 80, enps: 20, employees: 100, responses: 95 });
    const d = candidate({ esi: 79.96, enps: 20, employees: 100, responses: 95 }); // prints as 80.0: tied with c on every figure
    const e = candidate({ esi: 70, enps: 50, employees: 100, responses: 100 });
    const entries = run([a, b, c, d, e]);
    const rank = (x: AwardCandidate) => entries.find((y) => y.survey_id === x.surveyId)!.rank;
    expect([b, c, d, a, e].map(rank)).toEqual([1, 2, 2, 4, 5]);
    expect(entries.find((y) => y.survey_id === a.surveyId)!.awards).toEqual([]);
  });

  it('three companies tied for first all get place 1 and nobody gets 2 or 3', () => {
    const tied = [1, 2, 3].map(() => candidate({ esi: 75, enps: 10, responses: 90 }));
    const fourth = candidate({ esi: 74 });
    const entries = run([...tied, fourth]);
    expect(entries.filter((e) => e.awards.some((w) => w.kind === 'class')).map((e) => e.rank)).toEqual([1, 1, 1]);
    expect(entries.find((e) => e.survey_id === fourth.surveyId)!.rank).toBe(4);
  });

  it('special categories are across all size classes and go to the first place', () => {
    const small = candidate({ employees: 30, responses: 30, esi: 60, enps: 40 }); // 100 % occupancy, best eNPS
    const large = candidate({ employees: 400, responses: 300, esi: 85, enps: 35 });
    const entries = run([small, large]);
    const awards = (c: AwardCandidate) => entries.find((e) => e.survey_id === c.surveyId)!.awards.map((a) => a.kind);
    expect(awards(small)).toEqual(['class', 'highest_enps', 'highest_occupancy']);
    expect(awards(large)).toEqual(['class']);
  });

  it('most improved ESI needs an eligible survey of the previous year and a positive change', () => {
    const a = candidate({ esi: 70 }); // +5
    const b = candidate({ esi: 80 }); // +2
    const c = candidate({ esi: 90 }); // no previous year
    const d = candidate({ esi: 60 }); // −10
    const prev = new Map([[a.companyId, 65], [b.companyId, 78], [d.companyId, 70]]);
    const entries = run([a, b, c, d], prev);
    const of = (x: AwardCandidate) => entries.find((e) => e.survey_id === x.surveyId)!;
    expect([a, b, c, d].map((x) => of(x).esi_change)).toEqual([5, 2, null, -10]);
    expect([a, b, c, d].map((x) => of(x).awards.some((w) => w.kind === 'most_improved_esi'))).toEqual([true, false, false, false]);
  });

  it('nobody is most improved when no one improved', () => {
    const a = candidate({ esi: 70 });
    const entries = run([a], new Map([[a.companyId, 75]]));
    expect(entries[0]!.awards.map((w) => w.kind)).not.toContain('most_improved_esi');
  });

  it('a tie for a special category shares it', () => {
    const a = candidate({ esi: 70, enps: 30 });
    const b = candidate({ esi: 70, enps: 30 });
    const entries = run([a, b]);
    expect(entries.filter((e) => e.awards.some((w) => w.kind === 'highest_enps'))).toHaveLength(2);
  });

  it('lists the eligible first, by class and rank, then the rest', () => {
    const late = candidate({ finishedOn: '2025-12-01', companyName: 'AAA' });
    const small = candidate({ employees: 30, responses: 30 });
    const big = candidate({ employees: 300, responses: 200, esi: 90 });
    const entries = run([late, big, small]);
    expect(entries.map((e) => e.survey_id)).toEqual([small.surveyId, big.surveyId, late.surveyId]);
  });
});
