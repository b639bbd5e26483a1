import { describe, expect, it } from 'vitest';
import { comparativeFiguresSchema } from '../../../../shared/schemas/comparison.js';
import { buildComparativeFigures, groupsOverYears, type ComparedSurvey } from './comparison.js';
import { ReportSettingsError, type ReportSurvey } from './figures.js';
import { answers, baseFrom, type AnswerSpec } from './testing.js';

const survey = (departments: string[]): ReportSurvey => ({ departments, locations: [], extraQuestions: [], demographicIds: [] });

/** `count` respondents of one kind. */
const many = (count: number, spec: AnswerSpec) => Array.from({ length: count }, () => answers(spec));

function compared(id: number, year: number, departments: string[], responses: ReturnType<typeof answers>[]): ComparedSurvey {
  const s = survey(departments);
  return { id, name: `Survey ${String(year)}`, year, employees: 20, survey: s, base: baseFrom(s, responses, 5, `survey:${String(id)}`), seed: `survey:${String(id)}` };
}

// 2023: three respondents, below the minimum of 5 (and no departments asked).
const y2023 = compared(1, 2023, [], many(3, { all: 4, esi: [9, 9, 9], enps: 10 }));
// 2024: every statement 3 in Sales, 2 in Production: mean 2.50, favourable 50 %; ESI 66.7 and 33.3 → 50.0; eNPS 5 promoters, 5 detractors → 0.
const y2024 = compared(2, 2024, ['Sales', 'Production'], [
  ...many(5, { all: 3, esi: [7, 7, 7], enps: 9, department: 'Sales' }),
  ...many(5, { all: 2, esi: [4, 4, 4], enps: 5, department: 'Production' }),
]);
// 2025: Sales answers 4,4,4,4,3 (mean 3.8), Production 3,3,3,3,2 (mean 2.8): mean 3.30, favourable 9 of 10 = 90 %;
// ESI Sales 100 (27/27), Production 66.7 (18/27) → 83.3; eNPS all promoters → 100.
const y2025 = compared(3, 2025, ['Sales', 'Production'], [
  ...many(4, { all: 4, esi: [10, 10, 10], enps: 10, department: 'Sales' }),
  ...many(1, { all: 3, esi: [10, 10, 10], enps: 10, department: 'Sales' }),
  ...many(4, { all: 3, esi: [7, 7, 7], enps: 9, department: 'Production' }),
  ...many(1, { all: 2, esi: [7, 7, 7], enps: 9, department: 'Production' }),
]);
const surveys = [y2023, y2024, y2025];
const input = { language: 'en' as const, minGroupSize: 5, company: 'Demo', anchor: y2025, surveys, group: null, groupTitle: null };

describe('comparative report: all years', () => {
  const f = buildComparativeFigures({ ...input, variant: 'years' });

  it('is valid against the contract, oldest survey first, the survey below the minimum hidden', () => {
    expect(comparativeFiguresSchema.safeParse(f).error).toBeUndefined();
    expect(f.columns.map((c) => [c.year, c.hidden, c.reason, c.n])).toEqual([
      [2023, true, 'below-minimum', 3],
      [2024, false, null, 10],
      [2025, false, null, 10],
    ]);
    expect(f.columns[0]!.esi.value).toBeNull();
  });

  it('changes from the previous survey, never from a hidden one', () => {
    const [, a, b] = f.columns;
    expect(a!.esi).toEqual({ value: 50, change: null, significant: false });
    expect(a!.statements[0]!.mean).toEqual({ value: 2.5, change: null, significant: false });
    expect(b!.statements[0]!.mean.value).toBe(3.3);
    expect(b!.statements[0]!.mean.change).toBe(0.8);
    expect(b!.statements[0]!.favourable.value).toBe(90);
    expect(b!.statements[0]!.favourable.change).toBe(40);
    expect(b!.esi.value).toBe(83.3);
    expect(b!.esi.change).toBe(33.3);
    expect(b!.enps.value).toBe(100);
    expect(b!.enps.change).toBe(100);
  });

  it('marks what the tests find significant at 95 %, and only that', () => {
    const b = f.columns[2]!;
    // Welch: means 3.3 vs 2.5, variances 0.456 and 0.278, n 10 and 10: t = 2.95 → p < 0.05.
    expect(b.statements[0]!.mean.significant).toBe(true);
    // Two proportions: 9/10 vs 5/10, pooled 0.7: z = 1.95 → p = 0.051, not significant.
    expect(b.statements[0]!.favourable.significant).toBe(false);
    // ESI: 83.3 vs 50.0 with sd 17.6 each: t = 4.24; eNPS: +100 (no spread) vs 0 (sd 105.4): t = 3.0, df 9 → p = 0.015.
    expect(b.esi.significant).toBe(true);
    expect(b.enps.significant).toBe(true);
    expect(b.categories.every((c) => c.mean.significant)).toBe(true);
    // The response rate changes (10 of 20 both years): no change, never tested.
    expect(b.occupancy).toEqual({ value: 50, change: 0, significant: false });
  });
});

describe('comparative report: by group within a year', () => {
  const f = buildComparativeFigures({ ...input, variant: 'groups', group: 'department', groupTitle: 'Department' });

  it('compares every group with the whole survey and tests it against the rest', () => {
    expect(comparativeFiguresSchema.safeParse(f).error).toBeUndefined();
    expect(f.total!.statements[0]!.mean.value).toBe(3.3);
    const sales = f.columns.find((c) => c.key === 'Sales')!;
    const production = f.columns.find((c) => c.key === 'Production')!;
    expect(sales.n).toBe(5);
    expect(sales.statements[0]!.mean).toEqual({ value: 3.8, change: 0.5, significant: true });
    expect(production.statements[0]!.mean).toEqual({ value: 2.8, change: -0.5, significant: true });
    // 5 of 5 favourable against 4 of 5: z = 1.05, not significant.
    expect(sales.statements[0]!.favourable).toEqual({ value: 100, change: 10, significant: false });
  });

  it('refuses a question that is not a group of the survey', () => {
    expect(() => buildComparativeFigures({ ...input, variant: 'groups', group: 'location', groupTitle: null })).toThrow(ReportSettingsError);
  });
});

describe('comparative report: by group over the years', () => {
  it('follows each value, hidden where it was not asked, merged or too small — never worked out', () => {
    // 2024: Sales 5, Production 5, Finance 5. 2025: Sales 6, Production 5, Finance 5, IT 2: IT is below the minimum and
    // merges into "Other" together with the next smallest, Finance (ties merge the later value first).
    const a = compared(10, 2024, ['Sales', 'Production', 'Finance'], [
      ...many(5, { all: 3, esi: [7, 7, 7], enps: 9, department: 'Sales' }),
      ...many(5, { all: 2, esi: [4, 4, 4], enps: 5, department: 'Production' }),
      ...many(5, { all: 3, esi: [6, 6, 6], enps: 8, department: 'Finance' }),
    ]);
    const b = compared(11, 2025, ['Sales', 'Production', 'Finance', 'IT'], [
      ...many(6, { all: 4, esi: [9, 9, 9], enps: 10, department: 'Sales' }),
      ...many(5, { all: 2, esi: [4, 4, 4], enps: 5, department: 'Production' }),
      ...many(5, { all: 3, esi: [6, 6, 6], enps: 8, department: 'Finance' }),
      ...many(2, { all: 1, esi: [1, 1, 1], enps: 0, department: 'IT' }),
    ]);
    const list = [y2023, a, b];
    expect(groupsOverYears(list)).toEqual([{ question: 'department', surveys: [10, 11] }]);
    const f = buildComparativeFigures({ ...input, anchor: b, surveys: list, variant: 'group-years', group: 'department', groupTitle: 'Department' });
    expect(comparativeFiguresSchema.safeParse(f).error).toBeUndefined();
    expect(f.series.map((s) => s.key).sort()).toEqual(['Finance', 'Production', 'Sales']);
    const finance = f.series.find((s) => s.key === 'Finance')!;
    expect(finance.columns.map((c) => [c.year, c.hidden, c.reason])).toEqual([
      [2023, true, 'not-asked'],
      [2024, false, null],
      [2025, true, 'merged'],
    ]);
    expect(finance.columns[2]!.esi.value).toBeNull();
    const sales = f.series.find((s) => s.key === 'Sales')!;
    expect(sales.columns[1]!.categories[0]!.mean.value).toBe(3);
    expect(sales.columns[2]!.categories[0]!.mean).toMatchObject({ value: 4, change: 1 });
    expect(sales.columns[2]!.statements).toEqual([]);
    // Production answered the same both years: no change, nothing marked.
    const production = f.series.find((s) => s.key === 'Production')!;
    expect(production.columns[2]!.esi).toEqual({ value: 33.3, change: 0, significant: false });
  });

  it('refuses a question asked in fewer than two surveys', () => {
    expect(() => buildComparativeFigures({ ...input, surveys: [y2023, y2025], variant: 'group-years', group: 'department', groupTitle: null })).toThrow(ReportSettingsError);
  });
});
