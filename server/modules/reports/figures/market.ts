/**
 * The benchmark's market (contract: shared/schemas/comparison.ts). Pure.
 *
 * - `surveyDetail(base)`: a finished survey's whole-survey figures as its report prints them (ESI and eNPS one decimal,
 *   category and statement means two decimals; a statement answered by fewer than the minimum is null), from its
 *   anonymised reporting base. Stored beside the award's figures (survey_figures.detail).
 * - `buildMarket(participants)`: at the award's publication, every survey of the year's award with the size class and
 *   industry it has then (frozen: `members`), and the eligible ones grouped into the whole market, each size class and
 *   each industry; per group and item the values across companies (kept on the server for the members' positions,
 *   never sent) and the released band figures, decided for the whole year at once (`BandAudit`, in the order of
 *   `releaseOrder`).
 * - `buildBenchmarkFigures(...)`: a company's survey against the stored market, in the groups the publication froze
 *   for it. A group is offered with at least MIN_BENCHMARK_COMPANIES companies besides the company's own; an item
 *   needs that many other companies with a value. The company's position is given where its survey is a member.
 *
 * The protection (docs/decisions/0013-comparative-and-benchmark-reports.md, "The benchmark's protection"): per item, every band of every group is a set
 * of companies; a company's signature is the list of released bands it belongs to, and companies with the same
 * signature form a class. Any combination of released figures (sums, differences, across groups) is constant on each
 * class, so it can at most tell the total of a class. The bands are considered in a fixed order (the market's bands,
 * then every other group's median band, then their top 25 %, then their top 10 %) and one is released only if
 * afterwards every class holds at least MIN_BENCHMARK_COMPANIES companies whose figure is not public, at least
 * MIN_UNBOUNDED of them without even a public band (`knowledgeOf`: the ESI and eNPS of winners that show their figures
 * are public, the ESI of the others as a band). A reader who knows its own figures and every public one is still left
 * with at least four unknown companies in any total, one of them unbounded: no figure equals, or lets anyone solve
 * for, one company's figure.
 */
import { AWARD_SIZE_CLASSES, type AwardSizeClass } from '../../../../shared/award.js';
import type { Industry } from '../../../../shared/constants.js';
import { IZZ_CATEGORY_IDS, STATEMENTS } from '../../../../shared/question-banks/index.js';
import {
  BENCHMARK_BANDS,
  type BenchmarkBand,
  type BenchmarkFigures,
  type BenchmarkGroup,
  type BenchmarkItem,
  type BenchmarkItemKind,
  type BenchmarkMarket,
} from '../../../../shared/schemas/comparison.js';
import type { ReportSettings } from '../../../../shared/schemas/report.js';
import { bandMean, bandRange, MIN_BENCHMARK_COMPANIES, percentileRank, positionOf } from './comparison-stats.js';
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
type Item = (typeof BENCHMARK_ITEMS)[number];

/**
 * What the winners page tells about a participant's value of an item: a winner's ESI is shown exactly if it agreed to
 * show its figures, else as a band five points wide; its eNPS exactly if it agreed, else nothing. Nobody's category
 * or statement means are public.
 */
function knowledgeOf(item: Item, p: MarketParticipant): PublicKnowledge {
  if (!p.winner || (item.kind !== 'esi' && item.kind !== 'enps')) return 'none';
  if (p.showsFigures) return 'exact';
  return item.kind === 'esi' ? 'band' : 'none';
}

export function itemValue(d: SurveyDetail, item: Item): number | null {
  if (item.kind === 'esi') return d.esi;
  if (item.kind === 'enps') return d.enps;
  return (item.kind === 'category' ? d.categories[item.id] : d.statements[item.id]) ?? null;
}

/** One survey of the year's award at its publication. */
export interface MarketParticipant {
  surveyId: number;
  companyId: number;
  /** The award's size class of the survey (null under the minimum of employees). */
  sizeClass: AwardSizeClass | null;
  /** The company's industry at the publication. */
  industry: Industry;
  /** Eligible for the award: a member of the market and of its size class and industry. */
  inMarket: boolean;
  /** An award winner: the winners page shows its ESI, exactly or as a band. */
  winner: boolean;
  /** A winner that agreed to show its figures: its exact ESI and eNPS are on the winners page. */
  showsFigures: boolean;
  /** Its figures (members only; null for the others, which are not part of any group). */
  detail: SurveyDetail | null;
}

/** A survey's frozen place in the year's market (stored: benchmark_members). */
export interface MarketMember {
  surveyId: number;
  companyId: number;
  sizeClass: AwardSizeClass | null;
  industry: Industry;
  inMarket: boolean;
}

/** One item of one group: the values (ascending; server only), who has none, and the released band figures. */
export interface MarketItem {
  values: number[];
  /** Member surveys without a value for this item. */
  missing: number[];
  median: number | null;
  top25: number | null;
  top10: number | null;
}

/** A stored benchmark group: 'market:all', 'size:<class>' or 'industry:<code>'. */
export interface MarketGroup {
  key: string;
  companies: number;
  surveyIds: number[];
  items: Record<string, MarketItem>;
}

export interface Market {
  members: MarketMember[];
  groups: MarketGroup[];
}

export const marketGroupKey = (kind: BenchmarkGroup['kind'], key: string) => `${kind}:${key}`;

/** The order bands are considered in: the whole market first, then the size classes, then the industries. */
function groupOrder(keys: Iterable<string>): string[] {
  const rank = (key: string) => (key.startsWith('market:') ? 0 : key.startsWith('size:') ? 1 + AWARD_SIZE_CLASSES.indexOf(key.slice(5) as AwardSizeClass) : 10);
  return [...keys].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** What the winners page tells about a company's value of one item. */
export type PublicKnowledge = 'none' | 'band' | 'exact';

/** Of each class, at least this many companies the winners page tells nothing about (not even a band). */
export const MIN_UNBOUNDED = 2;

/**
 * The classes of companies the released bands of one item tell apart (see the file's comment). Starts with every
 * company in the empty class (in no released band); `admit(band)` releases a band if afterwards every non-empty class
 * holds at least MIN_BENCHMARK_COMPANIES companies whose value is not public, and at least MIN_UNBOUNDED of them of
 * which not even a band is public: a class total whose other members all had public bands could pin a value at the
 * edge of its band; one more member the reader knows nothing about (besides the reader itself) absorbs any change.
 */
export class BandAudit {
  private readonly classOf = new Map<number, number>();
  private readonly total: number[] = [0];
  private readonly unknown: number[] = [0];
  private readonly unbounded: number[] = [0];

  constructor(private readonly knowledge: (surveyId: number) => PublicKnowledge) {}

  admit(band: readonly number[]): boolean {
    const touched = new Map<number, { total: number; unknown: number; unbounded: number }>();
    for (const id of band) {
      const c = this.classOf.get(id) ?? 0;
      const t = touched.get(c) ?? { total: 0, unknown: 0, unbounded: 0 };
      const k = this.knowledge(id);
      t.total++;
      if (k !== 'exact') t.unknown++;
      if (k === 'none') t.unbounded++;
      touched.set(c, t);
    }
    const enough = (unknown: number, unbounded: number) => unknown >= MIN_BENCHMARK_COMPANIES && unbounded >= MIN_UNBOUNDED;
    for (const [c, t] of touched) {
      // The part of the class inside the band becomes a class of its own; the part outside stays one (unless it is the
      // empty class: companies in no released band are in no total at all).
      if (!enough(t.unknown, t.unbounded)) return false;
      if (c !== 0 && this.total[c]! > t.total && !enough(this.unknown[c]! - t.unknown, this.unbounded[c]! - t.unbounded)) return false;
    }
    const next = new Map<number, number>();
    for (const [c, t] of touched) {
      next.set(c, this.total.length);
      this.total.push(t.total);
      this.unknown.push(t.unknown);
      this.unbounded.push(t.unbounded);
      if (c === 0) continue;
      this.total[c]! -= t.total;
      this.unknown[c]! -= t.unknown;
      this.unbounded[c]! -= t.unbounded;
    }
    for (const id of band) this.classOf.set(id, next.get(this.classOf.get(id) ?? 0)!);
    return true;
  }

  /** The classes as lists of survey ids (tests). */
  classes(): number[][] {
    const out = new Map<number, number[]>();
    for (const [id, c] of this.classOf) out.set(c, [...(out.get(c) ?? []), id]);
    return [...out.values()].map((ids) => ids.sort((a, b) => a - b));
  }
}

/**
 * The (group, band) pairs in the order the audit considers them: the whole market's bands first (every report shows
 * them), then the median band of each size class and each industry, then their top 25 %, then their top 10 %.
 */
function releaseOrder(order: readonly string[]): [string, BenchmarkBand][] {
  const market = order.filter((k) => k.startsWith('market:'));
  const others = order.filter((k) => !k.startsWith('market:'));
  return [...market.flatMap((k) => BENCHMARK_BANDS.map((b): [string, BenchmarkBand] => [k, b])), ...BENCHMARK_BANDS.flatMap((b) => others.map((k): [string, BenchmarkBand] => [k, b]))];
}

/**
 * Computes the year's market at its publication: the frozen members, the groups, the values and the released bands.
 * Each item is audited on its own; `items` narrows them (tests follow a few; a publication computes all).
 */
export function buildMarket(participants: readonly MarketParticipant[], items: readonly Item[] = BENCHMARK_ITEMS): Market {
  const members: MarketMember[] = participants.map((p) => ({ surveyId: p.surveyId, companyId: p.companyId, sizeClass: p.sizeClass, industry: p.industry, inMarket: p.inMarket }));
  const byGroup = new Map<string, MarketParticipant[]>();
  const add = (key: string, p: MarketParticipant) => {
    const list = byGroup.get(key);
    if (list) list.push(p);
    else byGroup.set(key, [p]);
  };
  for (const p of participants) {
    if (!p.inMarket || !p.detail) continue;
    add(marketGroupKey('market', 'all'), p);
    if (p.sizeClass) add(marketGroupKey('size', p.sizeClass), p);
    add(marketGroupKey('industry', p.industry), p);
  }
  const order = groupOrder(byGroup.keys());
  const groupsOf = new Map<number, string[]>();
  for (const [key, list] of byGroup) for (const p of list) groupsOf.set(p.surveyId, [...(groupsOf.get(p.surveyId) ?? []), key]);
  const byId = new Map(participants.map((p) => [p.surveyId, p]));
  const stored = new Map<string, Record<string, MarketItem>>(order.map((key) => [key, {}]));
  for (const item of items) {
    // One sort per item (the market's companies, ascending, ties in survey order); each group keeps that order.
    const ascending: { id: number; v: number }[] = [];
    for (const p of byGroup.get(marketGroupKey('market', 'all')) ?? []) {
      const v = itemValue(p.detail!, item);
      if (v !== null) ascending.push({ id: p.surveyId, v });
    }
    ascending.sort((a, b) => a.v - b.v || a.id - b.id);
    const sorted = new Map(order.map((key): [string, { id: number; v: number }[]] => [key, []]));
    for (const e of ascending) for (const key of groupsOf.get(e.id)!) sorted.get(key)!.push(e);
    const released = new Map(order.map((key) => [key, { median: null, top25: null, top10: null } as Record<BenchmarkBand, number | null>]));
    const audit = new BandAudit((id) => knowledgeOf(item, byId.get(id)!));
    for (const [key, band] of releaseOrder(order)) {
      const entries = sorted.get(key)!;
      const range = bandRange(entries.length, band);
      if (!range) continue;
      const inBand = entries.slice(range[0], range[1]);
      if (audit.admit(inBand.map((e) => e.id))) released.get(key)![band] = bandMean(inBand.map((e) => e.v), item.decimals);
    }
    const missing = (byGroup.get(marketGroupKey('market', 'all')) ?? []).filter((p) => itemValue(p.detail!, item) === null).map((p) => p.surveyId);
    for (const key of order) {
      stored.get(key)![item.key] = {
        values: sorted.get(key)!.map((e) => e.v),
        missing: missing.filter((id) => groupsOf.get(id)!.includes(key)),
        ...released.get(key)!,
      };
    }
  }
  const groups = order.map((key) => {
    const list = byGroup.get(key)!;
    return { key, companies: list.length, surveyIds: list.map((p) => p.surveyId).sort((a, b) => a - b), items: stored.get(key)! };
  });
  return { members, groups };
}

/** The year's market as read back for reports. */
export interface StoredMarket {
  groups: ReadonlyMap<string, MarketGroup>;
  members: ReadonlyMap<number, MarketMember>;
}

/**
 * The survey's frozen place: its own row, else the row of its company's survey in the same publication (the company's
 * size class and industry then, for a survey outside the award's field); null for a survey of a company that had no
 * survey in the publication (it finished after it).
 */
export function membershipOf(market: StoredMarket, surveyId: number, companyId: number): MarketMember | null {
  const own = market.members.get(surveyId);
  if (own) return own;
  const company = [...market.members.values()].filter((m) => m.companyId === companyId).sort((a, b) => Number(b.inMarket) - Number(a.inMarket) || a.surveyId - b.surveyId)[0];
  return company ? { ...company, surveyId, inMarket: false } : null;
}

export interface BuildBenchmarkInput {
  language: ReportSettings['language'];
  year: number;
  company: string;
  companyId: number;
  survey: BenchmarkFigures['survey'];
  publishedAt: string;
  detail: SurveyDetail;
  market: StoredMarket;
}

export function buildBenchmarkFigures(input: BuildBenchmarkInput): BenchmarkFigures {
  const { market, companyId } = input;
  const surveyId = input.survey.id;
  const membership = membershipOf(market, surveyId, companyId);
  const ownIn = (g: MarketGroup) => g.surveyIds.find((id) => market.members.get(id)?.companyId === companyId) ?? null;

  const groupOf = (kind: BenchmarkGroup['kind'], key: string | null): { group: BenchmarkGroup; stored: MarketGroup | null } => {
    if (key === null) {
      const reason = membership === null ? 'after-publication' : 'no-size-class';
      return { group: { kind, key: null, companies: 0, others: 0, available: false, reason }, stored: null };
    }
    const stored = market.groups.get(marketGroupKey(kind, key)) ?? null;
    const companies = stored?.companies ?? 0;
    const others = companies - (stored && ownIn(stored) !== null ? 1 : 0);
    const available = others >= MIN_BENCHMARK_COMPANIES;
    return { group: { kind, key: key as BenchmarkGroup['key'], companies, others, available, reason: available ? null : 'too-few' }, stored: available ? stored : null };
  };
  const offered = [groupOf('market', 'all'), groupOf('size', membership?.sizeClass ?? null), groupOf('industry', membership?.industry ?? null)];

  const items: BenchmarkItem[] = BENCHMARK_ITEMS.map((item) => {
    const value = itemValue(input.detail, item);
    const markets = offered.map(({ stored }): BenchmarkMarket | null => {
      const m = stored?.items[item.key];
      if (!stored || !m) return null;
      // The company's own value is among them when one of its surveys is a member with a value: the others must still number the minimum.
      const own = ownIn(stored);
      const ownHas = own !== null && !m.missing.includes(own) ? 1 : 0;
      if (m.values.length - ownHas < MIN_BENCHMARK_COMPANIES) return null;
      const member = own === surveyId && value !== null && !m.missing.includes(surveyId);
      const percentile = member ? percentileRank(m.values, value) : null;
      return { companies: m.values.length, median: m.median, top25: m.top25, top10: m.top10, position: percentile === null ? null : positionOf(percentile) };
    });
    return { kind: item.kind, id: item.id, value, markets };
  });
  return {
    version: 2,
    language: input.language,
    year: input.year,
    company: input.company,
    survey: input.survey,
    published_at: input.publishedAt,
    size_class: membership?.sizeClass ?? null,
    industry: membership?.industry ?? null,
    in_market: market.members.get(surveyId)?.inMarket ?? false,
    groups: offered.map((o) => o.group),
    items,
  };
}
