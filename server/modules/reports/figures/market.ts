/**
 * The benchmark's market (issue 16; contract: shared/schemas/comparison.ts). Pure.
 *
 * - `surveyDetail(base)`: a finished survey's whole-survey figures as its report prints them (ESI and eNPS one decimal,
 *   category and statement means two decimals; a statement answered by fewer than the minimum is null), from its
 *   anonymised reporting base. Stored beside the award's figures (survey_figures.detail).
 * - `buildMarketGroups(participants)`: at the award's publication, the year's eligible surveys grouped into the whole
 *   market, each size class and each industry; per group and item the sorted values across companies. Stored; never
 *   shown as such: a company's report reads only the quantiles and its own percentile from them.
 * - `buildBenchmarkFigures(...)`: a company's survey against the stored groups. A group is offered with at least
 *   MIN_BENCHMARK_COMPANIES companies besides the company itself; an item needs that many companies with a value.
 */
import { AWARD_SIZE_CLASSES, type AwardSizeClass } from '../../../../shared/award.js';
import type { Industry } from '../../../../shared/constants.js';
import { IZZ_CATEGORY_IDS, STATEMENTS } from '../../../../shared/question-banks/index.js';
import type { BenchmarkFigures, BenchmarkGroup, BenchmarkItem, BenchmarkItemKind, BenchmarkMarket } from '../../../../shared/schemas/comparison.js';
import type { ReportSettings } from '../../../../shared/schemas/report.js';
import { marketSummary, MIN_BENCHMARK_COMPANIES, percentileRank } from './comparison-stats.js';
import type { ReportingBase } from './reporting-base.js';
import { FigureAccumulator } from './statistics.js';

/** A survey's whole-survey figures (null where the report shows none). */
export interface SurveyDetail {
  esi: number | null;
  enps: number | null;
  categories: Record<string, number | null>;
  statements: Record<string, number | null>;
}

export function surveyDetail(base: ReportingBase): SurveyDetail {
  const acc = new FigureAccumulator();
  for (const r of base.respondents) acc.add(r.answers);
  const f = acc.figures(base.minGroupSize);
  const empty = base.respondents.length === 0;
  return {
    esi: empty ? null : f.esi.score,
    enps: empty ? null : f.enps.score,
    categories: Object.fromEntries(f.categories.map((c) => [c.id, empty ? null : c.mean])),
    statements: Object.fromEntries(f.statements.map((s) => [s.id, empty ? null : s.mean])),
  };
}

/** The benchmark's items in report order, with the key they are stored under and their decimals. */
export const BENCHMARK_ITEMS: readonly { kind: BenchmarkItemKind; id: string; key: string; decimals: number }[] = [
  { kind: 'esi', id: 'esi', key: 'esi', decimals: 1 },
  { kind: 'enps', id: 'enps', key: 'enps', decimals: 1 },
  ...IZZ_CATEGORY_IDS.map((id) => ({ kind: 'category' as const, id, key: `category:${id}`, decimals: 2 })),
  ...STATEMENTS.map((s) => ({ kind: 'statement' as const, id: s.id, key: `statement:${s.id}`, decimals: 2 })),
];

function itemValue(d: SurveyDetail, item: (typeof BENCHMARK_ITEMS)[number]): number | null {
  if (item.kind === 'esi') return d.esi;
  if (item.kind === 'enps') return d.enps;
  return (item.kind === 'category' ? d.categories[item.id] : d.statements[item.id]) ?? null;
}

/** One eligible survey of the year's market. */
export interface MarketParticipant {
  surveyId: number;
  sizeClass: AwardSizeClass | null;
  industry: Industry;
  detail: SurveyDetail;
}

/** A stored benchmark group: 'market:all', 'size:<class>' or 'industry:<code>'. */
export interface MarketGroup {
  key: string;
  companies: number;
  surveyIds: number[];
  /** Per item key, the values of the companies that have one, ascending. */
  items: Record<string, number[]>;
}

export const marketGroupKey = (kind: BenchmarkGroup['kind'], key: string) => `${kind}:${key}`;

export function buildMarketGroups(participants: readonly MarketParticipant[]): MarketGroup[] {
  const members = new Map<string, MarketParticipant[]>();
  const add = (key: string, p: MarketParticipant) => members.set(key, [...(members.get(key) ?? []), p]);
  for (const p of participants) {
    add(marketGroupKey('market', 'all'), p);
    if (p.sizeClass) add(marketGroupKey('size', p.sizeClass), p);
    add(marketGroupKey('industry', p.industry), p);
  }
  return [...members].map(([key, list]) => {
    const items: Record<string, number[]> = {};
    for (const item of BENCHMARK_ITEMS) {
      const values = list.map((p) => itemValue(p.detail, item)).filter((v): v is number => v !== null);
      items[item.key] = values.sort((a, b) => a - b);
    }
    return { key, companies: list.length, surveyIds: list.map((p) => p.surveyId).sort((a, b) => a - b), items };
  });
}

export interface BuildBenchmarkInput {
  language: ReportSettings['language'];
  year: number;
  company: string;
  survey: BenchmarkFigures['survey'];
  publishedAt: string;
  sizeClass: AwardSizeClass | null;
  industry: Industry;
  detail: SurveyDetail;
  /** The year's stored groups by key. */
  groups: ReadonlyMap<string, MarketGroup>;
}

function groupOf(kind: BenchmarkGroup['kind'], key: string | null, stored: MarketGroup | undefined, surveyId: number): BenchmarkGroup {
  const companies = stored?.companies ?? 0;
  const others = companies - (stored?.surveyIds.includes(surveyId) ? 1 : 0);
  if (key === null) return { kind, key: null, companies: 0, others: 0, available: false, reason: 'no-size-class' };
  const available = others >= MIN_BENCHMARK_COMPANIES;
  return { kind, key: key as BenchmarkGroup['key'], companies, others, available, reason: available ? null : 'too-few' };
}

export function buildBenchmarkFigures(input: BuildBenchmarkInput): BenchmarkFigures {
  const surveyId = input.survey.id;
  const all = input.groups.get(marketGroupKey('market', 'all'));
  const sizeKey = input.sizeClass && (AWARD_SIZE_CLASSES as readonly string[]).includes(input.sizeClass) ? input.sizeClass : null;
  const groups: BenchmarkGroup[] = [
    groupOf('market', 'all', all, surveyId),
    groupOf('size', sizeKey, sizeKey ? input.groups.get(marketGroupKey('size', sizeKey)) : undefined, surveyId),
    groupOf('industry', input.industry, input.groups.get(marketGroupKey('industry', input.industry)), surveyId),
  ];
  const stored = groups.map((g) => (g.available && g.key !== null ? input.groups.get(marketGroupKey(g.kind, g.key)) : undefined));
  const items: BenchmarkItem[] = BENCHMARK_ITEMS.map((item) => {
    const value = itemValue(input.detail, item);
    const markets = stored.map((s): BenchmarkMarket | null => {
      const values = s?.items[item.key];
      if (!values) return null;
      // The company's own value is among them when its survey is a member: the others must still number the minimum.
      const own = s!.surveyIds.includes(surveyId) && value !== null ? 1 : 0;
      if (values.length - own < MIN_BENCHMARK_COMPANIES) return null;
      const summary = marketSummary(values, item.decimals);
      if (!summary) return null;
      return { ...summary, percentile: value === null ? null : percentileRank(values, value) };
    });
    return { kind: item.kind, id: item.id, value, markets };
  });
  return {
    version: 1,
    language: input.language,
    year: input.year,
    company: input.company,
    survey: input.survey,
    published_at: input.publishedAt,
    size_class: input.sizeClass,
    industry: input.industry,
    in_market: all?.surveyIds.includes(surveyId) ?? false,
    groups,
    items,
  };
}
