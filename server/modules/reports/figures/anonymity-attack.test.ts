/**
 * The attack test: random surveys — tiny departments, rare demographic values, "no answer", rare
 * radio and scale answers, a checkbox question and a free-text question whose answers are tracers (each respondent
 * ticks their own rare option and writes their own text), and a unique comment per respondent — and every report a
 * company can ask for: every breakdown (or none) × up to two selected answers, as the web report, the PDF and Excel v1
 * render them, plus the Excel v2 breakdowns (released-breakdowns.ts).
 *
 * The reader is as strong as it gets: it knows every respondent's true department, location, demographics and
 * company answers (HR's own records), so every figure a report prints describes a set of people the reader can name.
 * Its solver, independent of the production check, is a mixed-integer program over the respondents: rational weights
 * on every released set, and a binary per respondent; feasible when some sum or difference of released sets describes
 * 1 to k − 1 people. The test also checks that each printed count is the size of its set, that every comment or free
 * text list names exactly its set's writers and appears only for everyone or a cell of the one comment dimension, and
 * that no checkbox option is counted below k.
 *
 * `npm test` runs ATTACK_RUNS cases (default 40); `npm run attack` runs 5,000.
 */
import fc from 'fast-check';
import type { LegacyHighs } from 'highs';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE_OTHER_KEY, reportSettingsSchema, type ExtraResult, type FilterAnswer, type ReportFigures } from '../../../../shared/schemas/report.js';
import type { ExtraQuestion } from '../../../../shared/schemas/application.js';
import { releasedBreakdowns } from '../released-breakdowns.js';
import { buildReportFigures, type ReportSurvey } from './figures.js';
import { commentsDimension } from './release-rules.js';
import { answers, online, unmergedRespondents } from './testing.js';
import { buildReportingBase, rawDimensionValue, type ReportingBase } from './reporting-base.js';

const RUNS = Number(process.env.ATTACK_RUNS ?? 40);

const EXTRA: ExtraQuestion[] = [
  { id: 'team', type: 'radio', title: { en: 'Team' }, description: {}, answers: [{ en: 'Red' }, { en: 'Blue' }, { en: 'Green' }], required: false, allow_comments: true },
  { id: 'mood', type: 'scale', title: { en: 'Mood' }, description: {}, answers: [], scale: { min: 1, max: 5, min_label: {}, max_label: {} }, required: false, allow_comments: false },
  { id: 'trainings', type: 'checkbox', title: { en: 'Trainings' }, description: {}, answers: Array.from({ length: 12 }, (_, i) => ({ en: `T${String(i)}` })), required: false, allow_comments: false },
  { id: 'idea', type: 'text250', title: { en: 'Idea' }, description: {}, answers: [], required: false, allow_comments: false },
  // Mostly the department again with a few exceptions: the base often leaves it out ('small-combinations') and the
  // report of every respondent shows its overall answers instead.
  { id: 'unit', type: 'radio', title: { en: 'Unit' }, description: {}, answers: ['U0', 'U1', 'U2', 'U3', 'U4'].map((en) => ({ en })), required: false, allow_comments: false },
];

interface Person {
  department: number; // index into departments, -1 = no answer
  location: number;
  gender: number;
  age: number;
  tenure: number;
  team: number;
  mood: number; // 0 = no answer
  /** -2: the department's own unit; else an index into the units, -1 = no answer. */
  unit: number;
  all: 1 | 2 | 3 | 4;
}

const GENDERS = ['male', 'female', 'other', 'prefer_not_to_say'];
const AGES = ['up_to_25', '26_35', '36_45', '46_55', '56_plus'];
const TENURES = ['less_than_1', '1_3', '4_10', 'more_than_10'];

/** Skewed picks, so tiny groups and rare values are common. */
const skewed = (n: number) => fc.oneof({ weight: 6, arbitrary: fc.constant(0) }, { weight: 3, arbitrary: fc.integer({ min: -1, max: Math.min(1, n - 1) }) }, { weight: 2, arbitrary: fc.integer({ min: -1, max: n - 1 }) });

const personArb = fc.record<Person>({
  department: skewed(5),
  location: skewed(3),
  gender: skewed(4),
  age: skewed(5),
  tenure: skewed(4),
  team: skewed(3),
  mood: fc.integer({ min: 0, max: 5 }),
  unit: fc.oneof({ weight: 8, arbitrary: fc.constant(-2) }, { weight: 2, arbitrary: fc.integer({ min: -1, max: 4 }) }),
  all: fc.constantFrom(1, 2, 3, 4),
});

const surveyArb = fc.record({
  people: fc.array(personArb, { minLength: 3, maxLength: 70 }),
  min: fc.constantFrom(3, 5, 5, 5, 7),
  withLocations: fc.boolean(),
  withExtras: fc.boolean(),
});
type SurveyCase = typeof surveyArb extends fc.Arbitrary<infer T> ? T : never;

function makeSurvey(s: { withLocations: boolean; withExtras: boolean }): ReportSurvey {
  return {
    departments: ['D0', 'D1', 'D2', 'D3', 'D4'],
    locations: s.withLocations ? ['L0', 'L1', 'L2'] : [],
    extraQuestions: s.withExtras ? EXTRA : [],
    demographicIds: ['gender', 'age_group', 'tenure'],
  };
}

function responsesOf(people: readonly Person[], survey: ReportSurvey) {
  return people.map((p, i) =>
    online(
      answers({
        all: p.all,
        enps: (i * 7) % 11,
        esi: [((i * 3) % 10) + 1, 5, 5],
        ...(p.department >= 0 ? { department: survey.departments[p.department]! } : {}),
        ...(p.location >= 0 && survey.locations.length > 0 ? { location: survey.locations[p.location]! } : {}),
        demographics: {
          ...(p.gender >= 0 ? { gender: GENDERS[p.gender]! } : {}),
          ...(p.age >= 0 ? { age_group: AGES[p.age]! } : {}),
          ...(p.tenure >= 0 ? { tenure: TENURES[p.tenure]! } : {}),
        },
        extra:
          survey.extraQuestions.length > 0
            ? {
                ...(p.team >= 0 ? { team: { value: p.team, comment: `team-${String(i)}` } } : {}),
                ...(p.mood > 0 ? { mood: { value: p.mood } } : {}),
                ...((p.unit === -2 ? p.department : p.unit) >= 0 ? { unit: { value: p.unit === -2 ? p.department : p.unit } } : {}),
                // Tracers: everyone ticks a common option and one of their own (rare) ones, and writes their own idea.
                trainings: { value: [0, 1 + (i % 11)] },
                idea: { value: `idea-${String(i)}` },
              }
            : {},
        // Every respondent's unique comment.
        praise: `person-${String(i)}`,
      }),
    ),
  );
}

/** Every report a company can ask for: no group or each released dimension, under no, one or two released answers. */
function requestsOf(base: ReportingBase): { group: string | undefined; answers: FilterAnswer[] }[] {
  const dims = base.summary.dimensions;
  const values = dims.flatMap((d) => d.values.filter((v) => v.key !== '').map((v) => ({ question: d.question, value: v.key })));
  const filters: FilterAnswer[][] = [[]];
  values.forEach((a, i) => {
    filters.push([a]);
    for (const b of values.slice(i + 1)) filters.push([a, b]);
  });
  const groups = [undefined, ...dims.map((d) => d.question)];
  return filters.flatMap((f) => groups.map((group) => ({ group, answers: f })));
}

/** The reader's knowledge: each respondent's released value on a dimension, from their true answer and the base's summary. */
function releasedValue(base: ReportingBase, raw: string, question: string): string {
  const d = base.summary.dimensions.find((x) => x.question === question);
  if (!d) return '';
  if (d.values.some((v) => v.key === raw && v.key !== BASE_OTHER_KEY)) return raw;
  return d.values.some((v) => v.key === BASE_OTHER_KEY && v.merged.includes(raw)) ? BASE_OTHER_KEY : raw;
}

interface Released {
  set: number[];
  n: number | null;
  texts: string[];
}

/** Every respondent's true answer to a question ('' = none): the reader's HR records. */
type Truth = (question: string) => readonly string[];

/** How many reports printed the overall answers of a left-out question (the property must meet some). */
let overallShown = 0;

/** Checks one report against the reader's ground truth and returns the sets it releases. */
function readReport(f: ReportFigures, people: readonly string[][], dims: readonly string[], base: ReportingBase, k: number, truth: Truth): Released[] {
  const out: Released[] = [];
  const byQuestion = new Map<string, Set<string>>();
  for (const a of f.filter.answers) byQuestion.set(a.question, (byQuestion.get(a.question) ?? new Set()).add(a.value));
  const inPopulation = (i: number) => [...byQuestion].every(([q, vs]) => vs.has(people[i]![dims.indexOf(q)]!));
  const population = people.map((_, i) => i).filter(inPopulation);
  const commentDim = commentsDimension(base.summary);
  const mayList = (extraDims: readonly string[]) => [...byQuestion.keys(), ...extraDims].every((q) => q === commentDim);

  const checkExtras = (extras: readonly ExtraResult[], members: readonly number[], listed: boolean, whole: boolean) => {
    for (const e of extras) {
      if (e.overall_only) {
        // The overall answers of a question the base leaves out: only in the report of every respondent;
        // each count is the true number of respondents with that (merged) answer and never below k. They are figures
        // of everyone — a set the reader already has — of an answer no other figure involves, like a checkbox option's
        // count, so they add no set to the reader's solver.
        expect(whole && byQuestion.size === 0 && members.length === people.length).toBe(true);
        const overall = base.summary.overall!.find((o) => o.question === `extra:${e.id}`)!;
        const keyOf = (raw: string) => overall.values.find((v) => v.key === raw && v.key !== BASE_OTHER_KEY)?.key ?? (overall.values.some((v) => v.key === BASE_OTHER_KEY && v.merged.includes(raw)) ? BASE_OTHER_KEY : raw);
        const answers = truth(`extra:${e.id}`).map(keyOf);
        const counted = overall.values.filter((v) => v.key !== '');
        const printed = e.type === 'radio' ? e.options.map((o) => o.count) : e.type === 'scale' ? e.distribution.filter((_, i) => counted.some((v) => v.key === String(e.min + i))) : [];
        expect(printed).toEqual(counted.map((v) => answers.filter((a) => a === v.key).length));
        for (const c of printed) if (c !== null && c > 0) expect(c).toBeGreaterThanOrEqual(k);
        expect(e.n).toBe(answers.filter((a) => a !== '').length);
        expect(e.comments).toEqual([]);
        overallShown += 1;
        continue;
      }
      if (e.type === 'checkbox') for (const o of e.options) if (o.count !== null && o.count > 0) expect(o.count).toBeGreaterThanOrEqual(k);
      const texts = e.type === 'text250' || e.type === 'text1000' ? e.texts : e.comments;
      if (texts.length > 0) {
        expect(listed).toBe(true);
        const prefix = e.type === 'text250' ? 'idea-' : 'team-';
        const writers = members.filter((i) => e.type === 'text250' || people[i]![dims.indexOf('extra:team')] !== undefined);
        if (e.type === 'text250') expect(texts.map((t) => Number(t.slice(prefix.length))).sort((a, b) => a - b)).toEqual([...writers].sort((a, b) => a - b));
      }
      if ((e.type === 'radio' || e.type === 'scale') && !e.suppressed) {
        // A radio/scale count per released value is the size of a cell: a released set of its own.
        const q = `extra:${e.id}`;
        const at = dims.indexOf(q);
        if (at >= 0 && e.type === 'radio') {
          const d = base.summary.dimensions.find((x) => x.question === q)!;
          const keys = d.values.filter((v) => v.key !== '');
          e.options.forEach((o, j) => {
            const cell = members.filter((i) => people[i]![at] === keys[j]?.key);
            if (o.count !== null) expect(o.count).toBe(cell.length);
            if (o.count !== null && o.count > 0) out.push({ set: cell, n: o.count, texts: [] });
          });
        }
      }
    }
  };

  if (!f.population.suppressed) {
    expect(f.population.n).toBe(population.length);
    out.push({ set: population, n: f.population.n, texts: f.comments.praise_critique });
    checkExtras(f.extra_questions, population, mayList([]), true);
  } else expect(f.comments.praise_critique).toEqual([]);
  const lists = [{ comments: f.comments.praise_critique, members: population, listedOk: mayList([]) }];
  for (const g of f.breakdown?.groups ?? []) {
    const at = dims.indexOf(f.breakdown!.question);
    const members = population.filter((i) => people[i]![at] === g.key);
    if (g.suppressed) {
      expect(g.comments).toEqual([]);
      continue;
    }
    expect(g.n).toBe(members.length);
    out.push({ set: members, n: g.n, texts: g.comments });
    lists.push({ comments: g.comments, members, listedOk: mayList([f.breakdown!.question]) });
    checkExtras(g.extra_questions, members, mayList([f.breakdown!.question]), false);
  }
  for (const c of f.heatmap?.columns ?? []) {
    if (c.suppressed) continue;
    const at = dims.indexOf('department');
    const members = population.filter((i) => people[i]![at] === c.key);
    expect(c.n).toBe(members.length);
    out.push({ set: members, n: c.n, texts: [] });
  }
  // A comment list names exactly its set's writers, and exists only for everyone or a cell of the comment dimension.
  for (const l of lists) {
    if (l.comments.length === 0) continue;
    expect(l.listedOk).toBe(true);
    expect(l.comments.map((c) => Number(c.slice('person-'.length))).sort((a, b) => a - b)).toEqual([...l.members].sort((a, b) => a - b));
  }
  return out;
}

let highs: LegacyHighs;
beforeAll(async () => {
  highs = await (await import('highs')).default();
});

/** The reader's solver: a derivable set of 1 to k − 1 respondents, or null. */
function derivableSmallSet(n: number, sets: readonly (readonly number[])[], k: number): number[] | null {
  const unique = [...new Map(sets.filter((s) => s.length > 0).map((s) => [s.join(','), s])).values()];
  if (unique.length === 0) return null;
  const inSets: number[][] = Array.from({ length: n }, () => []);
  unique.forEach((s, g) => {
    for (const i of s) inSets[i]!.push(g);
  });
  const lines = ['Minimize', ` obj: ${Array.from({ length: n }, (_, i) => `y${String(i)}`).join(' + ')}`, 'Subject To'];
  for (let i = 0; i < n; i++) lines.push(` r${String(i)}: ${inSets[i]!.length > 0 ? inSets[i]!.map((g) => `l${String(g)}`).join(' + ') : '0 l0'} - y${String(i)} = 0`);
  const all = Array.from({ length: n }, (_, i) => `y${String(i)}`).join(' + ');
  lines.push(` lo: ${all} >= 1`, ` hi: ${all} <= ${String(k - 1)}`, 'Bounds', ...unique.map((_, g) => ` l${String(g)} free`), 'Binary', ...Array.from({ length: n }, (_, i) => ` y${String(i)}`), 'End');
  const r = highs.solve(lines.join('\n'));
  if (r.Status === 'Infeasible') return null;
  const cols = r.Columns as Record<string, { Primal: number } | undefined>;
  return Array.from({ length: n }, (_, i) => i).filter((i) => (cols[`y${String(i)}`]?.Primal ?? 0) > 0.5);
}

function attack(s: SurveyCase, makeBase: (survey: ReportSurvey, responses: ReturnType<typeof responsesOf>, min: number) => ReportingBase): void {
  const survey = makeSurvey(s);
  const responses = responsesOf(s.people, survey);
  const base = makeBase(survey, responses, s.min);
  const k = base.minGroupSize;
  const dims = base.summary.dimensions.map((d) => d.question);
  const people = responses.map((r) => dims.map((q) => releasedValue(base, rawDimensionValue(r.answers, q), q)));
  const meta = { survey_id: 1, name: 'x', company: 'c', employees: null, start_date: null, end_date: null };
  const truth: Truth = (q) => responses.map((r) => rawDimensionValue(r.answers, q));
  // The base keeps no answer of a question it leaves out, per respondent: no figure but its stored overall counts can
  // depend on it.
  for (const l of base.summary.left_out) if (l.question.startsWith('extra:')) for (const r of base.respondents) expect(r.dims[l.question]).toBeUndefined();
  for (const l of base.summary.left_out) if (l.question.startsWith('extra:')) for (const r of base.respondents) expect(r.answers.extra[l.question.slice('extra:'.length)]?.value ?? '').toBe('');
  const sets: number[][] = [];
  for (const req of requestsOf(base)) {
    const settings = reportSettingsSchema.parse({ language: 'en', filter: { group: req.group, answers: req.answers } });
    const f = buildReportFigures({ meta, survey, base, settings, seed: 'attack' });
    for (const r of readReport(f, people, dims, base, k, truth)) sets.push(r.set);
    if (req.group === undefined) {
      // Excel v2: every released breakdown under the same answers.
      const v2 = releasedBreakdowns({ meta, survey, base, seed: 'attack' }, settings);
      for (const b of v2.breakdowns) for (const r of readReport(b, people, dims, base, k, truth)) sets.push(r.set);
    }
  }
  const found = derivableSmallSet(responses.length, sets, k);
  if (found) throw new Error(`a reader can derive the figures of ${String(found.length)} respondent(s) [${found.join(', ')}] (minimum ${String(k)})`);
}

/**
 * A survey whose unit question the base surely leaves out (so every run meets overall answers): ten people in D0 and
 * ten in D1, each in their department's unit but one of D1 in U0 — U0 minus D0 would be that one person.
 */
const person = (department: number, unit: number): Person => ({ department, location: 0, gender: 0, age: 0, tenure: 0, team: 0, mood: 0, unit, all: 3 });
const LEFT_OUT_UNIT: SurveyCase = {
  people: [...Array.from({ length: 10 }, () => person(0, -2)), person(1, 0), ...Array.from({ length: 9 }, () => person(1, -2))],
  min: 5,
  withLocations: false,
  withExtras: true,
};

const protectedBase = (survey: ReportSurvey, responses: ReturnType<typeof responsesOf>, min: number) => buildReportingBase({ seed: 'attack', survey, responses, minGroupSize: min });

describe('anonymity under any combination of reports (property)', () => {
  it(`no sum or difference of released figures describes 1 to k − 1 respondents (${String(RUNS)} random surveys)`, () => {
    overallShown = 0;
    fc.assert(
      fc.property(surveyArb, (s) => attack(s, protectedBase)),
      { numRuns: RUNS, examples: [[LEFT_OUT_UNIT]], ...(process.env.ATTACK_SEED ? { seed: Number(process.env.ATTACK_SEED) } : {}) },
    );
    // The reports met the overall answers of a left-out question (so the checks above saw them).
    expect(overallShown).toBeGreaterThan(0);
  }, Math.max(60_000, RUNS * 2_000));

  it('the solver does find such a set when every raw answer and every crossing is released (the per-request rules alone)', () => {
    // The same reports over raw answers, protected only by the rules each report applies to itself: the attack must
    // find a counterexample, or this test could not fail.
    const rawBase = (survey: ReportSurvey, responses: ReturnType<typeof responsesOf>, min: number): ReportingBase => {
      const { respondents, summary } = unmergedRespondents(survey, responses.map((r) => r.answers));
      return { version: 1, minGroupSize: Math.max(3, min), channels: { online: responses.length, kiosk: 0, paper: 0 }, summary, respondents };
    };
    const result = fc.check(fc.property(surveyArb, (s) => attack(s, rawBase)), { numRuns: 200, seed: 42, endOnFailure: true });
    expect(result.failed).toBe(true);
    expect(String(result.errorInstance)).toMatch(/a reader can derive the figures of [1-6] respondent/);
  }, 60_000);
});
