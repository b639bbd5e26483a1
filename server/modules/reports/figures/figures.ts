/**
 * Report figures: the one JSON the web report, the PDF and both Excel layouts render
 * (shared/schemas/report.ts). Pure: the caller reads the survey and its responses and passes them
 * in with the settings, the minimum group size and a random source (for the comment order).
 */
import { pulsQuestionById } from '../../../../shared/question-banks/index.js';
import type { ExtraQuestion } from '../../../../shared/schemas/application.js';
import type { ResponseAnswers } from '../../../../shared/schemas/questionnaire.js';
import {
  reportSettingsIssues,
  type ExtraResult,
  type Heatmap,
  type PulsFigures,
  type PulsQuestionFigures,
  type PulsRoundFigures,
  type PulsScheduleItem,
  type PulsTrend,
  type ReportBaseSummary,
  type ReportFigures,
  type ReportProtection,
  type ReportSettings,
  type ReportSettingsIssue,
  type SurveyMeta,
} from '../../../../shared/schemas/report.js';
import { IZZ_CATEGORY_IDS, STATEMENTS } from '../../../../shared/question-banks/index.js';
import { clampMinGroupSize, releaseTexts } from './anonymity.js';
import { type BaseRespondent, type PulsReportingBase, type ReportingBase } from './reporting-base.js';
import {
  distribution,
  emptyFigureSet,
  enps,
  extraResults,
  favourablePct,
  FigureAccumulator,
  groupFigures,
  marginsOfError,
  mean,
  occupancyPct,
  rawValueLabel,
  roundTo,
} from './statistics.js';
import { analyseFilter, type SurveyQuestions } from './filters.js';
import { cellsReleased, commentsReleased, dimensionsOf } from './release-rules.js';

type Lang = ResponseAnswers['language'];

export interface ReportResponse {
  channel: 'online' | 'paper' | 'kiosk';
  answers: ResponseAnswers;
}

export interface ReportSurvey extends SurveyQuestions {
  /** Demographic question ids the survey asked. */
  demographicIds: readonly string[];
  /** The application's chosen report questions (used when the settings choose none). */
  reportQuestions?: readonly string[];
  /** The application's ranking of the breakdowns and choice of where comments are listed (the base's BaseSurvey). */
  priority?: readonly string[];
  commentsBy?: string | null;
}

export interface BuildReportInput {
  meta: SurveyMeta;
  survey: ReportSurvey;
  /** The survey's reporting base: the only source of every figure (and of the minimum group size). */
  base: ReportingBase;
  settings: ReportSettings;
  /** Orders released comments (the survey id): the same report is the same at every download. */
  seed: string;
}

/** Settings that do not fit the survey (unknown questions, a free-text group, a protected value, ...). */
export class ReportSettingsError extends Error {
  constructor(readonly issues: ReportSettingsIssue[]) {
    super('report settings do not fit the survey');
    this.name = 'ReportSettingsError';
  }
}

const ALL_STATEMENT_IDS = STATEMENTS.map((s) => s.id);

/** How the base protects the survey, labelled in the report language. */
export function protectionOf(base: ReportBaseSummary, survey: SurveyQuestions, language: Lang): ReportProtection {
  return {
    merged: base.dimensions
      .map((d) => ({ question: d.question, values: d.values.flatMap((v) => v.merged.map((m) => rawValueLabel(d.question, m, survey, language))) }))
      .filter((m) => m.values.length > 0),
    left_out: base.left_out.map((l) => ({ ...l })),
    withheld: base.withheld,
  };
}

export function buildReportFigures(input: BuildReportInput): ReportFigures {
  const { meta, survey, settings, base, seed } = input;
  const min = clampMinGroupSize(base.minGroupSize);
  const issues = reportSettingsIssues(settings, { ...survey, statementIds: ALL_STATEMENT_IDS, base: base.summary });
  if (issues.length > 0) throw new ReportSettingsError(issues);
  const language = settings.language;
  const respondents = base.respondents;
  const total = base.channels.online + base.channels.kiosk + base.channels.paper;

  const filterDims = dimensionsOf(settings.filter.answers);
  const analysed = analyseFilter(respondents, settings.filter.answers, min);
  const filter: typeof analysed = cellsReleased(base.summary, filterDims) ? analysed : { ...analysed, suppressed: true, reason: 'not-released' };
  const members: BaseRespondent[] = [];
  if (!filter.suppressed) respondents.forEach((r, i) => filter.inFilter[i] === 1 && members.push(r));
  const acc = new FigureAccumulator();
  for (const r of members) acc.add(r.answers);
  const set = filter.suppressed ? emptyFigureSet() : acc.figures(min);

  const group = settings.filter.group;
  const common = { base: base.summary, survey, filter, minGroupSize: min, language, seed, filterDimensions: filterDims };
  const within = (question: string) => ({
    released: cellsReleased(base.summary, dimensionsOf(settings.filter.answers, question)),
    comments: commentsReleased(base.summary, dimensionsOf(settings.filter.answers, question)),
  });
  const breakdown = group !== undefined && !filter.suppressed ? { question: group, groups: groupFigures(respondents, { ...common, question: group, ...within(group) }) } : null;

  let heatmap: Heatmap | null = null;
  if (base.summary.dimensions.some((d) => d.question === 'department')) {
    const departments = group === 'department' && breakdown ? breakdown.groups : groupFigures(respondents, { ...common, question: 'department', released: within('department').released, comments: false });
    heatmap = {
      categories: [...IZZ_CATEGORY_IDS],
      columns: departments.map((g) => ({
        key: g.key,
        label: g.label,
        no_answer: g.no_answer,
        merged: g.merged,
        withheld: g.withheld,
        n: g.n,
        suppressed: g.suppressed,
        reason: g.reason,
        cells: IZZ_CATEGORY_IDS.map((category) => {
          const c = g.figures?.categories.find((x) => x.id === category);
          return { category, mean: c?.mean ?? null, favourable_pct: c?.favourable_pct ?? null, suppressed: g.suppressed || c?.mean === null || c === undefined };
        }),
      })),
    };
  }

  const textsShown = commentsReleased(base.summary, filterDims);
  let extra: ExtraResult[] = extraResults(members, survey.extraQuestions, base.summary, min, language, seed, {
    released: (question) => within(question).released,
    texts: textsShown,
    // A left-out question's overall answers: in the report of every respondent only.
    ...(filterDims.length === 0 && !filter.suppressed ? { overall: base.summary.overall } : {}),
  });
  if (filter.suppressed) extra = extra.map((e) => ({ ...e, suppressed: true }));

  const chosen = (settings.chosen_questions.length > 0 ? settings.chosen_questions : (survey.reportQuestions ?? []))
    .filter((id) => ALL_STATEMENT_IDS.includes(id))
    .slice(0, 15);

  return {
    version: 1,
    language,
    min_group_size: min,
    meta: {
      ...meta,
      responses: { total, ...base.channels },
      occupancy_pct: occupancyPct(total, meta.employees),
      margin_of_error: marginsOfError(total, meta.employees),
    },
    filter: { group: group ?? null, answers: settings.filter.answers },
    population: { n: filter.suppressed ? null : filter.n, suppressed: filter.suppressed, reason: filter.reason },
    ...set,
    chosen_questions: chosen,
    breakdown,
    heatmap,
    extra_questions: extra,
    comments: { praise_critique: releaseTexts(members.map((m) => m.answers.praise_critique), !filter.suppressed && textsShown, seed) },
    protection: protectionOf(base.summary, survey, language),
  };
}

// ---------------------------------------------------------------------------------------------
// PULS
// ---------------------------------------------------------------------------------------------

export interface PulsRoundInput {
  round: number;
  start_date?: string | null;
  end_date?: string | null;
  responses: readonly ResponseAnswers[];
}

export interface BuildPulsInput {
  meta: SurveyMeta;
  /** Pulse-bank question ids the survey asks, in order. */
  questionIds: readonly string[];
  /** The company's own questions (answers under `extra`). */
  ownQuestions: readonly ExtraQuestion[];
  /** The survey's PULS reporting base (rounds below the minimum hold their count only). */
  base: PulsReportingBase;
  language: Lang;
  /** Orders released texts (the survey id). */
  seed: string;
  /** Every planned round with its outcome; by default the base's rounds, each as having run. */
  schedule?: readonly PulsScheduleItem[];
}

function pulsQuestionFigures(id: string, responses: readonly ResponseAnswers[], min: number, seed: string): PulsQuestionFigures | null {
  const q = pulsQuestionById(id);
  if (!q) return null;
  const values = responses.map((r) => r.puls[id]).filter((v) => v !== undefined && v !== '');
  const nums = values.filter((v): v is number => typeof v === 'number');
  if (q.kind === 'text') {
    // Free text of a shown round is released however few wrote some (like praise/critique).
    const texts = values.filter((v): v is string => typeof v === 'string');
    return { kind: 'text', id, n: texts.length, suppressed: false, texts: releaseTexts(texts, true, seed) };
  }
  const ok = nums.length >= min;
  if (q.kind === 'enps') {
    const e = enps(nums);
    const hidden = { ...e, score: null, promoters: 0, passives: 0, detractors: 0, promoters_pct: null, passives_pct: null, detractors_pct: null, distribution: new Array<number>(11).fill(0) };
    return { kind: 'enps', id, n: nums.length, suppressed: !ok && nums.length > 0, enps: ok ? e : hidden };
  }
  return {
    kind: 'scale5',
    id,
    n: nums.length,
    suppressed: !ok && nums.length > 0,
    mean: ok ? mean(nums) : null,
    favourable_pct: ok ? favourablePct(nums, 4) : null,
    distribution: ok ? distribution(nums, 1, 5) : [0, 0, 0, 0, 0],
  };
}

/**
 * Each round's figures and the trend, from the PULS base. A round with fewer responses than the
 * minimum shows its response count and nothing else: no question, no per-question count.
 */
export function buildPulsFigures(input: BuildPulsInput): PulsFigures {
  const { meta, language, base, seed } = input;
  const min = clampMinGroupSize(base.minGroupSize);

  const roundFigures: PulsRoundFigures[] = base.rounds.map((r) => {
    const n = r.responses;
    const shown = n >= min && r.respondents.length === n;
    const answers = r.respondents.map((x) => x.answers);
    const questions = shown ? input.questionIds.map((id) => pulsQuestionFigures(id, answers, min, seed)).filter((q): q is PulsQuestionFigures => q !== null) : [];
    // The base already merged the round's rare own answers into "Other" and left out a question with one value left.
    const own = shown ? extraResults(r.respondents, input.ownQuestions, { ...r.own, withheld: 0 }, min, language, seed) : [];
    return {
      round: r.round,
      start_date: r.start_date,
      end_date: r.end_date,
      responses: n,
      occupancy_pct: occupancyPct(n, meta.employees),
      margin_of_error: marginsOfError(n, meta.employees),
      suppressed: n > 0 && !shown,
      questions,
      own_questions: own,
      left_out: shown ? r.own.left_out.map((l) => ({ ...l })) : [],
    };
  });

  const trend: PulsTrend[] = [];
  for (const id of input.questionIds) {
    const q = pulsQuestionById(id);
    if (!q || q.kind === 'text') continue;
    const kind = q.kind;
    const points = roundFigures.map((rf) => {
      const f = rf.questions.find((x) => x.id === id);
      let value: number | null = null;
      if (f?.kind === 'scale5') value = f.mean;
      else if (f?.kind === 'enps') value = f.enps.score;
      return { round: rf.round, value, n: f?.n ?? 0 };
    });
    const shownValues = points.map((p) => p.value).filter((v): v is number => v !== null);
    const first = shownValues[0];
    const last = shownValues[shownValues.length - 1];
    const change = shownValues.length >= 2 && first !== undefined && last !== undefined ? roundTo(last - first, kind === 'scale5' ? 2 : 1) : null;
    trend.push({ question: id, kind, points, change });
  }

  const schedule = input.schedule
    ? [...input.schedule].sort((a, b) => a.round - b.round)
    : base.rounds.map((r): PulsScheduleItem => ({ round: r.round, start_date: r.start_date, end_date: r.end_date, outcome: 'ran', ended_on: null }));
  return { version: 1, language, min_group_size: min, meta, rounds: roundFigures, trend, schedule };
}
