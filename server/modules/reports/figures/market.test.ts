import { describe, expect, it } from 'vitest';
import type { AwardSizeClass } from '../../../../shared/award.js';
import type { Industry } from '../../../../shared/constants.js';
import { IZZ_CATEGORY_IDS, STATEMENTS } from '../../../../shared/question-banks/index.js';
import { benchmarkFiguresSchema, type BenchmarkFigures } from '../../../../shared/schemas/comparison.js';
import { BandAudit, buildBenchmarkFigures, buildMarket, membershipOf, surveyDetail, type Market, type MarketParticipant, type StoredMarket, type SurveyDetail } from './market.js';
import { answers, baseFrom } from './testing.js';

const S1 = STATEMENTS[0]!.id;

function detail(esi: number | null, opts: { enps?: number; category?: number; statement?: number | null } = {}): SurveyDetail {
  return {
    esi,
    enps: esi === null ? null : (opts.enps ?? esi - 50),
    categories: Object.fromEntries(IZZ_CATEGORY_IDS.map((id) => [id, opts.category ?? 3])),
    statements: Object.fromEntries(STATEMENTS.map((s, i) => [s.id, i === 0 ? (opts.statement === undefined ? 3 : opts.statement) : 3])),
  };
}

function participant(
  surveyId: number,
  d: SurveyDetail | null,
  o: { companyId?: number; sizeClass?: AwardSizeClass | null; industry?: Industry; inMarket?: boolean; winner?: boolean; showsFigures?: boolean } = {},
): MarketParticipant {
  return {
    surveyId,
    companyId: o.companyId ?? surveyId,
    sizeClass: o.sizeClass === undefined ? 'medium' : o.sizeClass,
    industry: o.industry ?? 'J',
    inMarket: o.inMarket ?? true,
    winner: o.winner ?? o.showsFigures ?? false,
    showsFigures: o.showsFigures ?? false,
    detail: d,
  };
}

/** The market as the service reads it back from the database (JSON round trip). */
function stored(m: Market): StoredMarket {
  const copy = JSON.parse(JSON.stringify(m)) as Market;
  return { groups: new Map(copy.groups.map((g) => [g.key, g])), members: new Map(copy.members.map((x) => [x.surveyId, x])) };
}

function benchmark(market: StoredMarket, surveyId: number, companyId: number, d: SurveyDetail): BenchmarkFigures {
  const f = buildBenchmarkFigures({
    language: 'en',
    year: 2025,
    company: 'Demo',
    companyId,
    survey: { id: surveyId, name: 'Survey', responses: 100, employees: 150 },
    publishedAt: '2025-12-15T09:00:00.000Z',
    detail: d,
    market,
  });
  expect(benchmarkFiguresSchema.safeParse(f).error).toBeUndefined();
  return f;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/**
 * Twenty-four medium-sized IT companies (surveys 1..24): ESI 50, 51, ..., 73; eNPS so that the best six sum to
 * −107.1 (their mean −17.85 lies exactly on a half); the first four have no value for statement 1.
 */
const market24 = Array.from({ length: 24 }, (_, i) =>
  participant(i + 1, detail(50 + i, { enps: i >= 18 ? [-18.1, -18, -17.9, -17.8, -17.7, -17.6][i - 18]! : -40 + i, statement: i < 4 ? null : 2 + i * 0.05 })),
);

describe('the benchmark market', () => {
  it('freezes every survey of the publication with its size class and industry, and groups the eligible ones', () => {
    const outside = participant(99, null, { companyId: 3, inMarket: false, sizeClass: 'small', industry: 'C' });
    const m = buildMarket([...market24, outside]);
    expect(m.groups.map((g) => g.key)).toEqual(['market:all', 'size:medium', 'industry:J']);
    expect(m.groups[0]!.companies).toBe(24);
    expect(m.members).toHaveLength(25);
    expect(m.members.at(-1)).toEqual({ surveyId: 99, companyId: 3, sizeClass: 'small', industry: 'C', inMarket: false });
    const esi = m.groups[0]!.items.esi!;
    expect(esi.values).toEqual(Array.from({ length: 24 }, (_, i) => 50 + i));
    // Statement 1: the first four have none.
    expect(m.groups[0]!.items[`statement:${S1}`]).toMatchObject({ missing: [1, 2, 3, 4] });
    expect(m.groups[0]!.items[`statement:${S1}`]!.values).toHaveLength(20);
  });

  it('a figure is the mean of a band of at least five companies, never one company’s value (hand-computed)', () => {
    const m = buildMarket(market24);
    const esi = m.groups[0]!.items.esi!;
    // 24 companies: the median band is the middle five (positions 10..14 of 24: ESI 59..63), the top 25 % the best six
    // (68..73); the best tenth (two) is too small for a figure.
    expect(esi.median).toBe(mean([59, 60, 61, 62, 63]));
    expect(esi.top25).toBe(70.5);
    expect(esi.top10).toBeNull();
    // The best six eNPS average −17.85: half away from zero gives −17.9 (Math.round gave −17.8).
    expect(m.groups[0]!.items.enps!.top25).toBe(-17.9);
    // Twenty companies with statement 1 (2.2 .. 3.15): the median band is positions 8..12, the top quarter the best five.
    const s1 = m.groups[0]!.items[`statement:${S1}`]!;
    expect(s1.median).toBe(2.65); // 2.55 .. 2.75
    expect(s1.top25).toBe(3.05); // 2.95 .. 3.15
    // The same companies make the size class and the industry: their bands would only repeat the market's, and a
    // repeated band tells nothing new — released again.
    expect(m.groups[1]!.items.esi).toMatchObject({ median: esi.median, top25: 70.5 });
  });

  it('releases a band only if every set of companies the year’s figures tell apart keeps at least five whose figure is not public', () => {
    const audit = new BandAudit((id) => (id === 12 ? 'exact' : 'none'));
    expect(audit.admit([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toBe(true);
    // Splitting {1..10} into {1..6} and {7..10} would leave four companies alone in a class.
    expect(audit.admit([1, 2, 3, 4, 5, 6])).toBe(false);
    expect(audit.admit([1, 2, 3, 4, 5])).toBe(true);
    // A band that cuts {6..10} into four and one, or holds only four companies of no band yet, is withheld.
    expect(audit.admit([6, 7, 8, 9, 13, 14, 15, 16, 17, 18])).toBe(false);
    expect(audit.admit([13, 14, 15, 16])).toBe(false);
    // Five companies of no band, but 12 is public: four unknown ones are too few; with a sixth, released.
    expect(audit.admit([11, 12, 13, 14, 15])).toBe(false);
    expect(audit.admit([11, 12, 13, 14, 15, 16])).toBe(true);
    expect(audit.classes().sort((a, b) => a[0]! - b[0]!)).toEqual([
      [1, 2, 3, 4, 5],
      [6, 7, 8, 9, 10],
      [11, 12, 13, 14, 15, 16],
    ]);
    // The differencing: industry J = the five small companies and one large one; with J's figure released, the
    // small companies' figure would tell the large one's value (J − small): withheld.
    const j = new BandAudit(() => 'none');
    expect(j.admit([1, 2, 3, 4, 5, 6])).toBe(true);
    expect(j.admit([1, 2, 3, 4, 5])).toBe(false);
    // Public bands (a winner hiding its ESI): five companies whose value is not public, but only one the reader knows
    // nothing about — with the others at the edges of their bands the total could pin them: withheld. Two: released.
    const banded = new BandAudit((id) => (id <= 4 ? 'band' : 'none'));
    expect(banded.admit([1, 2, 3, 4, 5])).toBe(false);
    expect(banded.admit([1, 2, 3, 4, 5, 6])).toBe(true);
  });

  it('withholds a group’s band that would let anyone work out the companies outside another band (the differencing of the issue)', () => {
    // Industry J: five small companies (ESI 60..64) and a large one (80); industry C: six large ones (40..45).
    const ps = [
      ...Array.from({ length: 5 }, (_, i) => participant(i + 1, detail(60 + i), { sizeClass: 'small', industry: 'J' })),
      participant(6, detail(80), { sizeClass: 'large', industry: 'J' }),
      ...Array.from({ length: 6 }, (_, i) => participant(7 + i, detail(40 + i), { sizeClass: 'large', industry: 'C' })),
    ];
    const m = buildMarket(ps);
    const item = (key: string) => m.groups.find((g) => g.key === key)!.items.esi!;
    // The market (12): the middle five (ESI 43, 44, 45, 60, 61).
    expect(item('market:all').median).toBe(mean([43, 44, 45, 60, 61]));
    // Every other group's middle band would cut the market's middle band, or the companies outside it, into a piece of
    // fewer than five: the small companies (60..64) take two of the market's band, the large ones' middle five (41..45)
    // and industry C's (40..44) leave two or three outside it, industry J's (60..64) takes two. All withheld.
    expect(item('size:small').median).toBeNull();
    expect(item('size:large').median).toBeNull();
    expect(item('industry:J').median).toBeNull();
    expect(item('industry:C').median).toBeNull();
  });

  it('counts what the winners page shows: a winner’s exact ESI and eNPS when it shows them, else its ESI band', () => {
    const ps = Array.from({ length: 6 }, (_, i) => participant(i + 1, detail(60 + i, { statement: 3 }), { showsFigures: i === 5 }));
    const m = buildMarket(ps);
    // The middle five of six are 60..64 (positions 0..4): the winner showing its figures (65) is not among them.
    expect(m.groups[0]!.items.esi!.median).toBe(62);
    // Survey 2 (ESI 61) a winner showing its figures: its ESI and eNPS are known, four unknown companies are too few;
    // nobody's statements are public.
    const shown = buildMarket(ps.map((p) => ({ ...p, winner: p.surveyId === 2, showsFigures: p.surveyId === 2 })));
    expect(shown.groups[0]!.items.esi!.median).toBeNull();
    expect(shown.groups[0]!.items.enps!.median).toBeNull();
    expect(shown.groups[0]!.items[`statement:${S1}`]!.median).toBe(3);
    // Four winners hiding their figures in the band: their ESI bands are public, and one company besides them is too
    // few to keep a total from pinning a value at its band's edge; their eNPS is not public at all.
    const hiding = buildMarket(ps.map((p) => ({ ...p, winner: p.surveyId <= 4, showsFigures: false })));
    expect(hiding.groups[0]!.items.esi!.median).toBeNull();
    expect(hiding.groups[0]!.items.enps!.median).toBe(12);
    // Three hiding winners leave two companies without a public band: released.
    expect(buildMarket(ps.map((p) => ({ ...p, winner: p.surveyId <= 3, showsFigures: false }))).groups[0]!.items.esi!.median).toBe(62);
  });

  it('gives a member its position in bands, a survey outside the market none', () => {
    const s = stored(buildMarket([...market24, participant(99, null, { companyId: 77, inMarket: false, sizeClass: 'small', industry: 'C' })]));
    const pos = (surveyId: number, companyId = surveyId) => benchmark(s, surveyId, companyId, market24[surveyId - 1]?.detail ?? detail(72)).items.find((i) => i.kind === 'esi')!.markets[0]!.position;
    // Mid-rank percentiles of 24 distinct values: the best (23.5/24 = 97.9) top 10 %; 21st (20.5/24 = 85.4) top 25 %;
    // 13th (12.5/24 = 52.1) above the median; 12th (47.9) below; 6th (5.5/24 = 22.9) bottom 25 %.
    expect([pos(24), pos(21), pos(13), pos(12), pos(6)]).toEqual(['top-10', 'top-25', 'upper-half', 'lower-half', 'bottom-25']);
    // A survey outside the market (ESI 72 here) is compared with the figures but gets no position among the companies.
    const outside = benchmark(s, 99, 77, detail(72));
    expect(outside.in_market).toBe(false);
    expect(outside.items.find((i) => i.kind === 'esi')!.markets[0]).toEqual({ companies: 24, median: 61, top25: 70.5, top10: null, position: null });
  });

  it('reads the groups the publication froze, never the profile, and counts none of the company’s own surveys as another company', () => {
    const ps = [
      ...Array.from({ length: 6 }, (_, i) => participant(i + 1, detail(60 + i), { sizeClass: 'medium', industry: 'J' })),
      ...Array.from({ length: 6 }, (_, i) => participant(11 + i, detail(40 + i), { sizeClass: 'large', industry: 'C' })),
      // Company 3's second survey of the year: not eligible, frozen with the company's profile of that publication.
      participant(21, null, { companyId: 3, sizeClass: 'large', industry: 'J', inMarket: false }),
    ];
    const s = stored(buildMarket(ps));
    const second = benchmark(s, 21, 3, detail(70));
    // The market holds 12 companies; company 3 is one of them (its first survey): 11 others, not 12.
    expect(second.groups.map((g) => [g.kind, g.key, g.companies, g.others, g.available])).toEqual([
      ['market', 'all', 12, 11, true],
      ['size', 'large', 6, 6, true],
      ['industry', 'J', 6, 5, true],
    ]);
    expect(second.size_class).toBe('large');
    expect(second.in_market).toBe(false);
    // A survey that finished after the publication takes its company's frozen place; a company without a survey in the
    // publication has no size class or industry in that year's market.
    expect(membershipOf(s, 30, 3)).toEqual({ surveyId: 30, companyId: 3, sizeClass: 'medium', industry: 'J', inMarket: false });
    const late = benchmark(s, 31, 88, detail(70));
    expect(late.groups.map((g) => [g.kind, g.available, g.reason])).toEqual([
      ['market', true, null],
      ['size', false, 'after-publication'],
      ['industry', false, 'after-publication'],
    ]);
    expect([late.size_class, late.industry]).toEqual([null, null]);
  });

  it('offers a group only with at least five other companies, an item only with five others that have it', () => {
    const ps = Array.from({ length: 6 }, (_, i) => participant(i + 1, detail(60 + i, { statement: i < 2 ? null : 3 })));
    const s = stored(buildMarket(ps));
    const member = benchmark(s, 3, 3, ps[2]!.detail!);
    expect(member.groups[0]).toMatchObject({ companies: 6, others: 5, available: true });
    // Statement 1: four companies have it besides the company: nothing shown; ESI: five others.
    expect(member.items.find((i) => i.id === S1)!.markets[0]).toBeNull();
    expect(member.items.find((i) => i.kind === 'esi')!.markets[0]).toMatchObject({ companies: 6, median: 62, top25: null, top10: null, position: 'lower-half' });
    const small = stored(buildMarket(ps.slice(0, 5)));
    expect(benchmark(small, 1, 1, ps[0]!.detail!).groups[0]).toMatchObject({ companies: 5, others: 4, available: false, reason: 'too-few' });
    // Under the award's size classes: no size group.
    const tiny = stored(buildMarket([...ps, participant(40, null, { sizeClass: null, inMarket: false })]));
    expect(benchmark(tiny, 40, 40, detail(50)).groups[1]).toMatchObject({ kind: 'size', key: null, available: false, reason: 'no-size-class' });
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
