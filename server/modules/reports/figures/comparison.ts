/**
 * The comparative report's figures (contract and rules: shared/schemas/comparison.ts). Pure: the caller
 * passes each survey's definition and frozen reporting base; every figure comes from those bases and through the
 * same protection as the basic report (a group of one survey is a group of that survey's base, hidden exactly when
 * the basic report hides it). Nothing is ever derived from another column: a hidden cell stays hidden.
 *
 * Significance (./comparison-stats.ts): means with Welch's t-test on the respondents' values — a statement on its
 * answers, a category on all answers to its statements with n = the respondents who answered it (conservative: a
 * respondent's answers within a category are not independent), ESI on the respondents' ESI, eNPS on +100 (promoter),
 * 0 (passive), −100 (detractor) per respondent, whose mean is the eNPS — and shares of favourable answers with the
 * two-proportion z-test (a category's share on its respondents). A change that rounds to zero is never marked.
 */
import { IZZ_CATEGORY_IDS, STATEMENTS } from '../../../../shared/question-banks/index.js';
import type { ComparativeFigures, ComparativeVariant, ComparedHiddenReason, ComparedValue, ComparisonColumn, ComparisonSeries } from '../../../../shared/schemas/comparison.js';
import { BASE_OTHER_KEY, BASE_WITHHELD_KEY, REPORT_FIELD_ERRORS, type FigureSet, type ReportGroup, type ReportSettings } from '../../../../shared/schemas/report.js';
import { isGroupableExtraType } from '../../../../shared/schemas/extra-question-types.js';
import { clampMinGroupSize } from './anonymity.js';
import { sampleOf, twoProportionTest, welchTest, type Sample } from './comparison-stats.js';
import { analyseFilter, groupKeyOf, NO_ANSWER_KEY } from './filters.js';
import { ReportSettingsError, type ReportSurvey } from './figures.js';
import { dimensionCandidates, type ReportingBase } from './reporting-base.js';
import { FigureAccumulator, groupDefinitions, groupFigures, occupancyPct, roundTo, STATEMENT_CATEGORY, type AccumulatorSums } from './statistics.js';

type Lang = ReportSettings['language'];

/** One of the company's finished IZZ surveys. */
export interface ComparedSurvey {
  id: number;
  name: string;
  /** The year it finished. */
  year: number | null;
  employees: number | null;
  survey: ReportSurvey;
  base: ReportingBase;
  seed: string;
}

export interface BuildComparativeInput {
  variant: ComparativeVariant;
  language: Lang;
  minGroupSize: number;
  company: string;
  /** The survey the report is opened from. */
  anchor: ComparedSurvey;
  /** Every finished IZZ survey of the company, the anchor included, oldest first. */
  surveys: readonly ComparedSurvey[];
  /** The question group ('groups', 'group-years'). */
  group: string | null;
  /** The group's name in the report language. */
  groupTitle: string | null;
}

/** The report's questions can be followed over the years only by their value: departments, locations, demographics. */
export function followedOverYears(question: string): boolean {
  return question === 'department' || question === 'location' || question.startsWith('demographic:');
}

// ---------------------------------------------------------------------------------------------
// Samples from sums
// ---------------------------------------------------------------------------------------------

interface Proportion {
  x: number;
  n: number;
}

interface SampleSet {
  esi: Sample;
  enps: Sample;
  categories: { mean: Sample; favourable: Proportion }[];
  statements: { mean: Sample; favourable: Proportion }[];
}

function moments(n: number, sum: number, sumSq: number): Sample {
  if (n === 0) return sampleOf([]);
  const mean = sum / n;
  return { n, mean, variance: n < 2 ? 0 : Math.max(0, (sumSq - (sum * sum) / n) / (n - 1)) };
}

function samplesOf(s: AccumulatorSums): SampleSet {
  const scale = 100 / 27;
  const esi = moments(s.esiN, s.esiSum * scale, s.esiSumSq * scale * scale);
  let enpsN = 0;
  let promoters = 0;
  let detractors = 0;
  s.enps.forEach((c, g) => {
    enpsN += c;
    if (g >= 9) promoters += c;
    else if (g <= 6) detractors += c;
  });
  const enps = moments(enpsN, 100 * (promoters - detractors), 10_000 * (promoters + detractors));
  const cat = IZZ_CATEGORY_IDS.map(() => ({ n: 0, sum: 0, sumSq: 0, fav: 0 }));
  const statements = STATEMENTS.map((_, i) => {
    let n = 0;
    let sum = 0;
    let sumSq = 0;
    for (let v = 1; v <= 4; v++) {
      const c = s.statements[i * 4 + v - 1] ?? 0;
      n += c;
      sum += v * c;
      sumSq += v * v * c;
    }
    const fav = (s.statements[i * 4 + 2] ?? 0) + (s.statements[i * 4 + 3] ?? 0);
    const k = cat[STATEMENT_CATEGORY[i]!]!;
    k.n += n;
    k.sum += sum;
    k.sumSq += sumSq;
    k.fav += fav;
    return { mean: moments(n, sum, sumSq), favourable: { x: fav, n } };
  });
  const categories = cat.map((k, c) => {
    const respondents = s.categoryRespondents[c] ?? 0;
    const m = moments(k.n, k.sum, k.sumSq);
    return { mean: { ...m, n: Math.min(m.n, respondents) }, favourable: { x: k.n === 0 ? 0 : (k.fav / k.n) * respondents, n: respondents } };
  });
  return { esi, enps, categories, statements };
}

function minus(a: AccumulatorSums, b: AccumulatorSums): AccumulatorSums {
  const sub = (x: readonly number[], y: readonly number[]) => x.map((v, i) => v - (y[i] ?? 0));
  return {
    n: a.n - b.n,
    statements: sub(a.statements, b.statements),
    categoryRespondents: sub(a.categoryRespondents, b.categoryRespondents),
    enps: sub(a.enps, b.enps),
    esiN: a.esiN - b.esiN,
    esiSum: a.esiSum - b.esiSum,
    esiSumSq: a.esiSumSq - b.esiSumSq,
  };
}

// ---------------------------------------------------------------------------------------------
// Columns
// ---------------------------------------------------------------------------------------------

/** What a shown column holds: its figures (as the basic report prints them) and the samples of its respondents. */
interface Population {
  figures: FigureSet;
  samples: SampleSet;
}

const NONE: ComparedValue = { value: null, change: null, significant: false };

function comparedValue(value: number | null, reference: number | null, decimals: number, significant: () => boolean | undefined): ComparedValue {
  if (value === null) return NONE;
  if (reference === null) return { value, change: null, significant: false };
  const change = roundTo(value - reference, decimals);
  return { value, change, significant: change !== 0 && significant() === true };
}

/**
 * A column's figures compared with `reference` (the figures it is compared with) and tested against `against`
 * (the respondents it is tested with: the previous column's, or the rest of the survey's).
 */
function populationColumn(p: Population, reference: FigureSet | null, against: SampleSet | null): Pick<ComparisonColumn, 'esi' | 'enps' | 'categories' | 'statements'> {
  const mean = (a: Sample, b: Sample | undefined) => () => (b ? welchTest(a, b)?.significant : undefined);
  const prop = (a: Proportion, b: Proportion | undefined) => () => (b ? twoProportionTest(a.x, a.n, b.x, b.n)?.significant : undefined);
  const f = p.figures;
  return {
    esi: comparedValue(f.esi.score, reference?.esi.score ?? null, 1, mean(p.samples.esi, against?.esi)),
    enps: comparedValue(f.enps.score, reference?.enps.score ?? null, 1, mean(p.samples.enps, against?.enps)),
    categories: f.categories.map((c, i) => ({
      id: c.id,
      mean: comparedValue(c.mean, reference?.categories[i]?.mean ?? null, 2, mean(p.samples.categories[i]!.mean, against?.categories[i]?.mean)),
      favourable: comparedValue(c.favourable_pct, reference?.categories[i]?.favourable_pct ?? null, 1, prop(p.samples.categories[i]!.favourable, against?.categories[i]?.favourable)),
    })),
    statements: f.statements.map((s, i) => ({
      id: s.id,
      mean: comparedValue(s.mean, reference?.statements[i]?.mean ?? null, 2, mean(p.samples.statements[i]!.mean, against?.statements[i]?.mean)),
      favourable: comparedValue(s.favourable_pct, reference?.statements[i]?.favourable_pct ?? null, 1, prop(p.samples.statements[i]!.favourable, against?.statements[i]?.favourable)),
    })),
  };
}

function hiddenFigures(statements: boolean): Pick<ComparisonColumn, 'esi' | 'enps' | 'categories' | 'statements'> {
  return {
    esi: NONE,
    enps: NONE,
    categories: IZZ_CATEGORY_IDS.map((id) => ({ id, mean: NONE, favourable: NONE })),
    statements: statements ? STATEMENTS.map((s) => ({ id: s.id, mean: NONE, favourable: NONE })) : [],
  };
}

interface ColumnHead {
  key: string;
  label: string | null;
  survey_id: number | null;
  year: number | null;
  no_answer?: boolean;
  merged?: (string | null)[];
  withheld?: boolean;
}

function column(head: ColumnHead, body: Pick<ComparisonColumn, 'esi' | 'enps' | 'categories' | 'statements'>, extra: { n: number | null; hidden: boolean; reason: ComparedHiddenReason | null; employees?: number | null; occupancy?: ComparedValue | null }): ComparisonColumn {
  return {
    key: head.key,
    label: head.label,
    survey_id: head.survey_id,
    year: head.year,
    no_answer: head.no_answer ?? false,
    merged: head.merged ?? [],
    withheld: head.withheld ?? false,
    n: extra.n,
    hidden: extra.hidden,
    reason: extra.reason,
    employees: extra.employees ?? null,
    occupancy: extra.occupancy ?? null,
    ...body,
  };
}

/** The whole survey: its figures and samples; null below the minimum (the base then holds no rows). */
function wholeSurvey(s: ComparedSurvey, min: number): (Population & { sums: AccumulatorSums }) | null {
  if (s.base.respondents.length === 0) return null;
  const acc = new FigureAccumulator();
  for (const r of s.base.respondents) acc.add(r.answers);
  const sums = acc.sums();
  return { figures: acc.figures(min), samples: samplesOf(sums), sums };
}

const responsesOf = (s: ComparedSurvey) => s.base.channels.online + s.base.channels.kiosk + s.base.channels.paper;

// ---------------------------------------------------------------------------------------------
// Variants
// ---------------------------------------------------------------------------------------------

function yearsColumns(surveys: readonly ComparedSurvey[], min: number): ComparisonColumn[] {
  const out: ComparisonColumn[] = [];
  let previous: { p: Population | null; occupancy: number | null } | null = null;
  for (const s of surveys) {
    const p = wholeSurvey(s, min);
    const total = responsesOf(s);
    const occupancy = occupancyPct(total, s.employees);
    const head = { key: String(s.id), label: s.name, survey_id: s.id, year: s.year };
    const occupancyValue = comparedValue(occupancy, previous?.occupancy ?? null, 1, () => false);
    out.push(
      p
        ? column(head, populationColumn(p, previous?.p?.figures ?? null, previous?.p?.samples ?? null), { n: total, hidden: false, reason: null, employees: s.employees, occupancy: occupancyValue })
        : column(head, hiddenFigures(true), { n: total, hidden: true, reason: total === 0 ? 'empty' : 'below-minimum', employees: s.employees, occupancy: occupancyValue }),
    );
    previous = { p, occupancy };
  }
  return out;
}

/** The groups of one question in one survey: the basic report's protected groups, with each group's sums. */
function surveyGroups(s: ComparedSurvey, question: string, min: number, language: Lang): { groups: ReportGroup[]; sums: Map<string, AccumulatorSums> } {
  const respondents = s.base.respondents;
  const defs = groupDefinitions(question, s.base.summary, s.survey, language);
  const keys = new Set(defs.map((d) => d.key));
  const accs = new Map(defs.map((d) => [d.key, new FigureAccumulator()]));
  for (const r of respondents) {
    const k = groupKeyOf(r, question);
    accs.get(keys.has(k) ? k : NO_ANSWER_KEY)!.add(r.answers);
  }
  const filter = analyseFilter(respondents, [], min);
  const groups = groupFigures(respondents, { question, base: s.base.summary, survey: s.survey, filter, minGroupSize: min, language, seed: s.seed, comments: false });
  return { groups, sums: new Map([...accs].map(([k, a]) => [k, a.sums()])) };
}

function groupHead(g: ReportGroup, s: ComparedSurvey, key = g.key): ColumnHead {
  return { key, label: g.label, survey_id: s.id, year: s.year, no_answer: g.no_answer, merged: g.merged, withheld: g.withheld };
}

function groupsVariant(s: ComparedSurvey, question: string, min: number, language: Lang): { columns: ComparisonColumn[]; total: ComparisonColumn | null } {
  const whole = wholeSurvey(s, min);
  const totalHead = { key: '', label: null, survey_id: s.id, year: s.year };
  if (!whole) return { columns: [], total: column(totalHead, hiddenFigures(true), { n: responsesOf(s), hidden: true, reason: 'below-minimum' }) };
  const { groups, sums } = surveyGroups(s, question, min, language);
  const columns = groups.map((g) => {
    if (g.suppressed || !g.figures) return column(groupHead(g, s), hiddenFigures(true), { n: g.n, hidden: true, reason: g.reason ?? 'below-minimum' });
    const own = sums.get(g.key)!;
    const rest = samplesOf(minus(whole.sums, own));
    return column(groupHead(g, s), populationColumn({ figures: g.figures, samples: samplesOf(own) }, whole.figures, rest), { n: g.n, hidden: false, reason: null });
  });
  return { columns, total: column(totalHead, populationColumn(whole, null, null), { n: whole.sums.n, hidden: false, reason: null }) };
}

/** Why a value of `question` has no figures in survey `s` before its groups are looked at; null when it may have. */
function notFollowed(s: ComparedSurvey, question: string, key: string): ComparedHiddenReason | null {
  if (!dimensionCandidates(s.survey).some((c) => c.question === question)) return 'not-asked';
  const dim = s.base.summary.dimensions.find((d) => d.question === question);
  if (!dim) return s.base.respondents.length === 0 ? 'below-minimum' : 'left-out';
  if (dim.values.some((v) => v.key === BASE_OTHER_KEY && v.merged.includes(key))) return 'merged';
  return null;
}

function groupYearsVariant(surveys: readonly ComparedSurvey[], question: string, min: number, language: Lang): ComparisonSeries[] {
  const perSurvey = surveys.map((s) => (s.base.summary.dimensions.some((d) => d.question === question) ? surveyGroups(s, question, min, language) : null));
  // Every followed value shown in at least one survey, in the order the newest survey lists it.
  const order: { key: string; label: string | null; no_answer: boolean }[] = [];
  for (let i = perSurvey.length - 1; i >= 0; i--) {
    for (const g of perSurvey[i]?.groups ?? []) {
      if (g.key === BASE_OTHER_KEY || g.key === BASE_WITHHELD_KEY || g.withheld || g.suppressed || order.some((o) => o.key === g.key)) continue;
      order.push({ key: g.key, label: g.label, no_answer: g.no_answer });
    }
  }
  return order.map((o) => {
    let previous: Population | null = null;
    const columns = surveys.map((s, i) => {
      const head = { key: String(s.id), label: s.name, survey_id: s.id, year: s.year, no_answer: o.no_answer };
      const hidden = (reason: ComparedHiddenReason, n: number | null = null) => {
        previous = null;
        return column(head, hiddenFigures(false), { n, hidden: true, reason });
      };
      const reason = notFollowed(s, question, o.key);
      if (reason) return hidden(reason);
      const g = perSurvey[i]?.groups.find((x) => x.key === o.key);
      if (!g) return hidden(o.no_answer ? 'empty' : 'not-asked', o.no_answer ? 0 : null);
      if (g.suppressed || !g.figures) return hidden(g.reason ?? 'below-minimum', g.n);
      const p: Population = { figures: g.figures, samples: samplesOf(perSurvey[i]!.sums.get(g.key)!) };
      const body = populationColumn(p, (previous as Population | null)?.figures ?? null, (previous as Population | null)?.samples ?? null);
      previous = p;
      return column(head, { ...body, statements: [] }, { n: g.n, hidden: false, reason: null });
    });
    return { key: o.key, label: o.label, no_answer: o.no_answer, columns };
  });
}

/**
 * A group that does not fit: 422 naming why. A question the survey does not have is unknown; one it has whose answers
 * cannot be a group (checkbox, free text) is not groupable; a groupable one the base leaves out is protected; over the
 * years, a question that is not followed by its value (a company question) or released in fewer than two surveys is
 * not comparable over the years.
 */
function unfitGroup(s: ComparedSurvey, group: string | null, overYears: boolean): never {
  const issue = (message: string): never => {
    throw new ReportSettingsError([{ path: 'group', message }]);
  };
  if (group === null) issue(REPORT_FIELD_ERRORS.unknownQuestion);
  const extra = group!.startsWith('extra:') ? s.survey.extraQuestions.find((q) => `extra:${q.id}` === group) : undefined;
  if (extra && !isGroupableExtraType(extra.type)) issue(REPORT_FIELD_ERRORS.notGroupable);
  const asked = dimensionCandidates(s.survey).some((c) => c.question === group);
  if (!asked) issue(REPORT_FIELD_ERRORS.unknownQuestion);
  if (overYears) issue(REPORT_FIELD_ERRORS.notOverYears);
  return issue(REPORT_FIELD_ERRORS.protected);
}

export function buildComparativeFigures(input: BuildComparativeInput): ComparativeFigures {
  const min = clampMinGroupSize(input.minGroupSize);
  const { anchor, variant, language } = input;
  const head = {
    version: 1 as const,
    variant,
    language,
    min_group_size: min,
    company: input.company,
    survey: { id: anchor.id, name: anchor.name, year: anchor.year },
    group: variant === 'years' ? null : input.group,
    group_title: variant === 'years' ? null : input.groupTitle,
  };
  if (variant === 'years') return { ...head, columns: yearsColumns(input.surveys, min), total: null, series: [] };
  const group = input.group;
  if (variant === 'groups') {
    if (group === null || !anchor.base.summary.dimensions.some((d) => d.question === group)) unfitGroup(anchor, group, false);
    const { columns, total } = groupsVariant(anchor, group, min, language);
    return { ...head, columns, total, series: [] };
  }
  if (group === null || !groupsOverYears(input.surveys).some((g) => g.question === group)) unfitGroup(anchor, group, true);
  return { ...head, columns: [], total: null, series: groupYearsVariant(input.surveys, group, min, language) };
}

/** The question groups released (a dimension of the base) in at least two of the surveys and followed by their value. */
export function groupsOverYears(surveys: readonly ComparedSurvey[]): { question: string; surveys: number[] }[] {
  const by = new Map<string, number[]>();
  for (const s of surveys) {
    for (const d of s.base.summary.dimensions) {
      if (!followedOverYears(d.question)) continue;
      by.set(d.question, [...(by.get(d.question) ?? []), s.id]);
    }
  }
  return [...by].filter(([, ids]) => ids.length >= 2).map(([question, ids]) => ({ question, surveys: ids }));
}
