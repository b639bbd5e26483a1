/**
 * The employees' results page is a selection of the company's own report of the whole survey. Property:
 * for random surveys (a few respondents to many, tiny departments, comments) and minimum group sizes, every number on
 * the page is the number the company's basic report shows at the same place, no comment text appears, no group
 * appears, and a survey below the minimum shows no figure at all.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STATEMENTS } from '../../../shared/question-banks/index.js';
import { reportSettingsSchema, type ReportFigures } from '../../../shared/schemas/report.js';
import { figuresFrom, generateSurvey } from '../reports/figures/testing.js';
import { buildSharedResults, focusFigures, largestDrops, lowestCategories } from './shared-results.js';

function reportOf(count: number, seed: number, minGroupSize: number): { figures: ReportFigures; comments: string[] } {
  const g = generateSurvey(count, seed);
  const figures = figuresFrom({ meta: g.meta, survey: g.survey, responses: g.responses, settings: reportSettingsSchema.parse({ language: 'sl' }), minGroupSize });
  const comments = g.responses.flatMap((r) => [r.answers.praise_critique ?? '', ...Object.values(r.answers.extra).map((e) => (e as { comment?: string }).comment ?? '')]).filter(Boolean);
  return { figures, comments };
}

/** Every number of the page with its path. */
function numbers(value: unknown, path = ''): [string, number][] {
  if (typeof value === 'number') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => numbers(v, `${path}[${String(i)}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => numbers(v, path ? `${path}.${k}` : k));
  return [];
}

describe('the employees’ results page', () => {
  it('shows only what the company’s report shows, never a group, a comment or a figure below the minimum', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 45 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 3, max: 8 }),
        fc.subarray(STATEMENTS.map((s) => s.id), { minLength: 0, maxLength: 2 }),
        (count, seed, k, statements) => {
          const { figures, comments } = reportOf(count, seed, k);
          const focus = [
            { kind: 'category' as const, item_id: 'communication', actions: [{ title: 'Monthly briefing', description: '', due_on: '2031-01-01', status: 'planned' as const }] },
            ...statements.map((id) => ({ kind: 'statement' as const, item_id: id, actions: [] })),
          ];
          const page = buildSharedResults({ figures, language: 'sl', languages: ['sl', 'mk'], year: 2030, focusAreas: focus, message: 'Hvala.', publishedAt: null });
          // Numbers the page's own inputs give it (not figures): the year, the minimum, and no others.
          const own = new Set(['year', 'min_group_size']);
          const shown = figures.population.n !== null && !figures.population.suppressed && figures.population.n >= k;
          for (const [path, v] of numbers(page)) {
            if (own.has(path)) continue;
            if (path === 'responses') expect(v).toBe(figures.meta.responses.total);
            else if (path === 'response_rate') expect(v).toBe(figures.meta.occupancy_pct);
            else if (path === 'esi') expect(v).toBe(figures.esi.score);
            else if (path === 'enps') expect(v).toBe(figures.enps.score);
            else {
              const cat = /^categories\[(\d+)\]\.(mean|favourable_pct)$/.exec(path);
              const area = /^focus_areas\[(\d+)\]\.(mean|favourable_pct)$/.exec(path);
              expect(cat ?? area, `unexpected number at ${path}`).not.toBeNull();
              expect(shown, `${path} shown below the minimum`).toBe(true);
              if (cat) {
                const c = page.categories[Number(cat[1])]!;
                expect(v).toBe(figures.categories.find((x) => x.id === c.id)![cat[2] as 'mean']);
              } else if (area) {
                const a = page.focus_areas[Number(area[1])]!;
                const expected = a.kind === 'category' ? figures.categories.find((x) => x.id === a.item_id)! : figures.statements.find((x) => x.id === a.item_id)!;
                expect(a.kind === 'statement' && (expected as { suppressed: boolean }).suppressed).toBe(false);
                expect(v).toBe(expected[area[2] as 'mean']);
              }
            }
          }
          if (!shown) {
            expect(page.esi).toBeNull();
            expect(page.enps).toBeNull();
            expect(page.categories).toEqual([]);
            expect(page.focus_areas.every((a) => a.mean === null && a.favourable_pct === null)).toBe(true);
          }
          // No comment text, and nothing named like a group (departments, locations) of the report.
          const text = JSON.stringify(page);
          for (const c of comments) expect(text).not.toContain(c);
          for (const d of ['Production', 'Logistics', 'Legal', 'Zagreb', 'Osijek']) expect(text).not.toContain(d);
        },
      ),
      { numRuns: 12 },
    );
  }, 300_000);

  it('a focus statement the report hides stays hidden', () => {
    const { figures } = reportOf(30, 3, 5);
    const hidden: ReportFigures = { ...figures, statements: figures.statements.map((s, i) => (i === 0 ? { ...s, suppressed: true, mean: null, favourable_pct: null } : s)) };
    expect(focusFigures(hidden, 'statement', figures.statements[0]!.id)).toEqual({ mean: null, favourable_pct: null });
  });
});

describe('suggestions', () => {
  it('the lowest categories come from the report, lowest first', () => {
    const { figures } = reportOf(40, 7, 5);
    const lowest = lowestCategories(figures);
    expect(lowest).toHaveLength(3);
    const sorted = [...figures.categories].sort((a, b) => a.mean! - b.mean!);
    expect(lowest.map((s) => s.mean)).toEqual(sorted.slice(0, 3).map((c) => c.mean));
  });

  it('the largest drops are the most negative changes of the survey’s column against the one before', () => {
    const value = (v: number, change: number | null) => ({ value: v, change, significant: false });
    const column = (id: number, cats: [number, number | null][]) => ({
      key: String(id), label: null, survey_id: id, year: 2020 + id, no_answer: false, merged: [], withheld: false, n: 50, hidden: false, reason: null,
      employees: null, occupancy: null, esi: value(50, null), enps: value(0, null),
      categories: cats.map(([v, c], i) => ({ id: (['job_content', 'working_conditions', 'pay_benefits'] as const)[i]!, mean: value(v, c), favourable: value(50, null) })),
      statements: [{ id: 'JC01', mean: value(2, -0.4), favourable: value(50, null) }],
    });
    const drops = largestDrops(
      { version: 1, variant: 'years', language: 'en', min_group_size: 5, company: 'X', survey: { id: 2, name: 'b', year: 2022 }, group: null, group_title: null, total: null, series: [],
        columns: [column(1, [[3, null], [3, null], [3, null]]), column(2, [[2.9, -0.1], [2.5, -0.5], [3.2, 0.2]])] },
      2,
    );
    expect(drops.map((d) => [d.kind, d.item_id, d.difference])).toEqual([
      ['category', 'working_conditions', -0.5],
      ['statement', 'JC01', -0.4],
      ['category', 'job_content', -0.1],
    ]);
  });
});
