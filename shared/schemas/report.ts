/**
 * Reports: the settings a company picks before a report is made, and the report figures —
 * the one JSON that the web report, the PDF and both Excel layouts render. The server's statistics
 * module (server/modules/reports) is the only producer of figures; renderers never compute or suppress
 * anything themselves: a suppressed value is `null` with `suppressed: true` and a reason.
 *
 * Rounding (product-decisions.md): means two decimals, ESI one decimal, percentages and eNPS one
 * decimal, margin of error in percentage points with one decimal. Half rounds away from zero.
 *
 * Filter keys: 'demographic:<question id>', 'department', 'location', 'extra:<extra question id>'.
 * A report has at most ONE question group (the breakdown) and at most TWO selected answers (the
 * population filter: answers of the same question are OR-ed, answers of different questions AND-ed).
 */
import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { fieldError } from '../errors/field-messages.js';
import { DEFAULT_REPORT_LANGUAGE, QUESTION_LANGUAGE_CODES, type QuestionLanguageCode } from '../locales.js';
import { IZZ_CATEGORY_IDS } from '../question-banks/types.js';
import type { ExtraQuestion, ExtraQuestionType } from './application.js';
import { GROUPABLE_EXTRA_TYPES, isGroupableExtraType } from './extra-question-types.js';

// ---------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------

export const REPORT_LANGUAGES = QUESTION_LANGUAGE_CODES;
export const REPORT_FILTER_MAX_GROUPS = 1;
export const REPORT_FILTER_MAX_ANSWERS = 2;

/** Field message keys the report settings use (texts: `field.<key>` in shared/i18n/<locale>/errors.json). */
export const REPORT_FIELD_ERRORS = {
  oneGroup: fieldError('report-filter-one-group'),
  twoAnswers: fieldError('report-filter-two-answers'),
  notGroupable: fieldError('report-filter-not-groupable'),
  protected: fieldError('report-filter-protected'),
  notOverYears: fieldError('report-group-not-over-years'),
  tooManyQuestions: fieldError('too-many-questions'),
  unknownQuestion: fieldError('unknown-question'),
} as const;

/** 'demographic:<qid>' | 'department' | 'location' | 'extra:<qid>' */
export const FILTER_QUESTION_PATTERN = /^(?:demographic:[a-z][a-z0-9_]{0,31}|department|location|extra:[A-Za-z0-9_-]{1,64})$/;
export const filterQuestionSchema = z.string().regex(FILTER_QUESTION_PATTERN, { error: REPORT_FIELD_ERRORS.unknownQuestion });
export type FilterQuestion = string;

export const filterAnswerSchema = z.object({
  question: filterQuestionSchema,
  /** Demographic option id, department or location name, extra answer index or scale value (as text). */
  value: z.string().trim().min(1).max(200),
});
export type FilterAnswer = z.infer<typeof filterAnswerSchema>;

export const reportFilterSchema = z
  .object({
    /** The one question group to break the report down by; a string or a list of at most one (the UI's ticked boxes). */
    group: z.preprocess(
      (v) => (typeof v === 'string' ? [v] : v),
      z.array(filterQuestionSchema).max(REPORT_FILTER_MAX_GROUPS, { error: REPORT_FIELD_ERRORS.oneGroup }).optional(),
    ),
    answers: z.array(filterAnswerSchema).max(REPORT_FILTER_MAX_ANSWERS, { error: REPORT_FIELD_ERRORS.twoAnswers }).default([]),
  })
  .transform(({ group, answers }) => {
    const seen = new Set<string>();
    const unique = answers.filter((a) => {
      const k = `${a.question}\u0000${a.value}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
    return { group: group?.[0], answers: unique };
  });
export type ReportFilter = z.output<typeof reportFilterSchema>;
export type ReportFilterInput = z.input<typeof reportFilterSchema>;

const statementId = z.string().regex(/^[A-Z]{2}\d{2}$/, { error: REPORT_FIELD_ERRORS.unknownQuestion });

/**
 * The language a report opens in (product decisions): the user's interface language when the survey was
 * run in it, otherwise the application's report language (default hr).
 */
export function defaultReportLanguage(uiLocale: string, surveyLanguages: readonly string[], applicationReportLanguage: QuestionLanguageCode | undefined): QuestionLanguageCode {
  const ui = QUESTION_LANGUAGE_CODES.find((code) => code === uiLocale);
  if (ui && surveyLanguages.includes(ui)) return ui;
  return applicationReportLanguage ?? DEFAULT_REPORT_LANGUAGE;
}

export const reportSettingsSchema = z.object({
  language: z.enum(REPORT_LANGUAGES).default(DEFAULT_REPORT_LANGUAGE),
  /** Up to 15 statement ids shown as the chosen questions; empty = the application's choice. */
  chosen_questions: z
    .array(statementId)
    .max(LIMITS.maxChosenQuestions, { error: REPORT_FIELD_ERRORS.tooManyQuestions })
    .refine((ids) => new Set(ids).size === ids.length, { error: REPORT_FIELD_ERRORS.unknownQuestion })
    .default([]),
  filter: reportFilterSchema.default({ group: undefined, answers: [] }),
});
export type ReportSettings = z.output<typeof reportSettingsSchema>;
export type ReportSettingsInput = z.input<typeof reportSettingsSchema>;

export interface ReportFilterContext {
  demographicIds: readonly string[];
  departments: readonly string[];
  locations: readonly string[];
  extraQuestions: readonly { id: string; type: ExtraQuestionType; answers: readonly unknown[]; scale?: { min: number; max: number } | undefined }[];
  /** Statement ids the survey asked (all of them for IZZ). */
  statementIds: readonly string[];
  /** The survey's reporting base: only its dimensions and released values can be a group or a selected answer. */
  base: ReportBaseSummary;
}

export interface ReportSettingsIssue {
  path: string;
  message: string;
}

export { GROUPABLE_EXTRA_TYPES };

// ---------------------------------------------------------------------------------------------
// The reporting base (server/modules/reports/figures/reporting-base.ts): what a report may group and filter by
// ---------------------------------------------------------------------------------------------

/** The released value that holds the merged rare values of a dimension. */
export const BASE_OTHER_KEY = '~other';
/** The released value of the respondents whose groupable answers are all withheld. */
export const BASE_WITHHELD_KEY = '~withheld';

export const baseValueSchema = z.object({
  /** Department or location name, demographic option id, radio answer index or scale value; '' = no answer; BASE_OTHER_KEY; BASE_WITHHELD_KEY. */
  key: z.string(),
  /** For BASE_OTHER_KEY: the raw values merged into it ('' = no answer), in definition order. */
  merged: z.array(z.string()),
});
export type BaseValue = z.infer<typeof baseValueSchema>;

export const baseDimensionSchema = z.object({
  /** 'department' | 'location' | 'demographic:<id>' | 'extra:<id>' */
  question: z.string(),
  values: z.array(baseValueSchema),
});
export type BaseDimension = z.infer<typeof baseDimensionSchema>;

/**
 * Why a question is not offered as a group or filter. Merging its rare values into "Other" left one
 * group: 'one-group' when one answer holds all but fewer than the minimum (nearly everyone gave the
 * same answer), 'spread' when every answer had fewer than the minimum (the answers were spread over
 * too many small groups, so all of them ended up in "Other"); or 'small-combinations', too few in
 * its combinations with the questions before it.
 */
export const LEFT_OUT_REASONS = ['one-group', 'spread', 'small-combinations'] as const;
export type LeftOutReason = (typeof LEFT_OUT_REASONS)[number];

/**
 * The answers of a radio or scale company question the base leaves out as a group and filter, over every respondent
 * (version 3 of the base, stored at the freeze): its values merged exactly as a dimension's on its own (an answer given
 * by fewer than the minimum joins "Other", and while "Other" is below the minimum the next smallest answer joins it),
 * each with its count. Only the report of every respondent shows them; a count of the whole survey is a figure of the
 * group "everyone", which every release holds, of an answer no other released figure involves.
 */
export const overallDistributionSchema = z.object({
  /** 'extra:<id>' */
  question: z.string(),
  values: z.array(baseValueSchema.extend({ n: z.number().int().nonnegative() })),
});
export type OverallDistribution = z.infer<typeof overallDistributionSchema>;

/** What the reporting base releases: its dimensions with their values, the questions left out, the withheld respondents. */
export const reportBaseSummarySchema = z.object({
  dimensions: z.array(baseDimensionSchema),
  left_out: z.array(z.object({ question: z.string(), reason: z.enum(LEFT_OUT_REASONS) })),
  /**
   * Version 3: the overall answers of the radio/scale company questions in `left_out` whose answers, merged as a
   * dimension's, keep at least two values (those that keep one stay hidden whole). Absent in older bases, which show
   * nothing of their left-out questions.
   */
  overall: z.array(overallDistributionSchema).optional(),
  /** Respondents whose groupable answers are withheld as one group (0, or at least the minimum; always 0 since version 2). */
  withheld: z.number().int().nonnegative(),
  /**
   * The released crossings: pairs of dimensions whose cells a report may show (a group under one selected answer,
   * a population of two selected answers). Absent in a base of version 1, whose every crossing is released (each
   * of its classes holds at least the minimum).
   */
  crossings: z.array(z.array(z.string())).optional(),
  /** The one dimension free texts and comments are listed under besides the whole survey (null: whole survey only). */
  comments_by: z.string().nullable().optional(),
});
export type ReportBaseSummary = z.infer<typeof reportBaseSummarySchema>;

/**
 * Checks the settings against the survey and its reporting base (the schema cannot know either).
 * Empty when the report may be built. A group or a selected answer must be a dimension of the base
 * and a value it releases: a question left out of the base, or a value merged into "Other", is
 * refused with 'report-filter-protected' (its "Other" value can be selected instead). Free-text and
 * checkbox questions are never a group or a selected answer.
 */
export function reportSettingsIssues(settings: ReportSettings, ctx: ReportFilterContext): ReportSettingsIssue[] {
  const issues: ReportSettingsIssue[] = [];
  const asked = new Set(ctx.statementIds);
  settings.chosen_questions.forEach((id, i) => {
    if (!asked.has(id)) issues.push({ path: `chosen_questions.${i}`, message: REPORT_FIELD_ERRORS.unknownQuestion });
  });
  const extraById = new Map(ctx.extraQuestions.map((q) => [q.id, q]));
  const dimensions = new Map(ctx.base.dimensions.map((d) => [d.question, d]));
  const known = (key: string): boolean => {
    if (key === 'department') return ctx.departments.length > 0;
    if (key === 'location') return ctx.locations.length > 0;
    if (key.startsWith('demographic:')) return ctx.demographicIds.includes(key.slice('demographic:'.length));
    if (key.startsWith('extra:')) return extraById.has(key.slice('extra:'.length));
    return false;
  };
  /** null when the question may be a group or a selected answer; else the message. */
  const questionIssue = (key: string): string | null => {
    if (!known(key)) return REPORT_FIELD_ERRORS.unknownQuestion;
    if (key.startsWith('extra:')) {
      const q = extraById.get(key.slice('extra:'.length));
      if (q && !isGroupableExtraType(q.type)) return REPORT_FIELD_ERRORS.notGroupable;
    }
    return dimensions.has(key) ? null : REPORT_FIELD_ERRORS.protected;
  };
  const group = settings.filter.group;
  if (group !== undefined) {
    const issue = questionIssue(group);
    if (issue) issues.push({ path: 'filter.group', message: issue });
  }
  settings.filter.answers.forEach((a, i) => {
    const path = `filter.answers.${i}`;
    const issue = questionIssue(a.question);
    if (issue) {
      issues.push({ path, message: issue });
      return;
    }
    const dim = dimensions.get(a.question);
    const value = dim?.values.find((v) => v.key === a.value);
    if (value && value.key !== '' && value.key !== BASE_WITHHELD_KEY) return;
    const merged = dim?.values.some((v) => v.merged.includes(a.value)) ?? false;
    issues.push({ path, message: merged ? REPORT_FIELD_ERRORS.protected : REPORT_FIELD_ERRORS.unknownQuestion });
  });
  return issues;
}

// ---------------------------------------------------------------------------------------------
// Figures
// ---------------------------------------------------------------------------------------------

/** Figures from fewer than the minimum are never given. */
export const SUPPRESSION_REASONS = [
  /** Nobody is in the group. */
  'empty',
  /** Fewer respondents than the minimum group size. */
  'below-minimum',
  /** The group is big enough, but its difference to the same group under a smaller filter is not. */
  'difference-below-minimum',
  /** Hidden so that a smaller hidden group cannot be worked out by subtraction. */
  'complementary',
  /** The survey's release does not include this combination of questions (it was not proven safe at the freeze). */
  'not-released',
] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];
const reasonSchema = z.enum(SUPPRESSION_REASONS).nullable();

const count = z.number().int().nonnegative();
const pct = z.number().min(0).max(100).nullable();

export const enpsFiguresSchema = z.object({
  /** % promoters − % detractors, −100..+100, one decimal; null with no answers (or too few). */
  score: z.number().min(-100).max(100).nullable(),
  promoters: count,
  passives: count,
  detractors: count,
  promoters_pct: pct,
  passives_pct: pct,
  detractors_pct: pct,
  /** 11 counts, grades 0..10. */
  distribution: z.array(count).length(11),
  n: count,
});
export type EnpsFigures = z.infer<typeof enpsFiguresSchema>;

export const esiFiguresSchema = z.object({
  /** Mean of the respondents' ESI (0..100), one decimal. */
  score: z.number().min(0).max(100).nullable(),
  n: count,
});
export type EsiFigures = z.infer<typeof esiFiguresSchema>;

export const categoryFiguresSchema = z.object({
  id: z.enum(IZZ_CATEGORY_IDS),
  /** Mean of all answers to the category's statements (1..4, two decimals). */
  mean: z.number().min(1).max(4).nullable(),
  /** Share of those answers that are 3 or 4. */
  favourable_pct: pct,
  /** Respondents who answered at least one of its statements. */
  n: count,
});
export type CategoryFigures = z.infer<typeof categoryFiguresSchema>;

export const statementFiguresSchema = z.object({
  id: z.string(),
  category: z.enum(IZZ_CATEGORY_IDS),
  mean: z.number().min(1).max(4).nullable(),
  favourable_pct: pct,
  /** Counts of the answers 1, 2, 3, 4 (all zero when suppressed). */
  distribution: z.array(count).length(4),
  n: count,
  suppressed: z.boolean(),
});
export type StatementFigures = z.infer<typeof statementFiguresSchema>;

/**
 * The answers 1..10 to one ESI question, counted over the respondents who answered it (not only those
 * who answered all three, as the ESI score does). `distribution` is null, and `suppressed` true, when
 * fewer than the minimum (but someone) answered it.
 */
export const esiQuestionFiguresSchema = z.object({
  id: z.string(),
  n: count,
  distribution: z.array(count).length(10).nullable(),
  suppressed: z.boolean(),
});
export type EsiQuestionFigures = z.infer<typeof esiQuestionFiguresSchema>;

/** What one population (the whole report, or one shown group) has. */
export const figureSetSchema = z.object({
  esi: esiFiguresSchema,
  /** The three ESI questions in bank order. */
  esi_questions: z.array(esiQuestionFiguresSchema),
  enps: enpsFiguresSchema,
  categories: z.array(categoryFiguresSchema),
  statements: z.array(statementFiguresSchema),
});
export type FigureSet = z.infer<typeof figureSetSchema>;

const extraBase = {
  id: z.string(),
  title: z.string(),
  /** Respondents who answered. */
  n: count,
  suppressed: z.boolean(),
  /** Free-text comments on the answers, shuffled; empty when suppressed. */
  comments: z.array(z.string()),
  /** 'not-released': a radio/scale question whose cells with the report's population are not in the survey's release. */
  reason: z.literal('not-released').optional(),
  /**
   * A radio/scale question the base leaves out as a group and filter, shown with its overall answers stored at the
   * freeze (summary.overall): only in the report of every respondent, never under a selected answer or in a group.
   */
  overall_only: z.boolean().optional(),
};
/**
 * One answer option's count. `other`: the reporting base's "Other" value of a radio or scale question; its
 * label lists the merged answers. A checkbox option chosen by fewer than the minimum group size (none
 * included) is hidden: `count` and `pct` null, `suppressed` true. Radio and scale values are counted as the
 * reporting base releases them (rare ones merged into "Other") and are not hidden one by one.
 */
export const optionCountSchema = z.object({ index: count, label: z.string(), count: count.nullable(), pct, other: z.boolean(), suppressed: z.boolean() });
export type OptionCount = z.infer<typeof optionCountSchema>;
export const extraResultSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('radio'), ...extraBase, options: z.array(optionCountSchema) }),
  /** pct = share of the respondents who answered that ticked the option (sums may exceed 100). */
  z.object({ type: z.literal('checkbox'), ...extraBase, options: z.array(optionCountSchema) }),
  z.object({
    type: z.literal('scale'),
    ...extraBase,
    min: z.number().int(),
    max: z.number().int(),
    mean: z.number().nullable(),
    /** Counts for min..max. */
    distribution: z.array(count),
  }),
  z.object({ type: z.enum(['text250', 'text1000']), ...extraBase, texts: z.array(z.string()) }),
]);
export type ExtraResult = z.infer<typeof extraResultSchema>;
/** The result of an extra question of one type. */
export type ExtraResultOf<T extends ExtraQuestionType> = ExtraResult & { type: T };
/** A renderer's handlers, one per extra question type (a new type does not compile until each renderer has one). */
export type ExtraResultTable<R> = { [T in ExtraQuestionType]: (q: ExtraResultOf<T>) => R };
/** Runs the handler of the result's type. */
export function byExtraType<R>(table: ExtraResultTable<R>, q: ExtraResult): R {
  return (table[q.type] as (q: ExtraResult) => R)(q);
}
/** The free-text answers of a result (none for the types that are counted). */
export const extraTexts = (q: ExtraResult): readonly string[] => ('texts' in q ? q.texts : []);

export const reportGroupSchema = z.object({
  /** Option id, department/location name, extra answer index or scale value; '' for "no answer". */
  key: z.string(),
  /** In the report language; null for the "no answer" group (the renderer words it). */
  label: z.string().nullable(),
  /** Respondents who did not answer the question: an implicit group, protected like the others. */
  no_answer: z.boolean(),
  /** The "Other" group of the reporting base: the labels of the values merged into it (null = no answer); empty otherwise. */
  merged: z.array(z.string().nullable()),
  /** The respondents whose groupable answers the reporting base withholds (one group of at least the minimum). */
  withheld: z.boolean(),
  /** null when suppressed (except 0 for an empty group). */
  n: count.nullable(),
  suppressed: z.boolean(),
  reason: reasonSchema,
  figures: figureSetSchema.nullable(),
  /** Praise/critique of this group, shuffled; empty when suppressed. */
  comments: z.array(z.string()),
  /**
   * The company's questions over this group's members, by the same rules as the report's `extra_questions`
   * (a checkbox option below the minimum hidden); empty when the group is suppressed. Their free text and
   * comments only when the group's praise/critique is listed too.
   */
  extra_questions: z.array(extraResultSchema),
});
export type ReportGroup = z.infer<typeof reportGroupSchema>;

export const breakdownSchema = z.object({
  question: z.string(),
  groups: z.array(reportGroupSchema),
});
export type Breakdown = z.infer<typeof breakdownSchema>;

export const heatmapCellSchema = z.object({
  category: z.enum(IZZ_CATEGORY_IDS),
  mean: z.number().nullable(),
  favourable_pct: pct,
  suppressed: z.boolean(),
});
export const heatmapColumnSchema = z.object({
  key: z.string(),
  label: z.string().nullable(),
  no_answer: z.boolean(),
  merged: z.array(z.string().nullable()),
  withheld: z.boolean(),
  n: count.nullable(),
  suppressed: z.boolean(),
  reason: reasonSchema,
  /** One per category, in category order; suppressed cells are present with null values. */
  cells: z.array(heatmapCellSchema),
});
export const heatmapSchema = z.object({
  categories: z.array(z.enum(IZZ_CATEGORY_IDS)),
  columns: z.array(heatmapColumnSchema),
});
export type Heatmap = z.infer<typeof heatmapSchema>;


export const marginOfErrorSchema = z.object({
  /** ± percentage points at 90% and 95% confidence (p = 0.5, with the finite population correction). */
  p90: z.number().nonnegative().nullable(),
  p95: z.number().nonnegative().nullable(),
});
export type MarginOfError = z.infer<typeof marginOfErrorSchema>;

export const surveyMetaSchema = z.object({
  survey_id: z.number().int().nullable(),
  name: z.string(),
  company: z.string(),
  /** The company's employee count (N of the finite population correction); null when unknown. */
  employees: count.nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
});
export type SurveyMeta = z.infer<typeof surveyMetaSchema>;

/**
 * How the reporting base protects this survey, for the report to say so: the values merged into
 * "Other" per question (labels in the report language, null = no answer), the questions left out
 * as groups and filters, and the number of respondents whose groupable answers are withheld.
 */
export const reportProtectionSchema = z.object({
  merged: z.array(z.object({ question: z.string(), values: z.array(z.string().nullable()) })),
  left_out: z.array(z.object({ question: z.string(), reason: z.enum(LEFT_OUT_REASONS) })),
  withheld: count,
});
export type ReportProtection = z.infer<typeof reportProtectionSchema>;

export const POPULATION_REASONS = ['below-minimum', 'difference-below-minimum', 'not-released'] as const;

export const reportFiguresSchema = z.object({
  version: z.literal(1),
  language: z.enum(REPORT_LANGUAGES),
  min_group_size: z.number().int().min(LIMITS.minGroupSizeFloor),
  meta: surveyMetaSchema.extend({
    responses: z.object({ total: count, online: count, kiosk: count, paper: count }),
    /** responses / employees in %, one decimal; null without an employee count. */
    occupancy_pct: z.number().nonnegative().nullable(),
    margin_of_error: marginOfErrorSchema,
  }),
  filter: z.object({ group: z.string().nullable(), answers: z.array(filterAnswerSchema) }),
  /** The respondents the figures describe (everyone, or those matching the selected answers). */
  population: z.object({ n: count.nullable(), suppressed: z.boolean(), reason: z.enum(POPULATION_REASONS).nullable() }),
  ...figureSetSchema.shape,
  /** Up to 15 statement ids; their figures are in `statements`. */
  chosen_questions: z.array(z.string()).max(LIMITS.maxChosenQuestions),
  breakdown: breakdownSchema.nullable(),
  /** Categories × departments; null when the survey has no departments. */
  heatmap: heatmapSchema.nullable(),
  extra_questions: z.array(extraResultSchema),
  comments: z.object({ praise_critique: z.array(z.string()) }),
  protection: reportProtectionSchema,
});
export type ReportFigures = z.infer<typeof reportFiguresSchema>;

// ---------------------------------------------------------------------------------------------
// PULS
// ---------------------------------------------------------------------------------------------

export const pulsQuestionFiguresSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('scale5'),
    id: z.string(),
    n: count,
    suppressed: z.boolean(),
    /** 1..5, two decimals. */
    mean: z.number().min(1).max(5).nullable(),
    /** Share of 4 and 5. */
    favourable_pct: pct,
    distribution: z.array(count).length(5),
  }),
  z.object({ kind: z.literal('enps'), id: z.string(), n: count, suppressed: z.boolean(), enps: enpsFiguresSchema }),
  z.object({ kind: z.literal('text'), id: z.string(), n: count, suppressed: z.boolean(), texts: z.array(z.string()) }),
]);
export type PulsQuestionFigures = z.infer<typeof pulsQuestionFiguresSchema>;

export const pulsRoundFiguresSchema = z.object({
  round: z.number().int().positive(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  responses: count,
  occupancy_pct: z.number().nonnegative().nullable(),
  margin_of_error: marginOfErrorSchema,
  /** A round with fewer responses than the minimum shows nothing but its response count. */
  suppressed: z.boolean(),
  questions: z.array(pulsQuestionFiguresSchema),
  /** The company's own questions: a radio or scale answer given by fewer than the minimum of the round is counted in "Other" (`other: true`, its label lists the answers merged into it). */
  own_questions: z.array(extraResultSchema),
  /** Own questions ('extra:<id>') the round shows no figure of (suppressed), and why: one answer held nearly everyone, or the answers were spread over too many small groups. */
  left_out: z.array(z.object({ question: z.string(), reason: z.enum(LEFT_OUT_REASONS) })),
});
export type PulsRoundFigures = z.infer<typeof pulsRoundFiguresSchema>;

export const pulsTrendSchema = z.object({
  question: z.string(),
  kind: z.enum(['scale5', 'enps']),
  /** One point per round in round order: the mean (scale5) or the eNPS score; null when suppressed. */
  points: z.array(z.object({ round: z.number().int().positive(), value: z.number().nullable(), n: count })),
  /** Last shown value minus the first shown value; null with fewer than two shown rounds. */
  change: z.number().nullable(),
});
export type PulsTrend = z.infer<typeof pulsTrendSchema>;

/**
 * What became of each planned round, so the report says which rounds ran and which did not: `ran` (closed at its
 * end), `ended-early` (the administrator ended it, or closed the survey, before its last day; `ended_on` is that day),
 * `open` and `pending` (a running survey: not in this report yet), `not-run` (the survey was closed before it opened).
 */
export const PULS_ROUND_OUTCOMES = ['ran', 'ended-early', 'open', 'pending', 'not-run'] as const;
export type PulsRoundOutcome = (typeof PULS_ROUND_OUTCOMES)[number];
export const pulsScheduleItemSchema = z.object({
  round: z.number().int().positive(),
  /** The planned first and last day (YYYY-MM-DD). */
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  outcome: z.enum(PULS_ROUND_OUTCOMES),
  /** The day an ended-early round closed (YYYY-MM-DD in the platform's time zone); null otherwise. */
  ended_on: z.string().nullable(),
});
export type PulsScheduleItem = z.infer<typeof pulsScheduleItemSchema>;

export const pulsFiguresSchema = z.object({
  version: z.literal(1),
  language: z.enum(REPORT_LANGUAGES),
  min_group_size: z.number().int().min(LIMITS.minGroupSizeFloor),
  meta: surveyMetaSchema,
  rounds: z.array(pulsRoundFiguresSchema),
  trend: z.array(pulsTrendSchema),
  /** Every planned round of the survey with its outcome, in round order (`rounds` holds the figures of those that ran). */
  schedule: z.array(pulsScheduleItemSchema),
});
export type PulsFigures = z.infer<typeof pulsFiguresSchema>;

/** The survey definition the report settings form needs (GET /api/surveys/:id/report/options): no responses. */
export interface ReportOptions {
  type: 'izz' | 'puls';
  name: string;
  company: string;
  departments: string[];
  locations: string[];
  demographic_ids: string[];
  extra_questions: ExtraQuestion[];
  report_questions: string[];
  puls_question_ids: string[];
  /** IZZ: what the reporting base offers as groups and selected answers (null for PULS). */
  base: ReportBaseSummary | null;
  /** The language the report opens in for this viewer (defaultReportLanguage); any of the 8 can be chosen. */
  default_language: QuestionLanguageCode;
}

/** A group's name as a report shows it: its label, "Other: a, b", "No answer" or "Withheld"; `words` in the report's language. */
export function groupDisplayLabel(
  g: { key: string; label: string | null; no_answer: boolean; merged: readonly (string | null)[]; withheld: boolean },
  words: { other: string; noAnswer: string; withheld: string },
): string {
  if (g.withheld) return words.withheld;
  if (g.no_answer) return words.noAnswer;
  if (g.key === BASE_OTHER_KEY) return g.merged.length > 0 ? `${words.other}: ${g.merged.map((m) => m ?? words.noAnswer).join(', ')}` : words.other;
  return g.label ?? g.key;
}

/**
 * A reporting dimension's short name, the same words in the web report, the PDF and Excel (e.g. in the
 * breakdown title "By group: Gender"): department, location and a demographic question read
 * `words.group(id)` ('labels.groups.<id>' of the 'reports' namespace); an extra question its title.
 */
export function dimensionName(question: string, words: { group: (id: string) => string; extraTitle: (id: string) => string | undefined }): string {
  if (question === 'department' || question === 'location') return words.group(question);
  if (question.startsWith('demographic:')) return words.group(question.slice('demographic:'.length));
  if (question.startsWith('extra:')) return words.extraTitle(question.slice('extra:'.length)) || question;
  return question;
}
