/**
 * The attack test (issue 11): random surveys — tiny departments, rare demographic values, "no
 * answer", rare radio and scale answers — and random sets of report requests (every breakdown ×
 * up to two selected answers, as the web report, the PDF and both Excel layouts release them; Excel
 * v2 is the same figures for every breakdown at once). A solver then does what a careful reader would: every released list of
 * comments names exactly the respondents behind a figure (each respondent here writes a unique
 * comment), and the sets it reveals can be added and subtracted at will. Any set a reader can
 * derive that way is a union of the "atoms" — the respondents no released set tells apart — so
 * the test checks that every atom holds 0 or at least the minimum group size. It also checks
 * that every count the reports print is the size of its set (nothing is released outside the
 * sets the solver sees) and that the base's classes are at least the minimum.
 *
 * `npm test` runs ATTACK_RUNS cases (default 60); `npm run attack` runs many more.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BASE_WITHHELD_KEY, reportSettingsSchema, type ReportFigures } from '../../../../shared/schemas/report.js';
import type { ExtraQuestion } from '../../../../shared/schemas/application.js';
import { buildReportFigures, type ReportSurvey } from './figures.js';
import { answers, online, unmergedRespondents } from './testing.js';
import { buildReportingBase, type ReportingBase } from './reporting-base.js';

const RUNS = Number(process.env.ATTACK_RUNS ?? 60);

const EXTRA: ExtraQuestion[] = [
  { id: 'team', type: 'radio', title: { en: 'Team' }, description: {}, answers: [{ en: 'Red' }, { en: 'Blue' }, { en: 'Green' }], required: false, allow_comments: false },
  { id: 'mood', type: 'scale', title: { en: 'Mood' }, description: {}, answers: [], scale: { min: 1, max: 5, min_label: {}, max_label: {} }, required: false, allow_comments: false },
];

interface Person {
  department: number; // index into departments, -1 = no answer
  location: number;
  gender: number;
  age: number;
  team: number;
  mood: number; // 0 = no answer
  all: 1 | 2 | 3 | 4;
}

const GENDERS = ['male', 'female', 'other', 'prefer_not_to_say'];
const AGES = ['up_to_25', '26_35', '36_45', '46_55', '56_plus'];

/** Skewed picks, so tiny groups and rare values are common. */
const skewed = (n: number) => fc.oneof({ weight: 6, arbitrary: fc.constant(0) }, { weight: 3, arbitrary: fc.integer({ min: -1, max: Math.min(1, n - 1) }) }, { weight: 2, arbitrary: fc.integer({ min: -1, max: n - 1 }) });

const personArb = fc.record<Person>({
  department: skewed(5),
  location: skewed(3),
  gender: skewed(4),
  age: skewed(5),
  team: skewed(3),
  mood: fc.integer({ min: 0, max: 5 }),
  all: fc.constantFrom(1, 2, 3, 4),
});

const surveyArb = fc.record({
  people: fc.array(personArb, { minLength: 3, maxLength: 90 }),
  min: fc.constantFrom(3, 5, 5, 5, 7),
  withLocations: fc.boolean(),
  withExtras: fc.boolean(),
  requests: fc.array(fc.record({ group: fc.nat(), answers: fc.array(fc.nat(), { maxLength: 2 }) }), { minLength: 1, maxLength: 25 }),
});

function makeSurvey(s: { withLocations: boolean; withExtras: boolean }): ReportSurvey {
  return {
    departments: ['D0', 'D1', 'D2', 'D3', 'D4'],
    locations: s.withLocations ? ['L0', 'L1', 'L2'] : [],
    extraQuestions: s.withExtras ? EXTRA : [],
    demographicIds: ['gender', 'age_group'],
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
        demographics: { ...(p.gender >= 0 ? { gender: GENDERS[p.gender]! } : {}), ...(p.age >= 0 ? { age_group: AGES[p.age]! } : {}) },
        extra: survey.extraQuestions.length > 0 ? { ...(p.team >= 0 ? { team: { value: p.team } } : {}), ...(p.mood > 0 ? { mood: { value: p.mood } } : {}) } : {},
        // Every respondent's unique comment: the reader's way to see who is behind a figure.
        praise: `person-${String(i)}`,
      }),
    ),
  );
}

/** Every report a company can ask for: the group (or none) and up to two released answers, picked from the base. */
function requestsOf(base: ReportingBase, picks: readonly { group: number; answers: number[] }[]) {
  const dims = base.summary.dimensions;
  const values = dims.flatMap((d) => d.values.filter((v) => v.key !== '' && v.key !== BASE_WITHHELD_KEY).map((v) => ({ question: d.question, value: v.key })));
  return picks.map((p) => ({
    group: dims.length > 0 && p.group % (dims.length + 1) < dims.length ? dims[p.group % (dims.length + 1)]!.question : undefined,
    answers: values.length > 0 ? [...new Map(p.answers.map((a) => values[a % values.length]!).map((a) => [`${a.question}=${a.value}`, a])).values()] : [],
  }));
}

const who = (comments: readonly string[]) => new Set(comments.map((c) => Number(c.slice('person-'.length))));

/** The sets a reader learns from one report: the population and every shown group, with the counts printed for them. */
function releasedSets(f: ReportFigures): { set: Set<number>; n: number | null }[] {
  const out: { set: Set<number>; n: number | null }[] = [];
  if (!f.population.suppressed) out.push({ set: who(f.comments.praise_critique), n: f.population.n });
  for (const g of f.breakdown?.groups ?? []) if (!g.suppressed) out.push({ set: who(g.comments), n: g.n });
  return out;
}

/** Respondents no released set tells apart: sizes of the classes of equal membership signatures. */
function atoms(n: number, sets: readonly Set<number>[]): number[] {
  const sig = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const key = sets.map((s) => (s.has(i) ? '1' : '0')).join('');
    sig.set(key, (sig.get(key) ?? 0) + 1);
  }
  return [...sig.values()];
}

/** Runs the reader's attack on one random survey; throws when a set below the minimum can be isolated. */
type SurveyCase = typeof surveyArb extends fc.Arbitrary<infer T> ? T : never;

function attack(s: SurveyCase, makeBase: (survey: ReportSurvey, responses: ReturnType<typeof responsesOf>, min: number) => ReportingBase): void {
  const survey = makeSurvey(s);
  const responses = responsesOf(s.people, survey);
  const base = makeBase(survey, responses, s.min);
  const k = base.minGroupSize;
  const sets: Set<number>[] = [];
  for (const req of requestsOf(base, s.requests)) {
    const settings = reportSettingsSchema.parse({ language: 'en', filter: { group: req.group, answers: req.answers } });
    const f = buildReportFigures({ meta: { survey_id: 1, name: 'x', company: 'c', employees: null, start_date: null, end_date: null }, survey, base, settings, seed: 'attack' });
    for (const r of releasedSets(f)) {
      if (r.set.size === 0) continue;
      sets.push(r.set);
      // The printed count is the size of the set the comments reveal: nothing is counted outside it.
      expect(r.n).toBe(r.set.size);
    }
  }
  // The base's classes: every combination of released values is shared by at least k respondents.
  const dims = base.summary.dimensions.map((d) => d.question);
  const classes = new Map<string, number>();
  for (const r of base.respondents) {
    const key = dims.map((q) => r.dims[q] ?? '').join('|');
    classes.set(key, (classes.get(key) ?? 0) + 1);
  }
  for (const size of classes.values()) if (size < k) throw new Error(`the base has a class of ${String(size)} respondent(s)`);
  // The solver: any set derivable by sums and differences is a union of atoms.
  if (sets.length === 0) return;
  for (const size of atoms(responses.length, sets)) {
    if (size > 0 && size < k) throw new Error(`a reader can isolate ${String(size)} respondent(s) (minimum ${String(k)})`);
  }
}

const protectedBase = (survey: ReportSurvey, responses: ReturnType<typeof responsesOf>, min: number) => buildReportingBase({ seed: 'attack', survey, responses, minGroupSize: min });

describe('anonymity under any combination of reports (property)', () => {
  it(`no sum or difference of released figures isolates fewer than the minimum (${String(RUNS)} random surveys)`, () => {
    fc.assert(
      fc.property(surveyArb, (s) => attack(s, protectedBase)),
      { numRuns: RUNS, ...(process.env.ATTACK_SEED ? { seed: Number(process.env.ATTACK_SEED) } : {}) },
    );
  }, Math.max(10_000, RUNS * 30));

  it('the solver does find such a group when the base releases every raw answer (the per-request rules alone)', () => {
    // The same reports over raw answers, protected only by the rules each report applies to itself:
    // the attack must find a counterexample, or this test could not fail.
    const rawBase = (survey: ReportSurvey, responses: ReturnType<typeof responsesOf>, min: number): ReportingBase => {
      const { respondents, summary } = unmergedRespondents(survey, responses.map((r) => r.answers));
      return { version: 1, minGroupSize: Math.max(3, min), channels: { online: responses.length, kiosk: 0, paper: 0 }, summary, respondents };
    };
    expect(() => fc.assert(fc.property(surveyArb, (s) => attack(s, rawBase)), { numRuns: 200, seed: 42 })).toThrow(/Property failed/);
  });
});
