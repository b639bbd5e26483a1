/**
 * Report figures: the one JSON the web report, the PDF and both Excel layouts render
 * (shared/schemas/report.ts). Pure: the caller reads the survey and its responses and passes them
 * in with the settings, the minimum group size and a random source (for the comment order).
 */
import { pulsQuestionById } from '../../shared/question-banks/index.js';
import type { ExtraQuestion } from '../../shared/schemas/application.js';
import type { ResponseAnswers } from '../../shared/schemas/questionnaire.js';
import {
  reportSettingsIssues,
  type ExtraResult,
  type Heatmap,
  type PulsFigures,
  type PulsQuestionFigures,
  type PulsRoundFigures,
  type PulsTrend,
  type ReportFigures,
  type ReportSettings,
  type ReportSettingsIssue,
  type SurveyMeta,
} from '../../shared/schemas/report.js';
import { IZZ_CATEGORY_IDS, STATEMENTS } from '../../shared/question-banks/index.js';
import { clampMinGroupSize, releaseTexts, type Rng } from './anonymity.js';
import {
  analyseFilter,
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
  roundTo,
  type SurveyQuestions,
} from './statistics.js';

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
}

export interface BuildReportInput {
  meta: SurveyMeta;
  survey: ReportSurvey;
  responses: readonly ReportResponse[];
  settings: ReportSettings;
  /** From config (MIN_GROUP_SIZE); clamped to at least 3. */
  minGroupSize: number;
  rng: Rng;
}

/** Settings that do not fit the survey (unknown questions, a free-text group, ...). */
export class ReportSettingsError extends Error {
  constructor(readonly issues: ReportSettingsIssue[]) {
    super('report settings do not fit the survey');
    this.name = 'ReportSettingsError';
  }
}

const ALL_STATEMENT_IDS = STATEMENTS.map((s) => s.id);

export function buildReportFigures(input: BuildReportInput): ReportFigures {
  const { meta, survey, settings, rng } = input;
  const min = clampMinGroupSize(input.minGroupSize);
  const issues = reportSettingsIssues(settings, { ...survey, statementIds: ALL_STATEMENT_IDS });
  if (issues.length > 0) throw new ReportSettingsError(issues);
  const language = settings.language;

  const byChannel = { online: 0, kiosk: 0, paper: 0 };
  const answers: ResponseAnswers[] = new Array(input.responses.length);
  input.responses.forEach((r, i) => {
    byChannel[r.channel] += 1;
    answers[i] = r.answers;
  });
  const total = answers.length;

  const filter = analyseFilter(answers, settings.filter.answers, survey, min);
  const members: ResponseAnswers[] = [];
  if (!filter.suppressed) answers.forEach((a, i) => filter.inFilter[i] === 1 && members.push(a));
  const acc = new FigureAccumulator();
  for (const a of members) acc.add(a);
  const set = filter.suppressed ? emptyFigureSet() : acc.figures(min);

  const group = settings.filter.group;
  const common = { survey, filter, minGroupSize: min, language, rng };
  const breakdown = group !== undefined && !filter.suppressed ? { question: group, groups: groupFigures(answers, { ...common, question: group }) } : null;

  let heatmap: Heatmap | null = null;
  if (survey.departments.length > 0) {
    const departments = group === 'department' && breakdown ? breakdown.groups : groupFigures(answers, { ...common, question: 'department', comments: false });
    heatmap = {
      categories: [...IZZ_CATEGORY_IDS],
      columns: departments.map((g) => ({
        key: g.key,
        label: g.label,
        no_answer: g.no_answer,
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

  let extra: ExtraResult[] = extraResults(members, survey.extraQuestions, min, language, rng);
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
      responses: { total, ...byChannel },
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
    comments: { praise_critique: releaseTexts(members.map((m) => m.praise_critique), !filter.suppressed, rng) },
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
  rounds: readonly PulsRoundInput[];
  language: Lang;
  minGroupSize: number;
  rng: Rng;
}

function pulsQuestionFigures(id: string, responses: readonly ResponseAnswers[], shown: boolean, min: number, rng: Rng): PulsQuestionFigures | null {
  const q = pulsQuestionById(id);
  if (!q) return null;
  const values = responses.map((r) => r.puls[id]).filter((v) => v !== undefined && v !== '');
  const nums = values.filter((v): v is number => typeof v === 'number');
  if (q.kind === 'text') {
    // Free text of a shown round is released however few wrote some (like praise/critique).
    const texts = values.filter((v): v is string => typeof v === 'string');
    return { kind: 'text', id, n: texts.length, suppressed: !shown && texts.length > 0, texts: releaseTexts(texts, shown, rng) };
  }
  const ok = shown && nums.length >= min;
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

/** Each round's figures (a round under the minimum shows only its response count) and the trend. */
export function buildPulsFigures(input: BuildPulsInput): PulsFigures {
  const { meta, language, rng } = input;
  const min = clampMinGroupSize(input.minGroupSize);
  const rounds = [...input.rounds].sort((a, b) => a.round - b.round);

  const roundFigures: PulsRoundFigures[] = rounds.map((r) => {
    const n = r.responses.length;
    const shown = n >= min;
    const questions = input.questionIds.map((id) => pulsQuestionFigures(id, r.responses, shown, min, rng)).filter((q): q is PulsQuestionFigures => q !== null);
    let own = extraResults(shown ? r.responses : [], input.ownQuestions, min, language, rng);
    if (!shown) own = own.map((e) => ({ ...e, suppressed: n > 0 }));
    return {
      round: r.round,
      start_date: r.start_date ?? null,
      end_date: r.end_date ?? null,
      responses: n,
      occupancy_pct: occupancyPct(n, meta.employees),
      margin_of_error: marginsOfError(n, meta.employees),
      suppressed: n > 0 && !shown,
      questions,
      own_questions: own,
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

  return { version: 1, language, min_group_size: min, meta, rounds: roundFigures, trend };
}
