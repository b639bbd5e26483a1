import { describe, expect, it } from 'vitest';
import { IZZ_CATEGORY_IDS, STATEMENTS } from '../../../../shared/question-banks/index.js';
import { benchmarkFiguresSchema } from '../../../../shared/schemas/comparison.js';
import { buildBenchmarkFigures, buildMarketGroups, surveyDetail, type MarketParticipant, type SurveyDetail } from './market.js';
import { answers, baseFrom } from './testing.js';

const detail = (esi: number | null, category = 3, statement: number | null = 3): SurveyDetail => ({
  esi,
  enps: esi === null ? null : esi - 50,
  categories: Object.fromEntries(IZZ_CATEGORY_IDS.map((id) => [id, category])),
  statements: Object.fromEntries(STATEMENTS.map((s, i) => [s.id, i === 0 ? statement : 3])),
});

/** Eleven medium-sized companies: ESI 50, 55, ..., 100 (surveys 1..11); five of them (1..5) in manufacturing, the rest in IT. */
const participants: MarketParticipant[] = Array.from({ length: 11 }, (_, i) => ({
  surveyId: i + 1,
  sizeClass: 'medium',
  industry: i < 5 ? 'C' : 'J',
  detail: detail(50 + 5 * i, 2 + i * 0.1, i < 4 ? null : 3),
}));
const groups = new Map(buildMarketGroups(participants).map((g) => [g.key, g]));

function benchmark(surveyId: number, d: SurveyDetail, industry: 'C' | 'J' = 'C', sizeClass: 'small' | 'medium' | null = 'medium') {
  return buildBenchmarkFigures({
    language: 'en',
    year: 2025,
    company: 'Demo',
    survey: { id: surveyId, name: 'Survey', responses: 100, employees: 150 },
    publishedAt: '2025-12-15T09:00:00.000Z',
    sizeClass,
    industry,
    detail: d,
    groups,
  });
}

describe('the benchmark market', () => {
  it('groups the eligible surveys into the market, size classes and industries, values sorted', () => {
    expect([...groups.keys()].sort()).toEqual(['industry:C', 'industry:J', 'market:all', 'size:medium']);
    expect(groups.get('market:all')!.companies).toBe(11);
    expect(groups.get('industry:C')!.surveyIds).toEqual([1, 2, 3, 4, 5]);
    expect(groups.get('market:all')!.items.esi).toEqual([50, 55, 60, 65, 70, 75, 80, 85, 90, 95, 100]);
    // A statement the first four companies' surveys suppressed has only seven values.
    expect(groups.get('market:all')!.items[`statement:${STATEMENTS[0]!.id}`]).toHaveLength(7);
  });

  it('gives a member its median, top 25 %, top 10 % and mid-rank percentile (hand-computed)', () => {
    // Survey 8 (ESI 85) of 11: type 7 on 50..100 step 5: median x[5] = 75; P75 h = 7.5 → 87.5; P90 h = 9 → 95.
    // Percentile: 7 below, 1 equal → (7 + 0.5) / 11 = 68.2.
    const f = benchmark(8, participants[7]!.detail, 'J');
    expect(benchmarkFiguresSchema.safeParse(f).error).toBeUndefined();
    expect(f.in_market).toBe(true);
    const esi = f.items.find((i) => i.kind === 'esi')!;
    expect(esi.value).toBe(85);
    expect(esi.markets[0]).toEqual({ companies: 11, median: 75, top25: 87.5, top10: 95, percentile: 68.2 });
    // eNPS = ESI − 50 here: the same ranks.
    expect(f.items.find((i) => i.kind === 'enps')!.markets[0]).toMatchObject({ median: 25, top25: 37.5, top10: 45, percentile: 68.2 });
    // Category means 2.0 .. 3.0: two decimals.
    expect(f.items.find((i) => i.kind === 'category')!.markets[0]).toMatchObject({ median: 2.5, top25: 2.75, top10: 2.9 });
  });

  it('offers a group only with at least five companies besides this one, and says why not', () => {
    // Manufacturing holds five surveys; survey 3 is one of them: four others.
    const member = benchmark(3, participants[2]!.detail, 'C');
    expect(member.groups.map((g) => [g.kind, g.key, g.companies, g.others, g.available, g.reason])).toEqual([
      ['market', 'all', 11, 10, true, null],
      ['size', 'medium', 11, 10, true, null],
      ['industry', 'C', 5, 4, false, 'too-few'],
    ]);
    expect(member.items.every((i) => i.markets[2] === null)).toBe(true);
    // A company outside the market (its survey was not eligible) has five others in manufacturing: offered.
    const outsider = benchmark(99, detail(62), 'C', null);
    // ESI 62 among 50, 55, 60, 65, 70: three below → 60.
    expect(outsider.in_market).toBe(false);
    expect(outsider.groups[2]).toMatchObject({ companies: 5, others: 5, available: true });
    expect(outsider.groups[1]).toMatchObject({ kind: 'size', key: null, available: false, reason: 'no-size-class' });
    expect(outsider.items.find((i) => i.kind === 'esi')!.markets[2]).toEqual({ companies: 5, median: 60, top25: 65, top10: 68, percentile: 60 });
  });

  it('leaves out an item that fewer than five other companies have, and a percentile without the company’s value', () => {
    // Seven companies have statement 1; survey 5 is one of them: six others → shown. Survey 1 has no value of its own.
    const f = benchmark(5, participants[4]!.detail, 'J');
    expect(f.items.find((i) => i.id === STATEMENTS[0]!.id)!.markets[0]).toMatchObject({ companies: 7, percentile: 50 });
    const none = benchmark(1, participants[0]!.detail, 'J');
    expect(none.items.find((i) => i.id === STATEMENTS[0]!.id)).toMatchObject({ value: null });
    expect(none.items.find((i) => i.id === STATEMENTS[0]!.id)!.markets[0]).toMatchObject({ companies: 7, percentile: null });
    const small = new Map(buildMarketGroups(participants.slice(0, 6)).map((g) => [g.key, g]));
    const f2 = buildBenchmarkFigures({ ...benchmarkInput(6), groups: small });
    // Six companies, statement 1 only in surveys 5 and 6: nothing shown for it; ESI from five others: shown.
    expect(f2.items.find((i) => i.id === STATEMENTS[0]!.id)!.markets[0]).toBeNull();
    expect(f2.items.find((i) => i.kind === 'esi')!.markets[0]).not.toBeNull();
  });

  it('takes a survey’s figures from its reporting base as the report prints them', () => {
    const base = baseFrom({ departments: [], locations: [], extraQuestions: [], demographicIds: [] }, Array.from({ length: 6 }, (_, i) => answers({ all: i < 3 ? 3 : 4, esi: [7, 7, 7], enps: i < 3 ? 10 : 6 })));
    const d = surveyDetail(base);
    expect(d.esi).toBe(66.7);
    expect(d.enps).toBe(0);
    expect(d.categories[IZZ_CATEGORY_IDS[0]!]).toBe(3.5);
    expect(d.statements[STATEMENTS[0]!.id]).toBe(3.5);
    const tiny = surveyDetail(baseFrom({ departments: [], locations: [], extraQuestions: [], demographicIds: [] }, [answers({ all: 4, esi: [9, 9, 9] })]));
    expect(tiny).toMatchObject({ esi: null, enps: null });
  });
});

function benchmarkInput(surveyId: number) {
  return {
    language: 'en' as const,
    year: 2025,
    company: 'Demo',
    survey: { id: surveyId, name: 'Survey', responses: 100, employees: 150 },
    publishedAt: '2025-12-15T09:00:00.000Z',
    sizeClass: 'medium' as const,
    industry: 'J' as const,
    detail: participants[surveyId - 1]!.detail,
  };
}
