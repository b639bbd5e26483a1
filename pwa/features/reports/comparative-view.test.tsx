/**
 * The comparative report's three variants rendered from the shared sample figures: the columns and their values in the
 * page's number format, ▲ / ▼ (with words) exactly where a change is significant, hidden columns with their reasons,
 * the legend; in en, sl and mk.
 */
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import enReports from '../../../shared/i18n/en/reports.json';
import mkReports from '../../../shared/i18n/mk/reports.json';
import slReports from '../../../shared/i18n/sl/reports.json';
import type { UiLocale } from '../../../shared/locales';
import { sampleComparativeGroupYears, sampleComparativeGroups, sampleComparativeYears } from '../../../shared/schemas/comparison-samples';
import type { ComparativeFigures, ComparedValue, ComparisonColumn } from '../../../shared/schemas/comparison';
import { renderPage } from '../../test/render';
import { ComparativeView } from './comparative-view';

afterEach(cleanup);

function setup(figures: ComparativeFigures, locale: UiLocale) {
  const r = renderPage(<ComparativeView figures={figures} />, { locale, ns: ['reports', 'account'] });
  expect(r.missing).toEqual([]);
  return r;
}

/** Every compared value of a column the page prints (ESI, eNPS, response rate, categories, statements). */
const valuesOf = (c: ComparisonColumn): ComparedValue[] => [
  c.esi,
  c.enps,
  ...(c.occupancy ? [c.occupancy] : []),
  ...c.categories.flatMap((x) => [x.mean, x.favourable]),
  ...c.statements.flatMap((x) => [x.mean, x.favourable]),
];
const count = (values: ComparedValue[], dir: 'up' | 'down') => values.filter((v) => v.significant && v.change !== null && (dir === 'up' ? v.change > 0 : v.change < 0)).length;
const rowCells = (table: HTMLElement, row: string) => within(table.querySelector<HTMLElement>(`tr[data-row="${row}"]`) as HTMLElement).getAllByRole('cell');
// Plain DOM queries where a role query would walk a thousand cells.
const h2s = () => Array.from(document.querySelectorAll('h2')).map((h) => h.textContent);
const headers = (table: HTMLElement) => Array.from(table.querySelectorAll('thead tr:first-child th')).map((th) => th.textContent);

// Budgets for busy CI cores (a report is a few thousand DOM nodes), not speed checks.
describe('comparative report: all years', { timeout: 20_000 }, () => {
  it('en: the trend chart names every point, the tables have one column per year, ▲ only where significant', () => {
    const figures = sampleComparativeYears('en');
    setup(figures, 'en');
    const chart = within(screen.getByTestId('trend-key')).getByRole('img');
    expect(chart.textContent).toContain('ESI: 2022 56.0, 2023 57.5, 2024 63.5, 2025 62.6');
    expect(chart.textContent).toContain('eNPS: 2022 -4.0, 2023 -1.0, 2024 11.0, 2025 9.2');
    expect(within(screen.getByTestId('trend-categories')).getAllByRole('img')).toHaveLength(9);

    const overview = screen.getByTestId('overview-table');
    expect(headers(overview)).toEqual(['2022', '2023', '2024', '2025']);
    expect(rowCells(overview, 'survey').map((c) => c.textContent)).toEqual(figures.columns.map((c) => c.label));
    // 2024: a significant rise, marked and said in words; 2025: a fall without significance, unmarked.
    const esi = rowCells(overview, 'esi');
    expect(esi[2]?.textContent).toBe('63.5+6.0▲ significantly higher');
    expect(esi[3]?.textContent).toBe('62.6-0.9');
    expect(esi[0]?.textContent).toBe('56.0');

    // Every marker on the page stands for a significant change, and every significant change has one.
    const all = figures.columns.flatMap(valuesOf);
    expect(document.querySelectorAll('[data-significant="up"]')).toHaveLength(count(all, 'up'));
    expect(document.querySelectorAll('[data-significant="down"]')).toHaveLength(count(all, 'down'));
    expect(count(all, 'up')).toBeGreaterThan(10);

    // Categories: the mean and the share of favourable answers per year.
    const categories = screen.getByTestId('categories-table');
    expect(within(categories).getAllByRole('rowheader')).toHaveLength(9);
    expect(within(categories).getAllByRole('columnheader', { name: 'Mean' })).toHaveLength(4);
    // Statements: one closed table per category, every statement once.
    const details = screen.getByTestId('statements-by-category').querySelectorAll('details');
    expect(details).toHaveLength(9);
    expect(Array.from(details).every((d) => !d.open)).toBe(true);
    expect(screen.getByTestId('statements-by-category').querySelectorAll('tbody tr')).toHaveLength(figures.columns[0]!.statements.length);

    const legend = screen.getByTestId('comparative-legend');
    expect(legend.textContent).toContain(enReports.comparative.legend);
    expect(legend.textContent).toContain(enReports.comparative.changeFromPrevious);
    // A category's tests count respondents, not answers.
    expect(screen.getByTestId('comparative-legend-category-n').textContent).toBe(enReports.comparative.legendCategoryN);
    expect(enReports.comparative.legendCategoryN).toContain('n is the number of respondents who answered its statements, not the number of answers');
  });

  it('sl: decimal commas, the words of the markers and the legend in Slovenian', () => {
    setup(sampleComparativeYears('sl'), 'sl');
    const esi = rowCells(screen.getByTestId('overview-table'), 'esi');
    expect(esi[2]?.textContent).toBe(`63,5+6,0▲ ${slReports.comparative.significantUp}`);
    expect(esi[3]?.textContent).toMatch(/^62,6[−-]0,9$/);
    expect(within(screen.getByTestId('trend-key')).getByRole('img').textContent).toContain('ESI: 2022 56,0, 2023 57,5, 2024 63,5, 2025 62,6');
    expect(screen.getByTestId('comparative-legend').textContent).toContain(slReports.comparative.legend);
    expect(screen.getByTestId('comparative-legend').textContent).toContain(slReports.comparative.legendCategoryN);
    expect(h2s()).toContain(slReports.comparative.trend);
  });
});

describe('comparative report: by group within a year', { timeout: 20_000 }, () => {
  it('en: the whole survey first, each group with its difference, the hidden group marked with its reason', () => {
    const figures = sampleComparativeGroups('en');
    setup(figures, 'en');
    expect(h2s()).toContain('By group: Department');
    const overview = screen.getByTestId('groups-overview-table');
    expect(headers(overview)).toEqual([
      'Whole surveyn = 152',
      'Proizvodnjan = 71',
      'Prodajan = 38',
      'Razvojn = 30',
      'Other: Uprava, Logistikan = 9',
      `Kakovost⊘ ${enReports.labels.reason.complementary}`,
    ]);
    const esi = rowCells(overview, 'esi');
    // The whole survey is the reference: no difference under it.
    expect(esi[0]?.textContent).toBe('62.0');
    // Production is significantly below the rest, sales above; development differs without significance.
    expect(esi[1]?.textContent).toBe('57.5-4.5▼ significantly lower');
    expect(esi[2]?.textContent).toBe('65.6+3.6▲ significantly higher');
    expect(esi[3]?.textContent).toBe('63.2+1.2');
    // The hidden group: every cell marked, its reason for screen readers.
    expect(esi[5]?.getAttribute('data-hidden')).toBe('true');
    expect(esi[5]?.textContent).toBe(`⊘${enReports.labels.reason.complementary}`);
    const all = figures.columns.flatMap(valuesOf);
    expect(document.querySelectorAll('[data-significant="up"]')).toHaveLength(count(all, 'up'));
    expect(document.querySelectorAll('[data-significant="down"]')).toHaveLength(count(all, 'down'));
    const legend = screen.getByTestId('comparative-legend').textContent;
    expect(legend).toContain(enReports.comparative.legendGroups);
    expect(legend).toContain(enReports.comparative.differenceFromTotal);
    expect(legend).toContain(enReports.hidden.legend.replace('{{min}}', '5'));
  });

  it('sl: "Other" and the reason in Slovenian', () => {
    setup(sampleComparativeGroups('sl'), 'sl');
    expect(h2s()).toContain('Po skupinah: Oddelek');
    const h = headers(screen.getByTestId('groups-overview-table'));
    expect(h[0]).toBe(`${slReports.comparative.total}n = 152`);
    expect(h[4]).toBe('Drugo: Uprava, Logistikan = 9');
    expect(h[5]).toBe(`Kakovost⊘ ${slReports.labels.reason.complementary}`);
  });
});

describe('comparative report: by group over the years', { timeout: 20_000 }, () => {
  it('mk: one block per group with its trend, hidden years with their reasons, the note on what is not followed', () => {
    const figures = sampleComparativeGroupYears('mk');
    setup(figures, 'mk');
    expect(screen.getByTestId('not-followed').textContent).toBe(mkReports.comparative.notFollowed);
    for (const s of ['Proizvodnja', 'Prodaja', 'Razvoj']) {
      const block = screen.getByTestId(`series-${s}`);
      expect(within(block).getByRole('heading', { level: 3 }).textContent).toBe(s);
      expect(within(screen.getByTestId(`series-trend-${s}`)).getByRole('img')).toBeTruthy();
    }
    const razvoj = screen.getByTestId('series-overview-Razvoj');
    expect(headers(razvoj)).toEqual(['2022⊘ ' + mkReports.comparative.hiddenReasons['not-asked'], '2023⊘ ' + mkReports.comparative.hiddenReasons.merged, '2024', '2025']);
    const esi = rowCells(razvoj, 'esi');
    expect(esi[0]?.getAttribute('data-hidden')).toBe('true');
    expect(esi[1]?.textContent).toBe(`⊘${mkReports.comparative.hiddenReasons.merged}`);
    // After a hidden year there is no change to show; the values in the Macedonian format.
    expect(esi[2]?.textContent).toBe('66,5');
    expect(esi[3]?.textContent).toMatch(/^65,6[−-]0,9$/);
    // The trend leaves a gap where the group is hidden.
    expect(within(screen.getByTestId('series-trend-Razvoj')).getByRole('img').textContent).toContain('ESI: 2022 –, 2023 –, 2024 66,5, 2025 65,6');
    const all = figures.series.flatMap((s) => s.columns.flatMap(valuesOf));
    expect(document.querySelectorAll('[data-significant="up"]')).toHaveLength(count(all, 'up'));
    expect(document.querySelectorAll('[data-significant="down"]')).toHaveLength(count(all, 'down'));
    expect(screen.getByTestId('comparative-legend').textContent).toContain(mkReports.comparative.legend);
    expect(within(screen.getByTestId('series-categories-Prodaja')).getAllByRole('rowheader')).toHaveLength(9);
  });

  it('en: a group the company did not ask in a year reads "not asked in this survey"', () => {
    setup(sampleComparativeGroupYears('en'), 'en');
    expect(screen.getByTestId('series-overview-Razvoj').textContent).toContain(enReports.comparative.hiddenReasons['not-asked']);
    expect(screen.getByTestId('series-overview-Proizvodnja').querySelectorAll('[data-hidden]')).toHaveLength(0);
  });
});
