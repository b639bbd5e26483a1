/**
 * Sample comparative and benchmark figures for renderer and component tests (PDF, Excel, web pages): valid against
 * the schemas in ./comparison.ts, deterministic, with every case a renderer must show — a significant rise and fall,
 * a change without significance, a hidden column with each reason, an unavailable benchmark group, a statement the
 * market does not have. The server's builders (server/modules/reports/figures/comparison.ts) make the real ones.
 */
import { IZZ_CATEGORY_IDS, STATEMENTS } from '../question-banks/index.js';
import type { QuestionLanguageCode } from '../locales.js';
import { roundHalfAwayFromZero } from '../rounding.js';
import type { BenchmarkFigures, BenchmarkPosition, ComparativeFigures, ComparedValue, ComparisonColumn } from './comparison.js';

const r2 = (v: number) => roundHalfAwayFromZero(v, 2);
const r1 = (v: number) => roundHalfAwayFromZero(v, 1);

function compared(value: number | null, previous: number | null, decimals: 1 | 2, significant: boolean): ComparedValue {
  const round = decimals === 1 ? r1 : r2;
  return { value: value === null ? null : round(value), change: value === null || previous === null ? null : round(value - previous), significant: value !== null && previous !== null && significant };
}

function column(key: string, label: string | null, opts: { year: number | null; surveyId: number | null; shift: number; prevShift: number | null; n: number | null; statements: boolean; years: boolean }): ComparisonColumn {
  const { shift, prevShift } = opts;
  const sig = prevShift !== null && Math.abs(shift - prevShift) >= 0.1;
  return {
    key,
    label,
    survey_id: opts.surveyId,
    year: opts.year,
    no_answer: false,
    merged: [],
    withheld: false,
    n: opts.n,
    hidden: false,
    reason: null,
    employees: opts.years ? 180 : null,
    occupancy: opts.years ? compared(60 + shift * 40, prevShift === null ? null : 60 + prevShift * 40, 1, false) : null,
    esi: compared(62 + shift * 30, prevShift === null ? null : 62 + prevShift * 30, 1, sig),
    enps: compared(8 + shift * 60, prevShift === null ? null : 8 + prevShift * 60, 1, sig),
    categories: IZZ_CATEGORY_IDS.map((id, i) => ({
      id,
      mean: compared(2.7 + shift + i * 0.04, prevShift === null ? null : 2.7 + prevShift + i * 0.04, 2, sig && i % 2 === 0),
      favourable: compared(62 + shift * 50 + i, prevShift === null ? null : 62 + prevShift * 50 + i, 1, sig && i % 3 === 0),
    })),
    statements: opts.statements
      ? STATEMENTS.map((s, i) => ({
          id: s.id,
          mean: compared(2.5 + shift + (i % 10) * 0.06, prevShift === null ? null : 2.5 + prevShift + (i % 10) * 0.06, 2, sig && i % 4 === 0),
          favourable: compared(55 + shift * 50 + (i % 10) * 2, prevShift === null ? null : 55 + prevShift * 50 + (i % 10) * 2, 1, sig && i % 5 === 0),
        }))
      : [],
  };
}

function hiddenColumn(base: ComparisonColumn, reason: NonNullable<ComparisonColumn['reason']>): ComparisonColumn {
  const none: ComparedValue = { value: null, change: null, significant: false };
  return {
    ...base,
    n: reason === 'empty' ? 0 : null,
    hidden: true,
    reason,
    esi: none,
    enps: none,
    occupancy: base.occupancy ? none : null,
    categories: base.categories.map((c) => ({ id: c.id, mean: none, favourable: none })),
    statements: base.statements.map((s) => ({ id: s.id, mean: none, favourable: none })),
  };
}

const SURVEYS = [
  { id: 101, name: 'Zadovoljstvo zaposlenih 2022', year: 2022, shift: -0.2 },
  { id: 102, name: 'Zadovoljstvo zaposlenih 2023', year: 2023, shift: -0.15 },
  { id: 103, name: 'Zadovoljstvo zaposlenih 2024', year: 2024, shift: 0.05 },
  { id: 104, name: 'Zadovoljstvo zaposlenih 2025', year: 2025, shift: 0.02 },
];

const common = (language: QuestionLanguageCode) => ({ version: 1 as const, language, min_group_size: 5, company: 'Demo d.o.o.' });

/** 'years': four surveys, a significant rise from 2023 to 2024 and an unmarked dip in 2025. */
export function sampleComparativeYears(language: QuestionLanguageCode = 'en'): ComparativeFigures {
  return {
    ...common(language),
    variant: 'years',
    survey: { id: 104, name: SURVEYS[3]!.name, year: 2025 },
    group: null,
    group_title: null,
    columns: SURVEYS.map((s, i) =>
      column(String(s.id), s.name, { year: s.year, surveyId: s.id, shift: s.shift, prevShift: i === 0 ? null : SURVEYS[i - 1]!.shift, n: 120 + i * 8, statements: true, years: true }),
    ),
    total: null,
    series: [],
  };
}

/** 'groups': departments of the 2025 survey, one group hidden below the minimum and the merged "Other". */
export function sampleComparativeGroups(language: QuestionLanguageCode = 'en'): ComparativeFigures {
  const total = column('', null, { year: 2025, surveyId: 104, shift: 0, prevShift: null, n: 152, statements: true, years: false });
  const groups = [
    column('Proizvodnja', 'Proizvodnja', { year: 2025, surveyId: 104, shift: -0.15, prevShift: 0, n: 71, statements: true, years: false }),
    column('Prodaja', 'Prodaja', { year: 2025, surveyId: 104, shift: 0.12, prevShift: 0, n: 38, statements: true, years: false }),
    column('Razvoj', 'Razvoj', { year: 2025, surveyId: 104, shift: 0.04, prevShift: 0, n: 30, statements: true, years: false }),
    { ...column('~other', null, { year: 2025, surveyId: 104, shift: 0.01, prevShift: 0, n: 9, statements: true, years: false }), merged: ['Uprava', 'Logistika'] },
  ];
  const hidden = hiddenColumn(column('Kakovost', 'Kakovost', { year: 2025, surveyId: 104, shift: 0, prevShift: 0, n: null, statements: true, years: false }), 'complementary');
  return {
    ...common(language),
    variant: 'groups',
    survey: { id: 104, name: SURVEYS[3]!.name, year: 2025 },
    group: 'department',
    group_title: language === 'sl' ? 'Oddelek' : 'Department',
    columns: [...groups, hidden],
    total,
    series: [],
  };
}

/** 'group-years': departments over four years; one is merged in a year, one was not asked in the first. */
export function sampleComparativeGroupYears(language: QuestionLanguageCode = 'en'): ComparativeFigures {
  const series = ['Proizvodnja', 'Prodaja', 'Razvoj'].map((dep, d) => ({
    key: dep,
    label: dep,
    no_answer: false,
    columns: SURVEYS.map((s, i) => {
      const c = column(String(s.id), s.name, { year: s.year, surveyId: s.id, shift: s.shift + d * 0.05, prevShift: i === 0 ? null : SURVEYS[i - 1]!.shift + d * 0.05, n: 30 + d * 10 + i, statements: false, years: false });
      if (dep === 'Razvoj' && i === 0) return hiddenColumn(c, 'not-asked');
      if (dep === 'Razvoj' && i === 1) return { ...hiddenColumn(c, 'merged'), esi: { value: null, change: null, significant: false } };
      return i === 2 && dep === 'Razvoj' ? { ...c, esi: { ...c.esi, change: null, significant: false }, enps: { ...c.enps, change: null, significant: false }, categories: c.categories.map((x) => ({ ...x, mean: { ...x.mean, change: null, significant: false }, favourable: { ...x.favourable, change: null, significant: false } })) } : c;
    }),
  }));
  return { ...common(language), variant: 'group-years', survey: { id: 104, name: SURVEYS[3]!.name, year: 2025 }, group: 'department', group_title: language === 'sl' ? 'Oddelek' : 'Department', columns: [], total: null, series };
}

/**
 * A medium-sized manufacturing company in the 2025 market; its industry group has too few companies. The market (31
 * companies) has a median band and a top 25 % but too few for a top 10 %; the size class (11) a median band only, and
 * eNPS's median band of the size class is withheld (it would single out fewer than five companies with the market's).
 */
export function sampleBenchmark(language: QuestionLanguageCode = 'en'): BenchmarkFigures {
  const groups: BenchmarkFigures['groups'] = [
    { kind: 'market', key: 'all', companies: 31, others: 30, available: true, reason: null },
    { kind: 'size', key: 'medium', companies: 11, others: 10, available: true, reason: null },
    { kind: 'industry', key: 'C', companies: 5, others: 4, available: false, reason: 'too-few' },
  ];
  const position = (value: number | null, median: number, spread: number): BenchmarkPosition | null => {
    if (value === null) return null;
    const z = (value - median) / spread;
    return z >= 2 ? 'top-10' : z >= 1 ? 'top-25' : z >= 0 ? 'upper-half' : z >= -1 ? 'lower-half' : 'bottom-25';
  };
  const round = (decimals: 1 | 2) => (decimals === 1 ? r1 : r2);
  const market = (median: number, spread: number, value: number | null, decimals: 1 | 2) => ({
    companies: 31,
    median: round(decimals)(median),
    top25: round(decimals)(median + spread),
    top10: null,
    position: position(value, median, spread),
  });
  const sizeClass = (median: number, spread: number, value: number | null, decimals: 1 | 2, withheld: boolean) => ({
    companies: 11,
    median: withheld ? null : round(decimals)(median),
    top25: null,
    top10: null,
    position: position(value, median, spread),
  });
  const item = (kind: BenchmarkFigures['items'][number]['kind'], id: string, value: number | null, median: number, spread: number, decimals: 1 | 2) => ({
    kind,
    id,
    value,
    markets: [market(median, spread, value, decimals), sizeClass(median + spread / 4, spread, value, decimals, kind === 'enps'), null],
  });
  return {
    version: 2,
    language,
    year: 2025,
    company: 'Demo d.o.o.',
    survey: { id: 104, name: SURVEYS[3]!.name, responses: 152, employees: 180 },
    published_at: '2025-12-15T09:00:00.000Z',
    size_class: 'medium',
    industry: 'C',
    in_market: true,
    groups,
    items: [
      item('esi', 'esi', 66.4, 61.2, 5.1, 1),
      item('enps', 'enps', 14.3, 4.5, 9.2, 1),
      ...IZZ_CATEGORY_IDS.map((id, i) => item('category', id, r2(2.8 + i * 0.03), 2.75 + (i % 3) * 0.05, 0.12, 2)),
      ...STATEMENTS.map((s, i) =>
        i === 5 ? { kind: 'statement' as const, id: s.id, value: null, markets: [null, null, null] } : item('statement', s.id, r2(2.6 + (i % 9) * 0.05), 2.7 + (i % 4) * 0.04, 0.14, 2),
      ),
    ],
  };
}
