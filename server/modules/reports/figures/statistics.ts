/**
 * Report statistics (product-decisions.md, "Questionnaire" and "Reports"). Pure: no I/O, no clock;
 * randomness only through the injected Rng. Every figure that leaves this module has been through
 * the anonymity rules (./anonymity.ts): callers get suppressed values as null, never raw ones.
 *
 * Rounding: every published figure is a ratio of integers (sums of answers over counts), rounded half away from
 * zero by the one rule of shared/rounding.ts (robust to binary floating point).
 */
import { DEMOGRAPHIC_QUESTIONS, ESI_QUESTIONS, IZZ_CATEGORY_IDS, STATEMENTS, type IzzCategoryId } from '../../../../shared/question-banks/index.js';
import type { ExtraQuestion, ExtraQuestionType } from '../../../../shared/schemas/application.js';
import { answerIndex, type ResponseAnswers } from '../../../../shared/schemas/questionnaire.js';
import { EXTRA_QUESTION_TYPE_RULES } from '../../../../shared/schemas/extra-question-types.js';
import { localizedText } from '../../../../shared/i18n/localized-text.js';
import { roundedRatio, roundHalfAwayFromZero } from '../../../../shared/rounding.js';
import type {
  CategoryFigures,
  EnpsFigures,
  EsiFigures,
  EsiQuestionFigures,
  ExtraResult,
  FigureSet,
  MarginOfError,
  ReportGroup,
  StatementFigures,
  SuppressionReason,
} from '../../../../shared/schemas/report.js';
import { BASE_OTHER_KEY, BASE_WITHHELD_KEY, type ReportBaseSummary } from '../../../../shared/schemas/report.js';
import { clampMinGroupSize, protectGroups, releaseTexts, type GroupCount } from './anonymity.js';
import { extraOf, groupKeyOf, NO_ANSWER_KEY, type FilterAnalysis, type SurveyQuestions } from './filters.js';
import { cellsReleased } from './release-rules.js';
import type { BaseRespondent } from './reporting-base.js';
import { statementVector } from './statement-vector.js';

type Lang = ResponseAnswers['language'];

// ---------------------------------------------------------------------------------------------
// Numbers
// ---------------------------------------------------------------------------------------------

/** num / den rounded to `decimals`, half away from zero (shared/rounding.ts, the rule of every figure); null when den is 0. */
export function ratio(num: number, den: number, decimals: number): number | null {
  return roundedRatio(num, den, decimals);
}

/** Rounds a float, half away from zero (for values that are not integer ratios, e.g. a margin of error). */
export function roundTo(value: number, decimals: number): number {
  return roundHalfAwayFromZero(value, decimals);
}

const sum = (values: readonly number[]) => values.reduce((s, v) => s + v, 0);

/** Arithmetic mean, two decimals by default; null for no values. */
export function mean(values: readonly number[], decimals = 2): number | null {
  return ratio(sum(values), values.length, decimals);
}

/** Counts of each integer value min..max (values outside are ignored). */
export function distribution(values: readonly number[], min: number, max: number): number[] {
  const out = new Array<number>(max - min + 1).fill(0);
  for (const v of values) if (Number.isInteger(v) && v >= min && v <= max) out[v - min]! += 1;
  return out;
}

/** % of answers at or above `from` (IZZ: 3 and 4 are favourable), one decimal; null for no values. */
export function favourablePct(values: readonly number[], from = 3): number | null {
  return ratio(100 * values.filter((v) => v >= from).length, values.length, 1);
}

/** eNPS from 0..10 grades: % promoters (9–10) − % detractors (0–6). */
export function enps(grades: readonly number[]): EnpsFigures {
  return enpsFromDistribution(distribution(grades, 0, 10));
}

export function enpsFromDistribution(dist: readonly number[]): EnpsFigures {
  const d = Array.from({ length: 11 }, (_, i) => dist[i] ?? 0);
  const n = sum(d);
  const detractors = sum(d.slice(0, 7));
  const passives = (d[7] ?? 0) + (d[8] ?? 0);
  const promoters = (d[9] ?? 0) + (d[10] ?? 0);
  return {
    score: ratio(100 * (promoters - detractors), n, 1),
    promoters,
    passives,
    detractors,
    promoters_pct: ratio(100 * promoters, n, 1),
    passives_pct: ratio(100 * passives, n, 1),
    detractors_pct: ratio(100 * detractors, n, 1),
    distribution: d,
    n,
  };
}

/** One respondent's ESI: ((q1 + q2 + q3) / 3 − 1) / 9 × 100, unrounded (0..100). */
export function respondentEsi(q1: number, q2: number, q3: number): number {
  return (((q1 + q2 + q3) / 3 - 1) / 9) * 100;
}

/**
 * A group's ESI: the mean of its respondents' ESI, one decimal. Summed exactly as
 * 100 × Σ(q1 + q2 + q3 − 3) / (27 × n), the same value as the formula above.
 */
export function esi(triples: readonly (readonly [number, number, number])[]): EsiFigures {
  let s = 0;
  for (const [a, b, c] of triples) s += a + b + c - 3;
  return { score: ratio(100 * s, 27 * triples.length, 1), n: triples.length };
}

/** responses / employees in %, one decimal; null without an employee count. */
export function occupancyPct(responses: number, employees: number | null | undefined): number | null {
  if (!employees || employees <= 0) return null;
  // never above 100 %, as on the status board (responseShare): a population named too small reads as everyone
  return Math.min(100, ratio(100 * responses, employees, 1) ?? 0);
}

/** Two-sided z scores. */
export const Z_SCORES = { 90: 1.6448536269514722, 95: 1.959963984540054 } as const;

/**
 * Margin of error of a proportion in percentage points (one decimal), worst case p = 0.5:
 * z × sqrt(p(1 − p) / n) × sqrt((N − n) / (N − 1)), the second factor being the finite population
 * correction for N employees. null with no responses, and null without N (unknown): a margin of error
 * is only meaningful against the population it estimates; 0 when everyone answered.
 */
export function marginOfError(n: number, employees: number | null | undefined, confidence: 90 | 95): number | null {
  if (n <= 0 || !employees || employees <= 0) return null;
  if (n >= employees || employees <= 1) return 0;
  const fpc = Math.sqrt((employees - n) / (employees - 1));
  return roundTo(Z_SCORES[confidence] * Math.sqrt(0.25 / n) * fpc * 100, 1);
}

export function marginsOfError(n: number, employees: number | null | undefined): MarginOfError {
  return { p90: marginOfError(n, employees, 90), p95: marginOfError(n, employees, 95) };
}

// ---------------------------------------------------------------------------------------------
// Statement, category, eNPS and ESI figures of one population
// ---------------------------------------------------------------------------------------------

const CATEGORY_INDEX = new Map<IzzCategoryId, number>(IZZ_CATEGORY_IDS.map((c, i) => [c, i]));
/** Each statement's category index (bank order). */
export const STATEMENT_CATEGORY = STATEMENTS.map((s) => CATEGORY_INDEX.get(s.category) ?? 0);
const S = STATEMENTS.length;
const C = IZZ_CATEGORY_IDS.length;

/**
 * What an accumulator summed: respondents, answer counts per statement (bank order, answers 1..4: index i * 4 + v − 1),
 * respondents per category (bank order), the eNPS grades 0..10 and the ESI sums of Σ(q1 + q2 + q3 − 3) and its squares.
 * Sums of disjoint populations add up, and the sums of a part subtract from the whole's.
 */
export interface AccumulatorSums {
  n: number;
  statements: number[];
  categoryRespondents: number[];
  enps: number[];
  esiN: number;
  esiSum: number;
  esiSumSq: number;
}

/** Sums one population's answers in a single pass (fast: typed arrays, no per-answer objects). */
export class FigureAccumulator {
  n = 0;
  private readonly dist = new Uint32Array(S * 4);
  private readonly catRespondents = new Uint32Array(C);
  private readonly enpsDist = new Uint32Array(11);
  private esiSum = 0;
  private esiSumSq = 0;
  private esiN = 0;
  /** Answers 1..10 to each ESI question (bank order: index q * 10 + v − 1), each counted on its own. */
  private readonly esiAnswers = new Uint32Array(ESI_QUESTIONS.length * 10);
  private readonly seen = new Uint8Array(C);

  add(a: ResponseAnswers): void {
    this.n += 1;
    this.seen.fill(0);
    const vec = statementVector(a);
    for (let i = 0; i < S; i++) {
      const v = vec[i]!;
      if (v === 0) continue;
      this.dist[i * 4 + v - 1]! += 1;
      this.seen[STATEMENT_CATEGORY[i]!] = 1;
    }
    for (let c = 0; c < C; c++) this.catRespondents[c]! += this.seen[c]!;
    const g = a.enps_grade;
    if (typeof g === 'number' && Number.isInteger(g) && g >= 0 && g <= 10) this.enpsDist[g]! += 1;
    const q1 = a.esi_workplace_satisfaction;
    const q2 = a.esi_workplace_expectations;
    const q3 = a.esi_ideal_job_comparison;
    [q1, q2, q3].forEach((v, q) => {
      if (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 10) this.esiAnswers[q * 10 + v - 1]! += 1;
    });
    if (typeof q1 === 'number' && typeof q2 === 'number' && typeof q3 === 'number') {
      const e = q1 + q2 + q3 - 3;
      this.esiSum += e;
      this.esiSumSq += e * e;
      this.esiN += 1;
    }
  }

  /** The raw sums (copies) behind the figures, for the significance tests of the comparative report. */
  sums(): AccumulatorSums {
    return {
      n: this.n,
      statements: Array.from(this.dist),
      categoryRespondents: Array.from(this.catRespondents),
      enps: Array.from(this.enpsDist),
      esiN: this.esiN,
      esiSum: this.esiSum,
      esiSumSq: this.esiSumSq,
    };
  }

  /** The figures; any item answered by fewer than the minimum (but someone) is suppressed. */
  figures(minGroupSize: number): FigureSet {
    const min = clampMinGroupSize(minGroupSize);
    const ok = (n: number) => n >= min;
    const statements: StatementFigures[] = STATEMENTS.map((s, i) => {
      const d = [this.dist[i * 4]!, this.dist[i * 4 + 1]!, this.dist[i * 4 + 2]!, this.dist[i * 4 + 3]!];
      const n = d[0]! + d[1]! + d[2]! + d[3]!;
      const shown = ok(n);
      return {
        id: s.id,
        category: s.category,
        mean: shown ? ratio(d[0]! + 2 * d[1]! + 3 * d[2]! + 4 * d[3]!, n, 2) : null,
        favourable_pct: shown ? ratio(100 * (d[2]! + d[3]!), n, 1) : null,
        distribution: shown ? d : [0, 0, 0, 0],
        n,
        suppressed: n > 0 && !shown,
      };
    });
    const categories: CategoryFigures[] = IZZ_CATEGORY_IDS.map((id, c) => {
      let total = 0;
      let weighted = 0;
      let fav = 0;
      for (let i = 0; i < S; i++) {
        if (STATEMENT_CATEGORY[i] !== c) continue;
        const base = i * 4;
        total += this.dist[base]! + this.dist[base + 1]! + this.dist[base + 2]! + this.dist[base + 3]!;
        weighted += this.dist[base]! + 2 * this.dist[base + 1]! + 3 * this.dist[base + 2]! + 4 * this.dist[base + 3]!;
        fav += this.dist[base + 2]! + this.dist[base + 3]!;
      }
      const n = this.catRespondents[c]!;
      const shown = ok(n);
      return { id, mean: shown ? ratio(weighted, total, 2) : null, favourable_pct: shown ? ratio(100 * fav, total, 1) : null, n };
    });
    const e = enpsFromDistribution(Array.from(this.enpsDist));
    const enpsFigures: EnpsFigures = ok(e.n)
      ? e
      : { score: null, promoters: 0, passives: 0, detractors: 0, promoters_pct: null, passives_pct: null, detractors_pct: null, distribution: new Array<number>(11).fill(0), n: e.n };
    const esiFigures: EsiFigures = { score: ok(this.esiN) ? ratio(100 * this.esiSum, 27 * this.esiN, 1) : null, n: this.esiN };
    const esiQuestions: EsiQuestionFigures[] = ESI_QUESTIONS.map((q, i) => {
      const d = Array.from(this.esiAnswers.subarray(i * 10, i * 10 + 10));
      const n = sum(d);
      const hidden = n > 0 && !ok(n);
      return { id: q.id, n, distribution: hidden ? null : d, suppressed: hidden };
    });
    return { esi: esiFigures, esi_questions: esiQuestions, enps: enpsFigures, categories, statements };
  }
}

/** Statement, category, eNPS and ESI figures of a whole population (minimum applied per item). */
export function figureSet(responses: readonly ResponseAnswers[], minGroupSize: number): FigureSet {
  const acc = new FigureAccumulator();
  for (const r of responses) acc.add(r);
  return acc.figures(minGroupSize);
}

/** The figures of a population too small to show: counts only, every value null. */
export function emptyFigureSet(): FigureSet {
  return new FigureAccumulator().figures(clampMinGroupSize());
}

// ---------------------------------------------------------------------------------------------
// Groups (over the reporting base: a respondent's group is its released value; filters: ./filters.ts)
// ---------------------------------------------------------------------------------------------

export interface GroupDefinition {
  key: string;
  label: string | null;
  no_answer: boolean;
  /** For the "Other" value: labels of the merged values (null = no answer). */
  merged: (string | null)[];
  withheld: boolean;
}

/** The label of one raw value of a dimension question in the report language ('' = no answer: null). */
export function rawValueLabel(question: string, value: string, survey: SurveyQuestions, language: Lang): string | null {
  if (value === NO_ANSWER_KEY) return null;
  if (question.startsWith('demographic:')) {
    const q = DEMOGRAPHIC_QUESTIONS.find((d) => d.id === question.slice('demographic:'.length));
    const o = q?.options.find((x) => x.id === value);
    return o ? localizedText(o.label, language) : value;
  }
  const extra = extraOf(question, survey);
  // a question counted by its options (of the groupable ones: radio) is labelled by the option's text; a scale by its value
  if (extra && EXTRA_QUESTION_TYPE_RULES[extra.type].aggregation === 'options') {
    const i = answerIndex(value);
    return (i !== null ? localizedText(extra.answers[i], language) : '') || (i !== null ? `${i + 1}` : value);
  }
  return value;
}

/** The groups of a dimension of the base, in questionnaire order, "Other" and "no answer" after the values, "withheld" last. */
export function groupDefinitions(question: string, base: ReportBaseSummary, survey: SurveyQuestions, language: Lang): GroupDefinition[] {
  const dim = base.dimensions.find((d) => d.question === question);
  const defs: GroupDefinition[] = (dim?.values ?? []).map((v) => ({
    key: v.key,
    label: v.key === BASE_OTHER_KEY || v.key === BASE_WITHHELD_KEY ? null : rawValueLabel(question, v.key, survey, language),
    no_answer: v.key === NO_ANSWER_KEY,
    merged: v.merged.map((m) => rawValueLabel(question, m, survey, language)),
    withheld: v.key === BASE_WITHHELD_KEY,
  }));
  if (!defs.some((d) => d.no_answer)) defs.push({ key: NO_ANSWER_KEY, label: null, no_answer: true, merged: [], withheld: false });
  return defs;
}

export interface GroupOptions {
  /** A dimension of the base ('demographic:<qid>', 'department', 'location', 'extra:<qid>'). */
  question: string;
  base: ReportBaseSummary;
  survey: SurveyQuestions;
  /** From analyseFilter (the same respondents and selected answers). */
  filter: FilterAnalysis;
  minGroupSize: number;
  language: Lang;
  /** Orders the released comments (the survey). */
  seed: string;
  /** Include each shown group's praise/critique comments and the free text of its extra questions (default true). */
  comments?: boolean;
  /** False when the survey's release does not include these cells (release-rules.ts): every group is hidden. */
  released?: boolean;
  /** The dimensions of the report's selected answers: a group's radio/scale question is counted only where the release includes those cells with the group's. */
  filterDimensions?: readonly string[];
}

/**
 * Per-group figures of one split of the base. Every group is a union of classes of at least the
 * minimum, so only empty groups are hidden; the protection rules still run as a second line. A shown
 * group carries its extra questions too (extraResults over its members: the same rules as the
 * report's), with their free text only when `comments` is not false.
 */
export function groupFigures(respondents: readonly BaseRespondent[], options: GroupOptions): ReportGroup[] {
  const { question, filter, language, seed } = options;
  const min = clampMinGroupSize(options.minGroupSize);
  const defs = groupDefinitions(question, options.base, options.survey, language);
  const index = new Map(defs.map((d, i) => [d.key, i]));
  const accs: FigureAccumulator[] = defs.map(() => new FigureAccumulator());
  const texts: string[][] = defs.map(() => []);
  const members: BaseRespondent[][] = defs.map(() => []);
  const diffs: number[][] = defs.map(() => new Array<number>(filter.inSmaller.length).fill(0));

  respondents.forEach((r, i) => {
    const g = index.get(groupKeyOf(r, question)) ?? index.get(NO_ANSWER_KEY)!;
    const inF = filter.inFilter[i] === 1;
    filter.inSmaller.forEach((s, j) => {
      if ((s[i] === 1) !== inF) diffs[g]![j]! += 1;
    });
    if (!inF) return;
    accs[g]!.add(r.answers);
    members[g]!.push(r);
    if (r.answers.praise_critique) texts[g]!.push(r.answers.praise_critique);
  });
  const withTexts = options.comments !== false;
  /** The group's extra questions, by the report's rules; without free text when its comments are not listed. */
  const extras = (g: number): ExtraResult[] => {
    const results = extraResults(members[g]!, options.survey.extraQuestions, options.base, min, language, seed, {
      released: (q) => cellsReleased(options.base, [...new Set([...(options.filterDimensions ?? []), question, q])]),
    });
    return withTexts ? results : results.map((e) => ('texts' in e ? { ...e, comments: [], texts: [] } : { ...e, comments: [] }));
  };

  const counts: GroupCount[] = defs.map((d, g) => ({ key: d.key, n: accs[g]!.n, differences: diffs[g]! }));
  const protection =
    filter.suppressed || options.released === false
      ? new Map(counts.map((c) => [c.key, { suppressed: true, reason: (c.n === 0 ? 'empty' : options.released === false ? 'not-released' : 'complementary') as SuppressionReason }]))
      : protectGroups(counts, min);

  return defs
    .map((d, g): ReportGroup => {
      const p = protection.get(d.key) ?? { suppressed: true, reason: 'below-minimum' as const };
      const n = accs[g]!.n;
      return {
        key: d.key,
        label: d.label,
        no_answer: d.no_answer,
        merged: d.merged,
        withheld: d.withheld,
        n: p.suppressed && n > 0 ? null : n,
        suppressed: p.suppressed,
        reason: p.reason,
        figures: p.suppressed ? null : accs[g]!.figures(min),
        comments: withTexts ? releaseTexts(texts[g]!, !p.suppressed, seed) : [],
        extra_questions: p.suppressed ? [] : extras(g),
      };
    })
    .filter((g) => !(g.no_answer && g.n === 0));
}

// ---------------------------------------------------------------------------------------------
// Extra questions
// ---------------------------------------------------------------------------------------------

/**
 * Results of the company's extra questions over one shown population of the base. Counts, means
 * and distributions need at least the minimum of answers to the question; free text (text answers
 * and comments) is released when the population itself reaches the minimum, however few wrote
 * some, like praise/critique: the writers are hidden among everyone in the population.
 *
 * A radio or scale question is a dimension of the base: its result counts the released values
 * (rare answers merged into "Other", as in every group and filter), or, when the base leaves the
 * question out, it is hidden. A scale question with merged values is shown as its released values
 * (a radio-like count per value; no mean, which the merged values would make up). A checkbox option
 * ticked by fewer than the minimum (none included) is hidden on its own: count and share null.
 */
export interface ExtraReleaseOptions {
  /** False for a radio/scale question whose cells with the population's dimensions are not released. */
  released?: (question: string) => boolean;
  /** False when free texts and comments may not be listed for this population (release-rules.ts). */
  texts?: boolean;
  /**
   * The overall answers the base stored for the questions it leaves out (summary.overall): given only for the report
   * of every respondent, where such a question shows them instead of being hidden.
   */
  overall?: ReportBaseSummary['overall'];
}

/**
 * A left-out question's result from its overall answers stored at the freeze (never from the respondents: the base keeps
 * no answer of it): a count per stored value, "Other" with the answers merged into it; a scale without merged values as
 * a scale. No comments: a comment on a left-out question is not listed, as before (its text could say the answer).
 */
function overallResult(q: ExtraQuestion, overall: NonNullable<ReportBaseSummary['overall']>[number], title: string, language: Lang): ExtraResult {
  const question = `extra:${q.id}`;
  const answered = overall.values.filter((v) => v.key !== NO_ANSWER_KEY);
  const n = sum(answered.map((v) => v.n));
  const base0 = { id: q.id, title, n, suppressed: false, comments: [], overall_only: true };
  const surveyOf = { departments: [], locations: [], extraQuestions: [q] };
  if (q.type === 'scale' && !answered.some((v) => v.key === BASE_OTHER_KEY)) {
    const lo = q.scale?.min ?? 1;
    const hi = q.scale?.max ?? 5;
    const dist = new Array<number>(hi - lo + 1).fill(0);
    let total = 0;
    for (const v of answered) {
      const value = Number(v.key);
      if (Number.isInteger(value) && value >= lo && value <= hi) {
        dist[value - lo] = v.n;
        total += value * v.n;
      }
    }
    return { type: 'scale', ...base0, min: lo, max: hi, mean: ratio(total, n, 2), distribution: dist };
  }
  const options = answered.map((v, index) => ({
    index,
    label: v.key === BASE_OTHER_KEY ? v.merged.map((m) => rawValueLabel(question, m, surveyOf, language) ?? '–').join(', ') : (rawValueLabel(question, v.key, surveyOf, language) ?? v.key),
    count: v.n,
    pct: ratio(100 * v.n, n, 1),
    other: v.key === BASE_OTHER_KEY,
    suppressed: false,
  }));
  return { type: 'radio', ...base0, options };
}

/** What an extra question's aggregation works from: the question, the group's respondents and the report's rules. */
interface ExtraAggregationInput {
  q: ExtraQuestion;
  question: string;
  title: string;
  respondents: readonly BaseRespondent[];
  /** The group's comments on the question, as released. */
  releasedComments: string[];
  base: ReportBaseSummary;
  release: ExtraReleaseOptions;
  min: number;
  language: Lang;
  seed: string;
  textsShown: boolean;
}

/**
 * Radio and scale questions (groupable: a released dimension of the base): a count per released value, "Other" after the
 * answers; a scale without merged values as a scale.
 */
function releasedValuesResult({ q, question, title, respondents, releasedComments, base, release, min, language }: ExtraAggregationInput): ExtraResult {
  const dim = base.dimensions.find((d) => d.question === question);
  const overall = dim === undefined ? release.overall?.find((o) => o.question === question) : undefined;
  if (overall) return overallResult(q, overall, title, language);
  const values: string[] = [];
  for (const r of respondents) {
    const v = groupKeyOf(r, question);
    if (v !== NO_ANSWER_KEY) values.push(v);
  }
  const n = values.filter((v) => v !== BASE_WITHHELD_KEY).length;
  const notReleased = dim !== undefined && release.released?.(question) === false;
  const shown = dim !== undefined && n >= min && !notReleased;
  // A question the base leaves out is hidden whole: no counts and no comments (a comment on
  // "Which team are you in?" would say what the base left out).
  const base0 = {
    id: q.id,
    title,
    n: dim && !notReleased ? n : 0,
    suppressed: dim === undefined || (n > 0 && !shown),
    comments: dim ? releasedComments : [],
    ...(notReleased ? { reason: 'not-released' as const } : {}),
  };
  const mergedAny = dim?.values.some((v) => v.key === BASE_OTHER_KEY) ?? false;
  if (q.type === 'scale' && !mergedAny) {
    const lo = q.scale?.min ?? 1;
    const hi = q.scale?.max ?? 5;
    const nums = values.map(Number).filter((v) => Number.isInteger(v));
    return { type: 'scale', ...base0, min: lo, max: hi, mean: shown ? mean(nums) : null, distribution: shown ? distribution(nums, lo, hi) : new Array<number>(hi - lo + 1).fill(0) };
  }
  // Radio (and a scale with merged values): a count per released value, "Other" after the answers.
  const released = (dim?.values ?? []).filter((v) => v.key !== NO_ANSWER_KEY && v.key !== BASE_WITHHELD_KEY);
  const count = new Map<string, number>();
  for (const v of values) count.set(v, (count.get(v) ?? 0) + 1);
  const options = released.map((v, index) => {
    const label =
      v.key === BASE_OTHER_KEY
        ? v.merged.map((m) => rawValueLabel(question, m, { departments: [], locations: [], extraQuestions: [q] }, language) ?? '–').join(', ')
        : (rawValueLabel(question, v.key, { departments: [], locations: [], extraQuestions: [q] }, language) ?? v.key);
    const c = count.get(v.key) ?? 0;
    return { index, label, count: shown ? c : 0, pct: shown ? ratio(100 * c, n, 1) : null, other: v.key === BASE_OTHER_KEY, suppressed: false };
  });
  return { type: 'radio', ...base0, options };
}

/** The answered values of a question that is not a dimension of the base (checkbox, text). */
function answeredValues(respondents: readonly BaseRespondent[], q: ExtraQuestion): unknown[] {
  const values: unknown[] = [];
  for (const r of respondents) {
    const v = r.answers.extra[q.id]?.value;
    const blank = v === undefined || v === null || (typeof v === 'string' && !v.trim()) || (Array.isArray(v) && v.length === 0);
    if (!blank) values.push(v);
  }
  return values;
}

/** Checkbox: a count per option, each option hidden below the minimum. */
function checkboxResult({ q, title, respondents, releasedComments, min, language }: ExtraAggregationInput): ExtraResult {
  const values = answeredValues(respondents, q);
  const n = values.length;
  const shown = n >= min;
  const base0 = { id: q.id, title, n, suppressed: n > 0 && !shown, comments: releasedComments };
  const counts = new Array<number>(q.answers.length).fill(0);
  for (const v of values) {
    const picked = Array.isArray(v) ? v.map(answerIndex) : [answerIndex(v)];
    for (const i of new Set(picked)) if (i !== null && i >= 0 && i < counts.length) counts[i]! += 1;
  }
  // An option is a set of its own (those who ticked it), not a released value of the base: its count is
  // shown only where at least the minimum ticked it, so no count names fewer people (none included).
  const options = q.answers.map((t, index) => {
    const optionShown = shown && counts[index]! >= min;
    return {
      index,
      label: localizedText(t, language) || `${index + 1}`,
      count: optionShown ? counts[index]! : shown ? null : 0,
      pct: optionShown ? ratio(100 * counts[index]!, n, 1) : null,
      other: false,
      suppressed: shown && !optionShown,
    };
  });
  return { type: 'checkbox', ...base0, options };
}

/** Text: the answers themselves, shuffled, only where texts are shown. */
function textsResult({ q, title, respondents, releasedComments, seed, textsShown }: ExtraAggregationInput, type: 'text250' | 'text1000'): ExtraResult {
  const values = answeredValues(respondents, q);
  const n = values.length;
  return { type, id: q.id, title, n, suppressed: n > 0 && !textsShown, comments: releasedComments, texts: releaseTexts(values.map((v) => (typeof v === 'string' ? v : null)), textsShown, seed) };
}

/** How each extra question type's answers are counted (the registry's aggregation: options, distribution, texts). */
const EXTRA_AGGREGATE = {
  radio: releasedValuesResult,
  scale: releasedValuesResult,
  checkbox: checkboxResult,
  text250: (input) => textsResult(input, 'text250'),
  text1000: (input) => textsResult(input, 'text1000'),
} satisfies Record<ExtraQuestionType, (input: ExtraAggregationInput) => ExtraResult>;

export function extraResults(
  respondents: readonly BaseRespondent[],
  questions: readonly ExtraQuestion[],
  base: ReportBaseSummary,
  minGroupSize: number,
  language: Lang,
  seed: string,
  release: ExtraReleaseOptions = {},
): ExtraResult[] {
  const min = clampMinGroupSize(minGroupSize);
  const populationShown = respondents.length >= min;
  const textsShown = populationShown && release.texts !== false;
  return questions.map((q): ExtraResult => {
    const question = `extra:${q.id}`;
    const comments: string[] = [];
    for (const r of respondents) {
      const c = r.answers.extra[q.id]?.comment;
      if (c) comments.push(c);
    }
    const releasedComments = releaseTexts(comments, textsShown, seed);
    const title = localizedText(q.title, language);
    return EXTRA_AGGREGATE[q.type]({ q, question, title, respondents, releasedComments, base, release, min, language, seed, textsShown });
  });
}
