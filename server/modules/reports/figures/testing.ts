/**
 * Test and benchmark helpers for the report modules: a terse response builder and a generator of
 * realistic, varied surveys (seeded, so benchmarks and tests are reproducible).
 */
import { DEMOGRAPHIC_QUESTIONS, STATEMENTS } from '../../../../shared/question-banks/index.js';
import type { ExtraQuestion } from '../../../../shared/schemas/application.js';
import type { ResponseAnswers } from '../../../../shared/schemas/questionnaire.js';
import type { PulsFigures, ReportBaseSummary, ReportFigures, ReportSettings, SurveyMeta } from '../../../../shared/schemas/report.js';
import { seededRandom } from '../../../lib/seeded-random.js';
import { buildPulsFigures, buildReportFigures, type BuildPulsInput, type PulsRoundInput, type ReportResponse, type ReportSurvey } from './figures.js';
import { loadReleaseSolver } from './release-check.js';
import { buildPulsReportingBase, buildReportingBase, dimensionCandidates, rawDimensionValue, type BaseRespondent, type ReportingBase } from './reporting-base.js';

type Scale = 1 | 2 | 3 | 4;

export interface AnswerSpec {
  /** Every statement gets this answer, unless `statements` names it. */
  all?: Scale;
  statements?: Record<string, Scale>;
  enps?: number;
  esi?: [number, number, number];
  department?: string;
  location?: string;
  demographics?: Record<string, string>;
  extra?: ResponseAnswers['extra'];
  praise?: string;
  puls?: ResponseAnswers['puls'];
}

export function answers(spec: AnswerSpec = {}): ResponseAnswers {
  const statements: Record<string, Scale> = {};
  if (spec.all !== undefined) for (const s of STATEMENTS) statements[s.id] = spec.all;
  Object.assign(statements, spec.statements ?? {});
  const a: ResponseAnswers = { language: 'en', statements, demographics: spec.demographics ?? {}, extra: spec.extra ?? {}, puls: spec.puls ?? {} };
  if (spec.enps !== undefined) a.enps_grade = spec.enps;
  if (spec.esi) [a.esi_workplace_satisfaction, a.esi_workplace_expectations, a.esi_ideal_job_comparison] = spec.esi;
  if (spec.department !== undefined) a.department = spec.department;
  if (spec.location !== undefined) a.location = spec.location;
  if (spec.praise !== undefined) a.praise_critique = spec.praise;
  return a;
}

export const online = (a: ResponseAnswers): ReportResponse => ({ channel: 'online', answers: a });

export const DEMO_EXTRA_QUESTIONS: ExtraQuestion[] = [
  { id: 'shift', type: 'radio', title: { en: 'Do you work shifts?' }, description: {}, answers: [{ en: 'Yes' }, { en: 'No' }], required: true, allow_comments: true },
  { id: 'perks', type: 'checkbox', title: { en: 'Which benefits do you use?' }, description: {}, answers: [{ en: 'Gym' }, { en: 'Meals' }, { en: 'Transport' }], required: false, allow_comments: false },
  { id: 'commute', type: 'scale', title: { en: 'How easy is your commute?' }, description: {}, answers: [], scale: { min: 1, max: 5, min_label: {}, max_label: {} }, required: false, allow_comments: false },
  { id: 'idea', type: 'text250', title: { en: 'One idea for us' }, description: {}, answers: [], required: false, allow_comments: false },
];

/**
 * A survey of `count` varied responses: departments and locations of unequal size (one tiny
 * department), a per-department tendency, all demographics, extra questions and some comments.
 */
export function generateSurvey(count: number, seed = 1, options: { departments?: number } = {}) {
  const rng = seededRandom(seed);
  const extraDepartments = Math.max(0, (options.departments ?? 6) - 6);
  const departments = ['Production', 'Sales', 'Logistics', 'Finance', 'IT', 'Legal', ...Array.from({ length: extraDepartments }, (_, i) => `Unit ${String(i + 1)}`)];
  // More departments: the first six give up a share to units of falling size (a realistic long tail).
  const tail = Array.from({ length: extraDepartments }, (_, i) => 0.3 / (i + 2));
  const tailSum = tail.reduce((a, b) => a + b, 0);
  const weights = [0.45, 0.2, 0.15, 0.1, 0.0994, 0.0006].map((w) => w * (1 - tailSum)).concat(tail);
  const locations = ['Zagreb', 'Split', 'Osijek'];
  const pick = <T>(items: readonly T[], w?: readonly number[]): T => {
    let r = rng();
    if (w) {
      for (let i = 0; i < items.length; i++) {
        r -= w[i]!;
        if (r < 0) return items[i]!;
      }
      return items[items.length - 1]!;
    }
    return items[Math.floor(r * items.length)]!;
  };
  const responses: ReportResponse[] = [];
  for (let i = 0; i < count; i++) {
    const d = pick(departments, weights);
    const tilt = departments.indexOf(d) * 0.08;
    const statements: Record<string, Scale> = {};
    for (const s of STATEMENTS) statements[s.id] = Math.min(4, Math.max(1, Math.round(1 + rng() * 3 + tilt - 0.2))) as Scale;
    const demographics: Record<string, string> = {};
    for (const q of DEMOGRAPHIC_QUESTIONS) if (rng() < 0.93) demographics[q.id] = pick(q.options).id;
    const a = answers({
      statements,
      enps: Math.floor(rng() * 11),
      esi: [1 + Math.floor(rng() * 10), 1 + Math.floor(rng() * 10), 1 + Math.floor(rng() * 10)],
      department: d,
      location: pick(locations, [0.6, 0.3, 0.1]),
      demographics,
      extra: {
        shift: { value: rng() < 0.4 ? 0 : 1, ...(rng() < 0.1 ? { comment: `Shift note ${i}` } : {}) },
        perks: { value: [0, 1, 2].filter(() => rng() < 0.4) },
        commute: { value: 1 + Math.floor(rng() * 5) },
        ...(rng() < 0.2 ? { idea: { value: `Idea number ${i}` } } : {}),
      },
      ...(rng() < 0.3 ? { praise: `Comment ${i}: ${rng() < 0.5 ? 'more training please' : 'great colleagues'}` } : {}),
    });
    responses.push({ channel: pick(['online', 'online', 'kiosk', 'paper'] as const), answers: a });
  }
  return {
    meta: { survey_id: 1, name: 'IZZ 2026', company: 'Demo podjetje d.o.o.', employees: Math.ceil(count / 0.8), start_date: '2026-03-01', end_date: '2026-03-31' },
    survey: { departments, locations, extraQuestions: DEMO_EXTRA_QUESTIONS, demographicIds: DEMOGRAPHIC_QUESTIONS.map((q) => q.id), reportQuestions: STATEMENTS.slice(0, 15).map((s) => s.id) },
    responses,
  };
}

// Bases are built synchronously; the exact check's solver is loaded once for every test file that builds one.
await loadReleaseSolver();

/** Report figures straight from responses, through the reporting base (as the service does). */
export function figuresFrom(input: {
  meta: SurveyMeta;
  survey: ReportSurvey;
  responses: readonly (ReportResponse | ResponseAnswers)[];
  settings: ReportSettings;
  minGroupSize: number;
  seed?: string;
}): ReportFigures {
  const base = baseFrom(input.survey, input.responses, input.minGroupSize, input.seed);
  return buildReportFigures({ meta: input.meta, survey: input.survey, base, settings: input.settings, seed: input.seed ?? 'test' });
}

/** The reporting base of some responses. */
export function baseFrom(survey: ReportSurvey, responses: readonly (ReportResponse | ResponseAnswers)[], minGroupSize = 5, seed = 'test'): ReportingBase {
  const rs = responses.map((r) => ('channel' in r && 'answers' in r ? (r as ReportResponse) : online(r as ResponseAnswers)));
  return buildReportingBase({ seed, survey, responses: rs, minGroupSize });
}

/** PULS figures straight from rounds of answers, through the PULS base. */
export function pulsFiguresFrom(input: Omit<BuildPulsInput, 'base' | 'seed'> & { rounds: readonly PulsRoundInput[]; minGroupSize: number; seed?: string }): PulsFigures {
  const base = buildPulsReportingBase({ seed: input.seed ?? 'test', rounds: input.rounds, ownQuestions: input.ownQuestions, minGroupSize: input.minGroupSize });
  return buildPulsFigures({ meta: input.meta, questionIds: input.questionIds, ownQuestions: input.ownQuestions, language: input.language, base, seed: input.seed ?? 'test', schedule: input.schedule });
}

/**
 * Respondents with their raw answers as dimension values and a summary that releases every value:
 * NOT a reporting base (no merging), only for testing the statistics module's second line of
 * protection (protectGroups and the filter-difference rule) on its own.
 */
export function unmergedRespondents(survey: ReportSurvey, responses: readonly ResponseAnswers[]): { respondents: BaseRespondent[]; summary: ReportBaseSummary } {
  const candidates = dimensionCandidates(survey);
  const respondents = responses.map((a) => {
    const dims: Record<string, string> = {};
    for (const c of candidates) dims[c.question] = rawDimensionValue(a, c.question);
    return { dims, answers: a };
  });
  const summary: ReportBaseSummary = {
    dimensions: candidates.map((c) => {
      const seen = new Set(respondents.map((r) => r.dims[c.question]!));
      const extra = [...seen].filter((v) => v !== '' && !c.defined.includes(v)).sort();
      return { question: c.question, values: [...c.defined, ...extra, ...(seen.has('') ? [''] : [])].map((key) => ({ key, merged: [] })) };
    }),
    left_out: [],
    withheld: 0,
  };
  return { respondents, summary };
}
