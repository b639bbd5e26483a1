/**
 * Comparative and benchmark reports: the one JSON each of them is rendered from (web page, PDF,
 * Excel v1). The server's figures modules are the only producers; renderers never compute, test or hide anything.
 *
 * Comparative report, three variants (product-decisions.md "Reports"):
 * - 'years': the company's finished IZZ surveys side by side (one column per survey, oldest first), each with the
 *   change from the previous column. Needs at least two finished surveys ('comparative-unavailable' otherwise).
 * - 'groups': one survey split by one question group of its reporting base (departments, a demographic, ...):
 *   one column per group, each with its difference from the whole survey (`total`).
 * - 'group-years': the same question group followed over the years: one series per group value, one column per
 *   survey in which the company asked it. A group is matched by its value; a group that is hidden, merged into
 *   "Other" or not asked in a year is hidden in that year's column: never worked out from other figures.
 *   The merged "Other" group and the withheld respondents are not followed (their members differ from year to year).
 *
 * Significance (two-sided, 95 %): a mean (ESI, eNPS, category, statement) with Welch's t-test on the respondents'
 * values (eNPS as the mean of +100 / 0 / −100 per respondent; a category on all its answers with n = its
 * respondents), a share of favourable answers with the two-proportion z-test. 'years' and 'group-years' test a
 * column against the previous shown column; 'groups' tests a group against the rest of the survey (the respondents
 * outside it), while `change` is its difference from the whole survey. `significant` is false whenever no test ran.
 *
 * Benchmark (version 2): the company's survey of a year against the market of that year (every finished,
 * eligible IZZ survey of the published award year), its size class and its industry — the ones its survey had when the
 * year was published, frozen then. A group is offered only with at least MIN_BENCHMARK_COMPANIES companies besides
 * the company itself (all its surveys). Per item and group: the means of three bands of companies — the median band
 * (the middle fifth, at least the minimum), the top 25 % (the best quarter) and the top 10 % (the best tenth) — each
 * holding at least the minimum of companies, and the company's position as a band (top 10 %, top 25 %, above or below
 * the median, bottom 25 %) when its survey is one of the group's. No figure equals or lets anyone work out one
 * company's figure: a band is released only if, together with every other band of the year for that item (every
 * group), it never singles out fewer than the minimum of companies whose figure is not public
 * (docs/decisions/0013-comparative-and-benchmark-reports.md, "The benchmark's protection"); a withheld figure is null.
 */
import { z } from 'zod';
import { AWARD_SIZE_CLASSES } from '../award.js';
import { INDUSTRIES, LIMITS } from '../constants.js';
import { IZZ_CATEGORY_IDS } from '../question-banks/types.js';
import { REPORT_LANGUAGES } from './report.js';

const count = z.number().int().nonnegative();

// ---------------------------------------------------------------------------------------------
// Comparative
// ---------------------------------------------------------------------------------------------

export const COMPARATIVE_VARIANTS = ['years', 'groups', 'group-years'] as const;
export type ComparativeVariant = (typeof COMPARATIVE_VARIANTS)[number];

/** Why a column holds no figures. */
export const COMPARED_HIDDEN_REASONS = ['below-minimum', 'complementary', 'difference-below-minimum', 'empty', 'merged', 'not-asked', 'left-out', 'not-released'] as const;
export type ComparedHiddenReason = (typeof COMPARED_HIDDEN_REASONS)[number];

/** One compared figure: its value, the change against the column it is compared with, and whether that change is significant. */
export const comparedValueSchema = z.object({
  value: z.number().nullable(),
  /** Difference to the reference (previous column, or the whole survey for 'groups'); null when either side is missing. */
  change: z.number().nullable(),
  significant: z.boolean(),
});
export type ComparedValue = z.infer<typeof comparedValueSchema>;

export const comparedItemSchema = z.object({
  id: z.string(),
  /** Mean on 1–4, two decimals. */
  mean: comparedValueSchema,
  /** % of answers 3 and 4, one decimal. */
  favourable: comparedValueSchema,
});
export type ComparedItem = z.infer<typeof comparedItemSchema>;

export const comparisonColumnSchema = z.object({
  /** Survey id ('years', 'group-years') or group key ('groups'). */
  key: z.string(),
  /** The survey's name, or the group's label in the report language (null for the "no answer" group). */
  label: z.string().nullable(),
  survey_id: z.number().int().nullable(),
  /** The survey's year (the year it finished). */
  year: z.number().int().nullable(),
  no_answer: z.boolean(),
  /** The "Other" group: the labels of the values merged into it (null = no answer). */
  merged: z.array(z.string().nullable()),
  withheld: z.boolean(),
  /** Respondents; null when hidden. */
  n: count.nullable(),
  hidden: z.boolean(),
  reason: z.enum(COMPARED_HIDDEN_REASONS).nullable(),
  /** 'years' only: the survey's employees and response rate (no test: a rate is not a sample). */
  employees: count.nullable(),
  occupancy: comparedValueSchema.nullable(),
  esi: comparedValueSchema,
  enps: comparedValueSchema,
  categories: z.array(comparedItemSchema.extend({ id: z.enum(IZZ_CATEGORY_IDS) })),
  /** Every statement ('years', 'groups'); empty for 'group-years' (categories only). */
  statements: z.array(comparedItemSchema),
});
export type ComparisonColumn = z.infer<typeof comparisonColumnSchema>;

export const comparisonSeriesSchema = z.object({
  /** The group's value (option id, department or location name). */
  key: z.string(),
  label: z.string().nullable(),
  no_answer: z.boolean(),
  /** One column per compared survey, oldest first. */
  columns: z.array(comparisonColumnSchema),
});
export type ComparisonSeries = z.infer<typeof comparisonSeriesSchema>;

export const comparativeFiguresSchema = z.object({
  version: z.literal(1),
  variant: z.enum(COMPARATIVE_VARIANTS),
  language: z.enum(REPORT_LANGUAGES),
  min_group_size: z.number().int().min(LIMITS.minGroupSizeFloor),
  company: z.string(),
  /** The survey the report was opened from ('groups': the survey that is split). */
  survey: z.object({ id: z.number().int(), name: z.string(), year: z.number().int().nullable() }),
  /** The question group ('groups', 'group-years'), e.g. 'department' or 'demographic:gender'; null for 'years'. */
  group: z.string().nullable(),
  /** The question group's name in the report language (labels.groups.<id>, or the extra question's title); null for 'years'. */
  group_title: z.string().nullable(),
  /** 'years' and 'groups': the columns in order. */
  columns: z.array(comparisonColumnSchema),
  /** 'groups': the whole survey, the reference of every column. */
  total: comparisonColumnSchema.nullable(),
  /** 'group-years': one series per group value. */
  series: z.array(comparisonSeriesSchema),
});
export type ComparativeFigures = z.infer<typeof comparativeFiguresSchema>;

/** A question group offered for 'groups' (one survey) or 'group-years' (asked in at least two surveys). */
export const comparativeGroupOptionSchema = z.object({ question: z.string(), surveys: z.array(z.number().int()) });

/** GET /api/surveys/:id/report/comparative/options */
export const comparativeOptionsSchema = z.object({
  company: z.string(),
  survey: z.object({ id: z.number().int(), name: z.string(), year: z.number().int().nullable() }),
  /** The company's finished IZZ surveys, oldest first. */
  surveys: z.array(z.object({ id: z.number().int(), name: z.string(), year: z.number().int().nullable(), end_date: z.string().nullable() })),
  /** Question groups of this survey's reporting base. */
  groups: z.array(z.string()),
  /** Question groups released in at least two of the company's surveys. */
  groups_over_years: z.array(comparativeGroupOptionSchema),
  /** Extra questions' titles by 'extra:<id>' in the survey's languages (for labelling groups). */
  extra_titles: z.record(z.string(), z.string()),
  languages: z.array(z.enum(REPORT_LANGUAGES)),
  default_language: z.enum(REPORT_LANGUAGES),
});
export type ComparativeOptions = z.infer<typeof comparativeOptionsSchema>;

// ---------------------------------------------------------------------------------------------
// Benchmark
// ---------------------------------------------------------------------------------------------

/**
 * The fewest companies a benchmark group (and each of its items) needs besides the company itself; also the fewest
 * companies in any band a figure is the mean of, and in any set of companies the year's figures can single out.
 */
export const MIN_BENCHMARK_COMPANIES = 5;

export const BENCHMARK_GROUP_KINDS = ['market', 'size', 'industry'] as const;
export type BenchmarkGroupKind = (typeof BENCHMARK_GROUP_KINDS)[number];

/**
 * Why a group is not offered: fewer than the minimum of other companies, the company has no size class (under the
 * award's minimum), or its survey finished after the year was published (so the publication froze no size class or
 * industry for it).
 */
export const BENCHMARK_UNAVAILABLE_REASONS = ['too-few', 'no-size-class', 'after-publication'] as const;

export const benchmarkGroupSchema = z.object({
  kind: z.enum(BENCHMARK_GROUP_KINDS),
  /** 'all', a size class or an industry code; null when the survey has none (see `reason`). */
  key: z.union([z.literal('all'), z.enum(AWARD_SIZE_CLASSES), z.enum(INDUSTRIES)]).nullable(),
  /** Companies in the group (eligible surveys of the year, one per company). */
  companies: count,
  /** Companies besides this one (none of the company's own surveys counts). */
  others: count,
  available: z.boolean(),
  reason: z.enum(BENCHMARK_UNAVAILABLE_REASONS).nullable(),
});
export type BenchmarkGroup = z.infer<typeof benchmarkGroupSchema>;

/** The three bands a group's figure is the mean of (each at least MIN_BENCHMARK_COMPANIES companies). */
export const BENCHMARK_BANDS = ['median', 'top25', 'top10'] as const;
export type BenchmarkBand = (typeof BENCHMARK_BANDS)[number];

/** Where the company stands among a group's companies (by its mid-rank percentile: ≥ 90, ≥ 75, ≥ 50, ≥ 25, below). */
export const BENCHMARK_POSITIONS = ['top-10', 'top-25', 'upper-half', 'lower-half', 'bottom-25'] as const;
export type BenchmarkPosition = (typeof BENCHMARK_POSITIONS)[number];

/** The market of one group for one item: null when the group is not offered or fewer than the minimum of other companies have the item. */
export const benchmarkMarketSchema = z.object({
  /** Companies of the group with this figure. */
  companies: count,
  /** Mean of the middle band (the middle fifth, at least the minimum of companies); null when withheld. */
  median: z.number().nullable(),
  /** Mean of the best quarter (at least the minimum); null when the quarter is smaller or the figure is withheld. */
  top25: z.number().nullable(),
  /** Mean of the best tenth (at least the minimum); null when the tenth is smaller or the figure is withheld. */
  top10: z.number().nullable(),
  /** The company's band among the group; null when its survey is not one of the group's or has no value. */
  position: z.enum(BENCHMARK_POSITIONS).nullable(),
});
export type BenchmarkMarket = z.infer<typeof benchmarkMarketSchema>;

export const BENCHMARK_ITEM_KINDS = ['esi', 'enps', 'category', 'statement'] as const;
export type BenchmarkItemKind = (typeof BENCHMARK_ITEM_KINDS)[number];

export const benchmarkItemSchema = z.object({
  kind: z.enum(BENCHMARK_ITEM_KINDS),
  /** 'esi', 'enps', a category id or a statement id. */
  id: z.string(),
  /** The company's figure: ESI 0–100 and eNPS −100..100 (one decimal), category and statement means 1–4 (two decimals). */
  value: z.number().nullable(),
  /** Aligned with `groups`. */
  markets: z.array(benchmarkMarketSchema.nullable()),
});
export type BenchmarkItem = z.infer<typeof benchmarkItemSchema>;

export const benchmarkFiguresSchema = z.object({
  version: z.literal(2),
  language: z.enum(REPORT_LANGUAGES),
  year: z.number().int(),
  company: z.string(),
  survey: z.object({ id: z.number().int(), name: z.string(), responses: count, employees: count.nullable() }),
  /** When the year's award was published (the market's date). */
  published_at: z.string(),
  /** The size class and industry the survey had at the publication (frozen then); null without one. */
  size_class: z.enum(AWARD_SIZE_CLASSES).nullable(),
  industry: z.enum(INDUSTRIES).nullable(),
  /** The company's survey is one of the market's eligible surveys. */
  in_market: z.boolean(),
  groups: z.array(benchmarkGroupSchema),
  items: z.array(benchmarkItemSchema),
});
export type BenchmarkFigures = z.infer<typeof benchmarkFiguresSchema>;
