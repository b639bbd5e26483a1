import { describe, expect, it } from 'vitest';
import { pulsFiguresSchema, reportFiguresSchema, reportSettingsSchema, type ReportSettingsInput } from '../../../../shared/schemas/report.js';
import { ReportSettingsError, type ReportResponse } from './figures.js';
import { answers, DEMO_EXTRA_QUESTIONS, figuresFrom, generateSurvey, online, pulsFiguresFrom } from './testing.js';

const meta = { survey_id: 7, name: 'IZZ 2026', company: 'Demo d.o.o.', employees: 40, start_date: '2026-03-01', end_date: '2026-03-31' };
const survey = { departments: ['A', 'B', 'C'], locations: ['Zagreb'], extraQuestions: DEMO_EXTRA_QUESTIONS, demographicIds: ['gender', 'age_group'] };
const settings = (s: ReportSettingsInput = {}) => reportSettingsSchema.parse(s);
const build = (responses: ReportResponse[], s: ReportSettingsInput = {}, minGroupSize = 5, seed = 'test') =>
  figuresFrom({ meta, survey, responses, settings: settings(s), minGroupSize, seed });

/** n respondents of one department, each answering every statement with `all`. */
const dept = (department: string, n: number, extra: Parameters<typeof answers>[0] = {}) =>
  Array.from({ length: n }, (_, i) => online(answers({ all: 3, enps: 9, esi: [7, 7, 7], department, praise: `${department} comment ${i}`, ...extra })));

describe('buildReportFigures', () => {
  it('fills the survey meta: responses by channel, occupancy, margin of error', () => {
    const rs = [...dept('A', 10), ...dept('B', 10)];
    rs[0] = { ...rs[0]!, channel: 'kiosk' };
    rs[1] = { ...rs[1]!, channel: 'paper' };
    const f = build(rs);
    expect(reportFiguresSchema.parse(f)).toEqual(f);
    expect(f.meta.responses).toEqual({ total: 20, online: 18, kiosk: 1, paper: 1 });
    // 20 / 40 = 50 %. MOE 95 %: 1.959964 * sqrt(0.25 / 20) * sqrt((40 - 20) / 39)
    //   = 1.959964 * 0.111803 * 0.716115 = 0.156924 -> ±15.7; 90 %: 1.644854 * 0.080064 = 0.131694 -> ±13.2
    expect(f.meta.occupancy_pct).toBe(50);
    expect(f.meta.margin_of_error).toEqual({ p90: 13.2, p95: 15.7 });
    expect(f.population).toEqual({ n: 20, suppressed: false, reason: null });
    expect(f.language).toBe('hr');
    expect(f.min_group_size).toBe(5);
  });

  it('computes the population figures', () => {
    // 5 answer everything with 4 and eNPS 10, 5 with 2 and eNPS 5:
    // statement mean (5 * 4 + 5 * 2) / 10 = 3.00; favourable 5 / 10 = 50 %; eNPS 50 % - 50 % = 0
    // ESI: (10,10,10) -> 100 and (4,4,4) -> (4 - 1) / 9 * 100 = 33.33; mean 66.666… -> 66.7
    const rs = [...dept('A', 5, { all: 4, enps: 10, esi: [10, 10, 10] }), ...dept('B', 5, { all: 2, enps: 5, esi: [4, 4, 4] })];
    const f = build(rs);
    expect(f.statements[0]).toMatchObject({ mean: 3, favourable_pct: 50, distribution: [0, 5, 0, 5], n: 10 });
    expect(f.categories.every((c) => c.mean === 3 && c.favourable_pct === 50 && c.n === 10)).toBe(true);
    expect(f.enps).toMatchObject({ score: 0, promoters: 5, detractors: 5, n: 10 });
    expect(f.esi).toEqual({ score: 66.7, n: 10 });
  });

  it('shows nothing but counts when the whole survey is below the minimum', () => {
    const f = build(dept('A', 4));
    expect(f.population).toEqual({ n: null, suppressed: true, reason: 'below-minimum' });
    expect(f.esi.score).toBeNull();
    expect(f.enps.score).toBeNull();
    expect(f.statements.every((s) => s.mean === null)).toBe(true);
    expect(f.comments.praise_critique).toEqual([]);
    expect(f.meta.responses.total).toBe(4);
    // The base of a survey below the minimum holds no rows and no dimension at all.
    expect(f.heatmap).toBeNull();
    expect(f.protection.left_out.map((l) => l.question)).toContain('department');
  });

  it('the subtraction case in the heatmap: a department of 2 is merged into "Other" with the next smallest, never shown or derivable alone', () => {
    // A 10, B 2, C 6: B (2) is below 5, so it joins "Other"; "Other" (2) is still below 5, so C (6) joins too.
    const f = build([...dept('A', 10), ...dept('B', 2, { all: 1 }), ...dept('C', 6)]);
    const cols = f.heatmap!.columns;
    expect(cols.map((c) => [c.key, c.n, c.suppressed, c.merged])).toEqual([
      ['A', 10, false, []],
      ['~other', 8, false, ['B', 'C']],
    ]);
    // All minus A is "Other" (8): nothing smaller than 5 can be worked out. B's answers of 1 are inside Other's mean.
    expect(cols[0]!.cells.every((c) => !c.suppressed && c.mean === 3 && c.favourable_pct === 100)).toBe(true);
    expect(cols[1]!.cells[0]!.mean).toBe(2.5); // (2 × 1 + 6 × 3) / 8 = 2.5
    expect(f.protection.merged).toEqual([{ question: 'department', values: ['B', 'C'] }]);
  });

  it('breaks down by a question of the base; a rare answer is shown only inside "Other"', () => {
    const rs = [
      ...dept('A', 6, { demographics: { gender: 'female' } }),
      ...dept('A', 6, { demographics: { gender: 'male' } }),
      ...dept('B', 5, { demographics: { gender: 'female' } }),
      ...dept('B', 5, { demographics: { gender: 'male' } }),
      ...dept('B', 2, { demographics: { gender: 'other' } }),
    ];
    const f = build(rs, { filter: { group: 'demographic:gender' } });
    expect(f.breakdown!.question).toBe('demographic:gender');
    // 'other' (2) joins "Other" with the next smallest, 'female' (11, later in the list than 'male' 11): "Other" 13, 'male' 11.
    expect(f.breakdown!.groups.map((g) => [g.key, g.n, g.suppressed, g.merged])).toEqual([
      ['male', 11, false, []],
      ['~other', 13, false, ['Ženski', 'Drugo']], // the bank's hr label of 'other'
    ]);
    const male = f.breakdown!.groups[0]!;
    expect(male).toMatchObject({ label: 'Muški', reason: null });
    expect(male.figures?.esi.score).toBe(66.7); // (21 / 3 - 1) / 9 * 100 = 66.666…
    // Comments are listed for everyone and by department only (the comment dimension), never by gender.
    expect(male.comments).toEqual([]);
    // No "no answer" group: everyone answered.
    expect(f.breakdown!.groups.some((x) => x.no_answer)).toBe(false);
    // The merged value cannot be selected on its own.
    expect(() => build(rs, { filter: { answers: [{ question: 'demographic:gender', value: 'other' }] } })).toThrow(ReportSettingsError);
  });

  it('leaves out a question whose crossing with the department would single out fewer than the minimum', () => {
    const rs = [
      ...dept('A', 5, { demographics: { gender: 'female' } }),
      ...dept('A', 5, { demographics: { gender: 'male' } }),
      ...dept('B', 4, { demographics: { gender: 'other' } }),
      ...dept('B', 7, { demographics: { gender: 'prefer_not_to_say' } }),
    ];
    const f = build(rs, { filter: { group: 'department' } });
    expect(f.protection.left_out).toContainEqual({ question: 'demographic:gender', reason: 'small-combinations' });
    expect(f.breakdown!.groups.map((g) => [g.key, g.n])).toEqual([
      ['A', 10],
      ['B', 11],
    ]);
    expect(() => build(rs, { filter: { group: 'demographic:gender' } })).toThrow(ReportSettingsError);
  });

  it('comments: the population’s, in content order, and per group only those of its groups', () => {
    const rs = [...dept('A', 8), ...dept('B', 8), ...dept('C', 3)];
    const f = build(rs, { filter: { group: 'department' } }, 5, 'survey:3');
    const all = rs.map((r) => r.answers.praise_critique);
    expect([...f.comments.praise_critique].sort()).toEqual([...all].sort());
    expect(f.comments.praise_critique).not.toEqual(all);
    const groups = Object.fromEntries(f.breakdown!.groups.map((x) => [x.key, x]));
    // C (3) joins "Other" with B: its comments are only ever listed among B's.
    expect(Object.keys(groups)).toEqual(['A', '~other']);
    expect(groups.A!.comments.every((c) => c.startsWith('A comment'))).toBe(true);
    expect(groups.A!.comments).not.toEqual([...groups.A!.comments].sort((a, b) => Number(a.split(' ')[2]) - Number(b.split(' ')[2])));
    expect([...groups['~other']!.comments].sort()).toEqual(rs.filter((r) => r.answers.department !== 'A').map((r) => r.answers.praise_critique).sort());
    // The same survey: the same order at every download, whatever the arrival order; another survey, another order.
    expect(build([...rs].reverse(), { filter: { group: 'department' } }, 5, 'survey:3').comments.praise_critique).toEqual(f.comments.praise_critique);
    expect(build(rs, {}, 5, 'survey:4').comments.praise_critique).not.toEqual(f.comments.praise_critique);
  });

  it('the minimum is clamped to 3', () => {
    const f = build([...dept('A', 3), ...dept('B', 3), ...dept('C', 2)], {}, 1);
    expect(f.min_group_size).toBe(3);
    // k = 3: C (2) joins "Other" with B (3, the later of the two smallest): A 3, Other 5.
    expect(f.heatmap!.columns.map((c) => [c.key, c.n, c.suppressed])).toEqual([
      ['A', 3, false],
      ['~other', 5, false],
    ]);
  });

  it('a filter whose difference to everyone would be below the minimum cannot be asked for', () => {
    // Department A: 20 of 23; everyone minus A would describe the other 3. B (3) and then A join "Other",
    // which leaves one value: the base has no department at all.
    const rs = [...dept('A', 20), ...dept('B', 3)];
    expect(() => build(rs, { filter: { answers: [{ question: 'department', value: 'A' }] } })).toThrow(ReportSettingsError);
    const f = build(rs);
    expect(f.protection.left_out).toContainEqual({ question: 'department', reason: 'one-group' });
    expect(f.heatmap).toBeNull();
    expect(f.population).toEqual({ n: 23, suppressed: false, reason: null });
  });

  it('filters by answers (OR within a question, AND across) and protects the groups under the filter', () => {
    const rs = [
      ...dept('A', 6, { extra: { shift: { value: 0 } }, location: 'Zagreb' }),
      ...dept('A', 6, { extra: { shift: { value: 1 } }, location: 'Zagreb' }),
      ...dept('B', 7, { extra: { shift: { value: 0 } } }),
      ...dept('B', 6, { extra: { shift: { value: 1 } } }),
    ];
    const f = build(rs, { filter: { group: 'department', answers: [{ question: 'extra:shift', value: '0' }] } });
    expect(f.population).toEqual({ n: 13, suppressed: false, reason: null });
    expect(f.breakdown!.groups.filter((g) => !g.suppressed).map((g) => [g.key, g.n])).toEqual([
      ['A', 6],
      ['B', 7],
    ]);
    const both = build(rs, { filter: { answers: [{ question: 'extra:shift', value: '0' }, { question: 'extra:shift', value: '1' }] } });
    expect(both.population.n).toBe(25);
    const crossed = build(rs, { filter: { answers: [{ question: 'extra:shift', value: '0' }, { question: 'location', value: 'Zagreb' }] } });
    expect(crossed.population.n).toBe(6);
  });

  it('summarises extra questions from the base; free text is released for the population however few wrote', () => {
    const rs = Array.from({ length: 12 }, (_, i) =>
      online(
        answers({
          all: 3,
          extra: {
            shift: { value: i < 5 ? 0 : 1, comment: `note ${i}` },
            perks: { value: i < 3 ? [0, 1] : [1] },
            commute: { value: i < 5 ? 2 : 4 },
            ...(i < 4 ? { idea: { value: `idea ${i}` } } : {}),
          },
        }),
      ),
    );
    const f = build(rs);
    const byId = Object.fromEntries(f.extra_questions.map((e) => [e.id, e]));
    // shift (a dimension of the base): 5 Yes, 7 No of 12 -> 41.7 % / 58.3 %
    expect(byId.shift).toMatchObject({ type: 'radio', n: 12, options: [{ index: 0, label: 'Yes', count: 5, pct: 41.7, other: false }, { index: 1, label: 'No', count: 7, pct: 58.3, other: false }] });
    expect([...byId.shift!.comments].sort()).toEqual(Array.from({ length: 12 }, (_, i) => `note ${i}`).sort());
    // perks: Meals 12 of 12 = 100 %; Gym (3) and Transport (0) were ticked by fewer than the minimum: hidden
    expect(byId.perks).toMatchObject({
      type: 'checkbox',
      n: 12,
      options: [
        { count: null, pct: null, suppressed: true },
        { count: 12, pct: 100, suppressed: false },
        { count: null, pct: null, suppressed: true },
      ],
    });
    // commute: 5 × 2 and 7 × 4 -> 38 / 12 = 3.17
    expect(byId.commute).toMatchObject({ type: 'scale', n: 12, mean: 3.17, distribution: [0, 5, 0, 7, 0] });
    // idea: only 4 of the 12 wrote one; free text of a shown population is released however few wrote
    expect(byId.idea).toMatchObject({ type: 'text250', n: 4, suppressed: false });
    expect(byId.idea!.type === 'text250' && [...byId.idea!.texts].sort()).toEqual(['idea 0', 'idea 1', 'idea 2', 'idea 3']);
  });

  it('a radio question with rare answers is left out when merging leaves one value; a scale keeps its values', () => {
    const rs = Array.from({ length: 14 }, (_, i) => online(answers({ all: 3, extra: { shift: { value: i < 2 ? 0 : 1 }, commute: { value: i < 7 ? 1 : 5 } } })));
    const f = build(rs);
    const byId = Object.fromEntries(f.extra_questions.map((e) => [e.id, e]));
    // shift: Yes (2) joins "Other" with No (12): one value left, so the question is left out and hidden.
    expect(byId.shift).toMatchObject({ suppressed: true });
    expect(f.protection.left_out).toContainEqual({ question: 'extra:shift', reason: 'one-group' });
    expect(byId.commute).toMatchObject({ type: 'scale', n: 14, suppressed: false, distribution: [7, 0, 0, 0, 7] });
  });

  it('numbers of an extra question answered by fewer than the minimum are hidden', () => {
    const rs = Array.from({ length: 6 }, (_, i) => online(answers({ all: 3, extra: i < 4 ? { perks: { value: [0] } } : {} })));
    const byId = Object.fromEntries(build(rs).extra_questions.map((e) => [e.id, e]));
    expect(byId.perks).toMatchObject({ type: 'checkbox', n: 4, suppressed: true });
    expect(byId.perks!.type === 'checkbox' && byId.perks!.options.every((o) => o.count === 0 && o.pct === null)).toBe(true);
  });

  it('uses the chosen questions of the settings, else the application’s', () => {
    expect(build(dept('A', 5), { chosen_questions: ['JC02', 'WC01'] }).chosen_questions).toEqual(['JC02', 'WC01']);
    const f = figuresFrom({ meta, survey: { ...survey, reportQuestions: ['JC01'] }, responses: dept('A', 5), settings: settings(), minGroupSize: 5 });
    expect(f.chosen_questions).toEqual(['JC01']);
  });

  it('refuses settings that do not fit the survey', () => {
    expect(() => build(dept('A', 5), { filter: { group: 'extra:idea' } })).toThrow(ReportSettingsError);
    expect(() => build(dept('A', 5), { filter: { group: 'extra:perks' } })).toThrow(ReportSettingsError);
    expect(() => build(dept('A', 5), { filter: { answers: [{ question: 'department', value: 'Nowhere' }] } })).toThrow(ReportSettingsError);
    expect(() => build(dept('A', 5), { filter: { group: 'demographic:tenure' } })).toThrow(ReportSettingsError);
  });

  it('builds a 5,000-response survey that matches the schema', () => {
    const g = generateSurvey(5000, 11);
    const f = figuresFrom({ ...g, settings: settings({ filter: { group: 'department' } }), minGroupSize: 5 });
    expect(reportFiguresSchema.safeParse(f).success).toBe(true);
    expect(f.meta.responses.total).toBe(5000);
    // The tiny department is never a group of its own: it is inside "Other".
    expect(f.breakdown!.groups.some((x) => x.key === 'Legal')).toBe(false);
    expect(f.breakdown!.groups.find((x) => x.key === '~other')?.merged).toContain('Legal');
    expect(f.breakdown!.groups.every((x) => x.n === 0 || (x.n ?? 0) >= 5)).toBe(true);
  });
});

describe('buildPulsFigures', () => {
  // P01 is a 1-5 agreement question, P34 the pulse eNPS (0-10), P35 free text.
  const puls = (p01: number, p34: number, text?: string) => answers({ puls: { P01: p01, P34: p34, ...(text ? { P35: text } : {}) } });
  const f = pulsFiguresFrom({
    meta,
    questionIds: ['P01', 'P34', 'P35'],
    ownQuestions: [DEMO_EXTRA_QUESTIONS[0]!],
    language: 'en',
    minGroupSize: 5,
    rounds: [
      { round: 2, responses: [puls(1, 0, 'x'), puls(2, 0), puls(3, 0)] },
      {
        round: 1,
        start_date: '2026-01-01',
        end_date: '2026-01-07',
        responses: [puls(4, 10, 'a'), puls(4, 9, 'b'), puls(5, 8, 'c'), puls(3, 7, 'd'), puls(2, 0, 'e')],
      },
      { round: 3, responses: [puls(5, 10), puls(5, 10), puls(4, 9), puls(4, 9), puls(4, 3), puls(3, 5)] },
    ],
  });
  const q = (round: number, id: string) => f.rounds.find((r) => r.round === round)!.questions.find((x) => x.id === id)!;

  it('matches the schema and orders rounds; a round below the minimum shows only its count', () => {
    expect(pulsFiguresSchema.parse(f)).toEqual(f);
    expect(f.rounds.map((r) => [r.round, r.responses, r.suppressed])).toEqual([
      [1, 5, false],
      [2, 3, true],
      [3, 6, false],
    ]);
    // Round 2 (3 responses) has no question at all: not even a count per question.
    expect(f.rounds.find((r) => r.round === 2)).toMatchObject({ responses: 3, suppressed: true, questions: [], own_questions: [] });
    expect(f.rounds[0]!.occupancy_pct).toBe(12.5); // 5 / 40 employees
  });

  it('scale questions: mean, % favourable (4-5), distribution; eNPS per round; texts shuffled', () => {
    // round 1 P01: (4 + 4 + 5 + 3 + 2) / 5 = 18 / 5 = 3.60; favourable (4 or 5) 3 / 5 = 60 %
    expect(q(1, 'P01')).toMatchObject({ kind: 'scale5', mean: 3.6, favourable_pct: 60, distribution: [0, 1, 1, 2, 1], n: 5 });
    // round 1 P34: promoters 10, 9 = 2 (40 %), detractors 0 = 1 (20 %) -> +20
    const e1 = q(1, 'P34');
    expect(e1.kind === 'enps' && e1.enps.score).toBe(20);
    const t1 = q(1, 'P35');
    expect(t1.kind === 'text' && [...t1.texts].sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('the trend: one point per round, null for a suppressed round, change first to last shown', () => {
    // round 3 P01: (5 + 5 + 4 + 4 + 4 + 3) / 6 = 25 / 6 = 4.1666… -> 4.17; change 4.17 - 3.60 = 0.57
    const t = f.trend.find((x) => x.question === 'P01')!;
    expect(t.points.map((p) => p.value)).toEqual([3.6, null, 4.17]);
    expect(t.change).toBe(0.57);
    // round 3 P34: promoters 10, 10, 9, 9 = 4 of 6 (66.67 %), detractors 3, 5 = 2 (33.33 %) -> +33.3; change 33.3 - 20 = 13.3
    const e = f.trend.find((x) => x.question === 'P34')!;
    expect(e.points.map((p) => p.value)).toEqual([20, null, 33.3]);
    expect(e.change).toBe(13.3);
    expect(f.trend.some((x) => x.question === 'P35')).toBe(false);
  });

  it("the schedule: without one, every round of the base ran; with one, every planned round in order, also those that did not run", () => {
    expect(f.schedule.map((s) => [s.round, s.outcome, s.start_date])).toEqual([
      [1, 'ran', '2026-01-01'],
      [2, 'ran', null],
      [3, 'ran', null],
    ]);
    const planned = pulsFiguresFrom({
      meta,
      questionIds: ['P01'],
      ownQuestions: [],
      language: 'en',
      minGroupSize: 5,
      rounds: [{ round: 1, start_date: '2026-01-01', end_date: '2026-01-03', responses: [puls(4, 9), puls(4, 9), puls(4, 9), puls(4, 9), puls(4, 9)] }],
      schedule: [
        { round: 2, start_date: '2026-02-01', end_date: '2026-02-07', outcome: 'not-run', ended_on: null },
        { round: 1, start_date: '2026-01-01', end_date: '2026-01-07', outcome: 'ended-early', ended_on: '2026-01-03' },
      ],
    });
    expect(pulsFiguresSchema.parse(planned)).toEqual(planned);
    expect(planned.rounds.map((r) => [r.round, r.end_date])).toEqual([[1, '2026-01-03']]);
    expect(planned.schedule.map((s) => [s.round, s.outcome, s.ended_on])).toEqual([
      [1, 'ended-early', '2026-01-03'],
      [2, 'not-run', null],
    ]);
  });
});
