import { describe, expect, it } from 'vitest';
import {
  distribution,
  enps,
  esi,
  extraResults,
  favourablePct,
  FigureAccumulator,
  groupFigures,
  marginOfError,
  marginsOfError,
  mean,
  occupancyPct,
  ratio,
  respondentEsi,
} from './statistics.js';
import { analyseFilter, type SurveyQuestions } from './filters.js';
import { answers, unmergedRespondents } from './testing.js';

describe('mean, % favourable, distribution', () => {
  it('mean: two decimals, exact half rounding, null for nothing', () => {
    // (1 + 2 + 3 + 4 + 4) / 5 = 14 / 5 = 2.80
    expect(mean([1, 2, 3, 4, 4])).toBe(2.8);
    // (1 + 2 + 2) / 3 = 5 / 3 = 1.666… -> 1.67
    expect(mean([1, 2, 2])).toBe(1.67);
    // 69 threes + 131 twos: (207 + 262) / 200 = 469 / 200 = 2.345 -> 2.35 (a float 2.345 * 100 would give 234.4999… -> 2.34)
    expect(mean([...Array<number>(69).fill(3), ...Array<number>(131).fill(2)])).toBe(2.35);
    expect(mean([])).toBeNull();
  });

  it('% favourable counts 3 and 4, one decimal', () => {
    // 3 of 5 answers are 3 or 4: 3 / 5 = 60.0 %
    expect(favourablePct([1, 2, 3, 4, 4])).toBe(60);
    // 1 of 3: 33.333… -> 33.3 %
    expect(favourablePct([1, 2, 3])).toBe(33.3);
    // 2 of 3: 66.666… -> 66.7 %
    expect(favourablePct([4, 3, 1])).toBe(66.7);
    expect(favourablePct([])).toBeNull();
  });

  it('distribution counts each value', () => {
    expect(distribution([1, 2, 3, 4, 4], 1, 4)).toEqual([1, 1, 1, 2]);
    expect(distribution([0, 10, 10, 11], 0, 10)).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]);
  });

  it('rounds half away from zero on both sides', () => {
    expect(ratio(125, 100, 1)).toBe(1.3);
    expect(ratio(-125, 100, 1)).toBe(-1.3);
    expect(ratio(1, 0, 1)).toBeNull();
  });
});

describe('eNPS', () => {
  it('is % promoters (9-10) minus % detractors (0-6)', () => {
    // promoters 10, 9, 9, 10, 10 = 5; passives 8, 7 = 2; detractors 6, 0, 3 = 3; n = 10
    // 5/10 = 50 % - 3/10 = 30 % -> +20.0
    const e = enps([10, 9, 9, 8, 7, 6, 0, 3, 10, 10]);
    expect(e).toMatchObject({ score: 20, promoters: 5, passives: 2, detractors: 3, promoters_pct: 50, passives_pct: 20, detractors_pct: 30, n: 10 });
    // 2 promoters, 1 detractor of 3: 66.67 % - 33.33 % = 33.33 -> 33.3
    expect(enps([9, 9, 0]).score).toBe(33.3);
  });
  it('all promoters = +100, all detractors = -100, no answers = null', () => {
    expect(enps([9, 10, 9, 10]).score).toBe(100);
    expect(enps([0, 6, 3, 5]).score).toBe(-100);
    expect(enps([7, 8]).score).toBe(0);
    expect(enps([])).toMatchObject({ score: null, n: 0, promoters_pct: null });
  });
});

describe('ESI', () => {
  it('per respondent ((q1 + q2 + q3) / 3 - 1) / 9 * 100', () => {
    // (30 / 3 - 1) / 9 * 100 = 9 / 9 * 100 = 100
    expect(respondentEsi(10, 10, 10)).toBe(100);
    // (3 / 3 - 1) / 9 * 100 = 0
    expect(respondentEsi(1, 1, 1)).toBe(0);
    // (24 / 3 - 1) / 9 * 100 = 7 / 9 * 100 = 77.777…
    expect(respondentEsi(7, 8, 9)).toBeCloseTo(77.7778, 4);
  });
  it('a group is the mean of its respondents, one decimal', () => {
    // (100 + 0 + 77.777…) / 3 = 59.259… -> 59.3
    expect(esi([[10, 10, 10], [1, 1, 1], [7, 8, 9]])).toEqual({ score: 59.3, n: 3 });
    // (5 + 5 + 6) / 3 = 5.333…; (5.333… - 1) / 9 * 100 = 48.148… -> 48.1
    expect(esi([[5, 5, 6]]).score).toBe(48.1);
    expect(esi([])).toEqual({ score: null, n: 0 });
  });
});

describe('occupancy and margin of error', () => {
  it('occupancy = responses / employees', () => {
    expect(occupancyPct(45, 60)).toBe(75); // 45 / 60 = 0.75
    expect(occupancyPct(2, 3)).toBe(66.7); // 0.666… -> 66.7 %
    expect(occupancyPct(10, null)).toBeNull();
  });

  it('at 90 % and 95 % with the finite population correction (p = 0.5)', () => {
    // n = 400 of N = 1000:
    //   standard error = sqrt(0.5 * 0.5 / 400) = sqrt(0.000625) = 0.025
    //   FPC = sqrt((1000 - 400) / (1000 - 1)) = sqrt(600 / 999) = sqrt(0.600601) = 0.774984
    //   95 %: 1.959964 * 0.025 * 0.774984 = 0.037974 -> ±3.8 points
    //   90 %: 1.644854 * 0.025 * 0.774984 = 0.031868 -> ±3.2 points
    expect(marginsOfError(400, 1000)).toEqual({ p90: 3.2, p95: 3.8 });
    // n = 50 of N = 100: 0.0707107 * sqrt(50 / 99) = 0.0707107 * 0.710669 = 0.050252
    //   95 %: 1.959964 * 0.050252 = 0.098492 -> ±9.8; 90 %: 1.644854 * 0.050252 = 0.082657 -> ±8.3
    expect(marginsOfError(50, 100)).toEqual({ p90: 8.3, p95: 9.8 });
    // Without N there is no population to estimate: no margin of error is printed.
    expect(marginOfError(400, null, 95)).toBeNull();
    expect(marginsOfError(5, undefined)).toEqual({ p90: null, p95: null });
    // Everyone answered: no sampling error. Nobody: no figure.
    expect(marginOfError(100, 100, 95)).toBe(0);
    expect(marginOfError(0, 100, 95)).toBeNull();
  });
});

describe('statement and category figures', () => {
  it('per statement and pooled per category', () => {
    // JC01 answers 4, 3, 3, 2, 1: mean 13 / 5 = 2.60; favourable 3 / 5 = 60 %; distribution [1, 1, 2, 1]
    // JC02 answers 4, 4, 4, 4, 3: mean 19 / 5 = 3.80; favourable 5 / 5 = 100 %
    // job_content pools the 10 answers: (13 + 19) / 10 = 3.20; favourable (3 + 5) / 10 = 80 %
    const jc01 = [4, 3, 3, 2, 1] as const;
    const jc02 = [4, 4, 4, 4, 3] as const;
    const acc = new FigureAccumulator();
    for (let i = 0; i < 5; i++) acc.add(answers({ statements: { JC01: jc01[i]!, JC02: jc02[i]! } }));
    const f = acc.figures(5);
    expect(f.statements.find((s) => s.id === 'JC01')).toEqual({ id: 'JC01', category: 'job_content', mean: 2.6, favourable_pct: 60, distribution: [1, 1, 2, 1], n: 5, suppressed: false });
    expect(f.statements.find((s) => s.id === 'JC02')).toMatchObject({ mean: 3.8, favourable_pct: 100, n: 5 });
    expect(f.categories.find((c) => c.id === 'job_content')).toEqual({ id: 'job_content', mean: 3.2, favourable_pct: 80, n: 5 });
    expect(f.categories.find((c) => c.id === 'pay_benefits')).toEqual({ id: 'pay_benefits', mean: null, favourable_pct: null, n: 0 });
    expect(f.statements).toHaveLength(74);
  });

  it('an item answered by fewer than the minimum is suppressed', () => {
    const acc = new FigureAccumulator();
    for (let i = 0; i < 4; i++) acc.add(answers({ statements: { JC01: 4 }, enps: 10, esi: [10, 10, 10] }));
    const f = acc.figures(5);
    expect(f.statements[0]).toMatchObject({ mean: null, favourable_pct: null, distribution: [0, 0, 0, 0], n: 4, suppressed: true });
    expect(f.enps).toMatchObject({ score: null, promoters: 0, n: 4 });
    expect(f.esi).toEqual({ score: null, n: 4 });
    expect(f.esi_questions.map((q) => [q.n, q.distribution, q.suppressed])).toEqual([
      [4, null, true],
      [4, null, true],
      [4, null, true],
    ]);
  });

  it('counts the answers 1..10 of each ESI question on its own', () => {
    const acc = new FigureAccumulator();
    // Five complete triples, and one respondent who answered only the first question (out of the ESI score).
    for (const v of [1, 5, 5, 10, 10]) acc.add(answers({ esi: [v, 11 - v, 7] }));
    const partial = answers();
    partial.esi_workplace_satisfaction = 10;
    acc.add(partial);
    const f = acc.figures(5);
    expect(f.esi.n).toBe(5);
    expect(f.esi_questions.map((q) => q.id)).toEqual(['esi_workplace_satisfaction', 'esi_workplace_expectations', 'esi_ideal_job_comparison']);
    expect(f.esi_questions[0]).toEqual({ id: 'esi_workplace_satisfaction', n: 6, distribution: [1, 0, 0, 0, 2, 0, 0, 0, 0, 3], suppressed: false });
    expect(f.esi_questions[1]).toMatchObject({ n: 5, distribution: [2, 0, 0, 0, 0, 2, 0, 0, 0, 1] });
    expect(f.esi_questions[2]).toMatchObject({ n: 5, distribution: [0, 0, 0, 0, 0, 0, 5, 0, 0, 0] });
    // Nobody answered: zeros, nothing hidden.
    expect(new FigureAccumulator().figures(5).esi_questions[0]).toEqual({ id: 'esi_workplace_satisfaction', n: 0, distribution: new Array(10).fill(0), suppressed: false });
  });
});

describe('group figures', () => {
  const survey: SurveyQuestions = { departments: ['A', 'B', 'C'], locations: [], extraQuestions: [] };
  const make = (sizes: Record<string, number>) =>
    Object.entries(sizes).flatMap(([department, n]) => Array.from({ length: n }, (_, i) => answers({ all: 3, enps: 9, esi: [7, 7, 7], department, praise: `${department}${i}` })));
  const groups = (sizes: Record<string, number>, min = 5) => {
    const { respondents: rs, summary: base } = unmergedRespondents({ ...survey, demographicIds: [] }, make(sizes));
    return groupFigures(rs, { question: 'department', base, survey, filter: analyseFilter(rs, [], min), minGroupSize: min, language: 'en', seed: 'test' });
  };

  it('a group of 5 is shown, with its figures and comments', () => {
    const g = groups({ A: 5, B: 10 });
    expect(g.map((x) => [x.key, x.n, x.suppressed])).toEqual([
      ['A', 5, false],
      ['B', 10, false],
      ['C', 0, true],
    ]);
    expect(g[0]!.figures?.esi.score).toBe(66.7); // (21 / 3 - 1) / 9 * 100 = 66.666… -> 66.7
    expect(g[0]!.comments.sort()).toEqual(['A0', 'A1', 'A2', 'A3', 'A4']);
    expect(g[2]!.reason).toBe('empty');
  });

  it('a group of 4 is suppressed: no n, no figures, no comments; the next smallest goes with it', () => {
    const g = groups({ A: 4, B: 10, C: 11 });
    expect(g[0]).toMatchObject({ key: 'A', n: null, suppressed: true, reason: 'below-minimum', figures: null, comments: [] });
    // 'all' (25) minus B minus C would reveal A's 4, so B (the smallest shown) is hidden too: 4 + 10 >= 5.
    expect(g[1]).toMatchObject({ key: 'B', n: null, suppressed: true, reason: 'complementary', figures: null, comments: [] });
    expect(g[2]).toMatchObject({ key: 'C', n: 11, suppressed: false });
  });

  it('a shown group carries its extra questions (a checkbox option below the minimum hidden); free text only with comments', () => {
    const perks = { id: 'perks', type: 'checkbox' as const, title: { en: 'Benefits' }, description: {}, answers: [{ en: 'Gym' }, { en: 'Meals' }], required: false, allow_comments: true };
    const idea = { id: 'idea', type: 'text250' as const, title: { en: 'Idea' }, description: {}, answers: [], required: false, allow_comments: false };
    const withExtras: SurveyQuestions = { ...survey, extraQuestions: [perks, idea] };
    // A: 6 people, all eat, one goes to the gym and writes an idea; B: 3 people (hidden).
    const people = [
      ...Array.from({ length: 6 }, (_, i) => answers({ all: 3, department: 'A', extra: { perks: { value: i === 0 ? [0, 1] : [1], ...(i === 0 ? { comment: 'gym note' } : {}) }, ...(i === 0 ? { idea: { value: 'an idea' } } : {}) } })),
      ...Array.from({ length: 3 }, () => answers({ all: 3, department: 'B', extra: { perks: { value: [1] } } })),
      ...Array.from({ length: 5 }, () => answers({ all: 3, department: 'C', extra: { perks: { value: [1] } } })),
    ];
    const { respondents: rs, summary: base } = unmergedRespondents({ ...withExtras, demographicIds: [] }, people);
    const split = (comments: boolean) => groupFigures(rs, { question: 'department', base, survey: withExtras, filter: analyseFilter(rs, [], 5), minGroupSize: 5, language: 'en', seed: 'test', comments });
    const a = split(true).find((g) => g.key === 'A')!;
    expect(a.extra_questions.map((e) => e.id)).toEqual(['perks', 'idea']);
    const p = a.extra_questions[0]!;
    expect(p.type === 'checkbox' && p.options.map((o) => [o.count, o.suppressed])).toEqual([
      [null, true],
      [6, false],
    ]);
    expect(p.comments).toEqual(['gym note']);
    expect(a.extra_questions[1]).toMatchObject({ type: 'text250', texts: ['an idea'] });
    // B is below the minimum (and C hidden with it): no extra questions at all.
    for (const g of split(true).filter((x) => x.key !== 'A')) expect(g.extra_questions).toEqual([]);
    const quiet = split(false).find((g) => g.key === 'A')!;
    expect(quiet.extra_questions[0]).toMatchObject({ comments: [] });
    expect(quiet.extra_questions[1]).toMatchObject({ texts: [], comments: [] });
  });

  it('respondents without a department form the implicit "no answer" group', () => {
    const { respondents: rs, summary: base } = unmergedRespondents({ ...survey, demographicIds: [] }, [...make({ A: 10, B: 10 }), answers({ all: 2 }), answers({ all: 2 })]);
    const g = groupFigures(rs, { question: 'department', base, survey, filter: analyseFilter(rs, [], 5), minGroupSize: 5, language: 'en', seed: 'test' });
    const none = g.find((x) => x.no_answer);
    expect(none).toMatchObject({ key: '', label: null, suppressed: true, reason: 'below-minimum' });
    expect(g.find((x) => x.key === 'A')).toMatchObject({ suppressed: true, reason: 'complementary' });
    expect(g.find((x) => x.key === 'B')).toMatchObject({ suppressed: false, n: 10 });
  });
});

describe('checkbox options', () => {
  const perks = { id: 'perks', type: 'checkbox' as const, title: { en: 'Benefits' }, description: {}, answers: [{ en: 'Gym' }, { en: 'Meals' }, { en: 'Crèche' }, { en: 'Car' }], required: false, allow_comments: false };
  const survey = { departments: [], locations: [], extraQuestions: [perks], demographicIds: [] };
  // 30 respondents: Meals 30, Gym 5 (exactly the minimum), Crèche 1 (one person), Car nobody.
  const people = Array.from({ length: 30 }, (_, i) => answers({ all: 3, extra: { perks: { value: [1, ...(i < 5 ? [0] : []), ...(i === 7 ? [2] : [])] } } }));

  it('show an option’s count only where at least the minimum ticked it (none included)', () => {
    const { respondents, summary } = unmergedRespondents(survey, people);
    const [r] = extraResults(respondents, [perks], summary, 5, 'en', 'test');
    expect(r).toMatchObject({ type: 'checkbox', n: 30, suppressed: false });
    expect(r!.type === 'checkbox' && r!.options.map((o) => [o.label, o.count, o.pct, o.suppressed])).toEqual([
      ['Gym', 5, 16.7, false],
      ['Meals', 30, 100, false],
      ['Crèche', null, null, true],
      ['Car', null, null, true],
    ]);
    // With a minimum of 6 the 5 gym users are hidden too.
    const [six] = extraResults(respondents, [perks], summary, 6, 'en', 'test');
    expect(six!.type === 'checkbox' && six!.options.map((o) => o.count)).toEqual([null, 30, null, null]);
  });

  it('a question answered by fewer than the minimum hides every option, as before', () => {
    const { respondents, summary } = unmergedRespondents(survey, people.slice(0, 4));
    const [r] = extraResults(respondents, [perks], summary, 5, 'en', 'test');
    expect(r).toMatchObject({ type: 'checkbox', n: 4, suppressed: true });
    expect(r!.type === 'checkbox' && r!.options.every((o) => o.count === 0 && o.pct === null && !o.suppressed)).toBe(true);
  });
});
