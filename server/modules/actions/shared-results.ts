/**
 * The employees' results page and the focus-area suggestions, built from the company's own reports only (pure).
 *
 * The page is a selection of the basic report of the whole survey (`ReportFigures` with no filter, itself built from
 * the frozen release): the responses, the response rate, ESI, eNPS and the category means and shares, and the focus
 * areas' own figures (a category's, or a statement's whole-survey mean and share). Nothing is computed here: every
 * number is copied from the report, and a figure the report hides (null) stays absent. No group, breakdown, heatmap,
 * company question or comment of the report is read, so none can appear. When the whole survey has fewer responses than
 * the minimum group size (the report's population is suppressed) no figure is shown at all, only the count of
 * responses, which the company's report shows too.
 */
import { CATEGORIES, statementById } from '../../../shared/question-banks/index.js';
import { localizedText } from '../../../shared/i18n/localized-text.js';
import type { QuestionLanguageCode } from '../../../shared/locales.js';
import {
  SUGGESTIONS_PER_KIND,
  type ActionStatus,
  type FocusAreaKind,
  type FocusSuggestion,
  type SharedResults,
} from '../../../shared/schemas/actions.js';
import type { BenchmarkFigures, ComparativeFigures } from '../../../shared/schemas/comparison.js';
import type { ReportFigures } from '../../../shared/schemas/report.js';

export interface SharedFocusArea {
  kind: FocusAreaKind;
  item_id: string;
  actions: { title: string; description: string; due_on: string; status: ActionStatus }[];
}

/** A focus item's label in a language (the bank's text). */
export function focusItemLabel(kind: FocusAreaKind, itemId: string, language: QuestionLanguageCode): string {
  if (kind === 'category') {
    const c = CATEGORIES.find((x) => x.id === itemId);
    return c ? localizedText(c.title, language) : itemId;
  }
  const s = statementById(itemId);
  return s ? localizedText(s.text, language) : itemId;
}

/** Whether the report shows figures of the whole survey (its population is at least the minimum). */
export function wholeSurveyShown(figures: ReportFigures): boolean {
  return !figures.population.suppressed && (figures.population.n ?? 0) >= figures.min_group_size;
}

/** A focus item's whole-survey figures as the report shows them (null when hidden or unknown). */
export function focusFigures(figures: ReportFigures, kind: FocusAreaKind, itemId: string): { mean: number | null; favourable_pct: number | null } {
  if (!wholeSurveyShown(figures)) return { mean: null, favourable_pct: null };
  if (kind === 'category') {
    const c = figures.categories.find((x) => x.id === itemId);
    return { mean: c?.mean ?? null, favourable_pct: c?.favourable_pct ?? null };
  }
  const s = figures.statements.find((x) => x.id === itemId);
  if (!s || s.suppressed) return { mean: null, favourable_pct: null };
  return { mean: s.mean, favourable_pct: s.favourable_pct };
}

export function buildSharedResults(input: {
  figures: ReportFigures;
  language: QuestionLanguageCode;
  languages: readonly QuestionLanguageCode[];
  year: number | null;
  focusAreas: readonly SharedFocusArea[];
  message: string;
  publishedAt: string | null;
}): SharedResults {
  const { figures, language } = input;
  const shown = wholeSurveyShown(figures);
  return {
    language,
    languages: [...input.languages],
    company: figures.meta.company,
    survey_name: figures.meta.name,
    year: input.year,
    min_group_size: figures.min_group_size,
    responses: figures.meta.responses.total,
    response_rate: figures.meta.occupancy_pct,
    esi: shown ? figures.esi.score : null,
    enps: shown ? figures.enps.score : null,
    categories: shown
      ? figures.categories.map((c) => ({ id: c.id, label: focusItemLabel('category', c.id, language), mean: c.mean, favourable_pct: c.favourable_pct }))
      : [],
    focus_areas: input.focusAreas.map((a) => ({
      kind: a.kind,
      item_id: a.item_id,
      label: focusItemLabel(a.kind, a.item_id, language),
      ...focusFigures(figures, a.kind, a.item_id),
      actions: a.actions.map((x) => ({ title: x.title, description: x.description, due_on: x.due_on, status: x.status })),
    })),
    message: input.message,
    published_at: input.publishedAt,
  };
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/** The lowest categories of the whole survey by mean (ties: category order). */
export function lowestCategories(figures: ReportFigures): FocusSuggestion[] {
  if (!wholeSurveyShown(figures)) return [];
  return figures.categories
    .filter((c) => c.mean !== null)
    .map((c, i) => ({ c, i }))
    .sort((a, b) => a.c.mean! - b.c.mean! || a.i - b.i)
    .slice(0, SUGGESTIONS_PER_KIND)
    .map(({ c }) => ({ kind: 'category' as const, item_id: c.id, mean: c.mean, difference: null, reference: null }));
}

/**
 * The largest drops since the previous survey, from the comparative report over the years: the anchor's column against
 * the one before it (categories and statements, by the change of the mean; only drops).
 */
export function largestDrops(comparative: ComparativeFigures, anchorSurveyId: number): FocusSuggestion[] {
  const index = comparative.columns.findIndex((c) => c.survey_id === anchorSurveyId);
  if (index < 1) return [];
  const column = comparative.columns[index]!;
  const previous = comparative.columns[index - 1]!;
  if (column.hidden || previous.hidden) return [];
  const items: (FocusSuggestion & { order: number })[] = [];
  const add = (kind: FocusAreaKind, list: typeof column.statements, before: typeof column.statements) => {
    list.forEach((item, i) => {
      const change = item.mean.change;
      const prior = before.find((b) => b.id === item.id)?.mean.value ?? null;
      if (change !== null && change < 0 && item.mean.value !== null) items.push({ kind, item_id: item.id, mean: item.mean.value, difference: change, reference: prior, order: i });
    });
  };
  add('category', column.categories, previous.categories);
  add('statement', column.statements, previous.statements);
  return items
    .sort((a, b) => a.difference! - b.difference! || (a.kind === b.kind ? a.order - b.order : a.kind === 'category' ? -1 : 1))
    .slice(0, SUGGESTIONS_PER_KIND)
    .map(({ order: _order, ...s }) => s);
}

/** The categories and statements furthest below the market's median band (the benchmark report's first group). */
export function furthestBelowBenchmark(benchmark: BenchmarkFigures): FocusSuggestion[] {
  const market = benchmark.groups.findIndex((g) => g.kind === 'market' && g.available);
  if (market < 0) return [];
  const items: FocusSuggestion[] = [];
  for (const item of benchmark.items) {
    if (item.kind !== 'category' && item.kind !== 'statement') continue;
    const median = item.markets[market]?.median ?? null;
    if (item.value === null || median === null) continue;
    const difference = round2(item.value - median);
    if (difference < 0) items.push({ kind: item.kind, item_id: item.id, mean: item.value, difference, reference: median });
  }
  return items.sort((a, b) => a.difference! - b.difference!).slice(0, SUGGESTIONS_PER_KIND);
}
