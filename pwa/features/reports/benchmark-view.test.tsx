/**
 * The benchmark report rendered from the shared sample: the groups with their company counts (the size class and the
 * industry named), the unavailable industry with its reason and no column, a position band per key figure and
 * category with the company's position in words, the tables in the page's number format with a dash for a withheld
 * figure, a statement the market does not have; in en, sl and mk.
 */
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import deReports from '../../../shared/i18n/de/reports.json';
import enReports from '../../../shared/i18n/en/reports.json';
import mkReports from '../../../shared/i18n/mk/reports.json';
import slReports from '../../../shared/i18n/sl/reports.json';
import type { UiLocale } from '../../../shared/locales';
import { STATEMENTS } from '../../../shared/question-banks';
import { sampleBenchmark } from '../../../shared/schemas/comparison-samples';
import type { BenchmarkFigures } from '../../../shared/schemas/comparison';
import { renderPage } from '../../test/render';
import { BenchmarkView } from './benchmark-view';

afterEach(cleanup);

function setup(figures: BenchmarkFigures, locale: UiLocale) {
  const r = renderPage(<BenchmarkView figures={figures} />, { locale, ns: ['reports', 'account'] });
  expect(r.missing).toEqual([]);
}

const groupTexts = () => Array.from(screen.getByTestId('benchmark-groups').querySelectorAll('li')).map((li) => li.textContent);
const row = (table: HTMLElement, item: string) => Array.from(table.querySelectorAll(`tr[data-item="${item}"] td`)).map((td) => td.textContent);

// Budgets for busy CI cores (a report is a few thousand DOM nodes), not speed checks.
describe('benchmark report', { timeout: 20_000 }, () => {
  it('en: the groups with their counts, the industry unavailable with its reason, the method', () => {
    setup(sampleBenchmark('en'), 'en');
    expect(groupTexts()).toEqual([
      'All companies · 31 companies',
      'Your size class: Medium-sized companies · 11 companies',
      'Your industry: Manufacturing · 5 companies' + enReports.benchmark.reasons['too-few'].replace('{{min}}', '5').replace('{{year}}', '2025'),
    ]);
    expect(screen.getByTestId('unavailable-industry').textContent).toBe('Fewer than 5 other companies of this group took part in 2025, so this comparison is not offered.');
    expect(screen.getByTestId('benchmark-method').textContent).toContain('The market of 2025:');
    expect(screen.getByTestId('benchmark-method').textContent).toContain('each in the size class and industry it had when the year’s results were published');
    expect(screen.getByTestId('benchmark-dash').textContent).toBe(enReports.benchmark.dash.replace(/\{\{min\}\}/g, '5'));
    expect(screen.queryByTestId('not-in-market')).toBeNull();
  });

  it('en: a position band per key figure and category for each available group, the numbers in the tables', () => {
    const figures = sampleBenchmark('en');
    setup(figures, 'en');
    // ESI, eNPS and the nine categories; two available groups each (the industry has too few companies).
    const positions = screen.getByTestId('positions');
    expect(positions.querySelectorAll('.bm-item')).toHaveLength(11);
    const esi = within(screen.getByTestId('position-esi'));
    const bands = esi.getAllByRole('img');
    expect(bands.map((b) => b.getAttribute('aria-label'))).toEqual([
      'All companies: Your company 66.4; Median band 61.2; Top 25 % 66.3; Top 10 % –; Your position top 25 %',
      'Medium-sized companies: Your company 66.4; Median band 62.5; Top 25 % –; Top 10 % –; Your position above the median',
    ]);
    expect(screen.getByTestId('position-esi-market').textContent).toBe('top 25 %');
    expect(screen.getByTestId('position-esi-size').textContent).toBe('above the median');
    // A withheld figure draws no band part: the size class has no top 25 % tick.
    expect(screen.getByTestId('position-esi').querySelectorAll('.bm-tick')).toHaveLength(1);

    const key = screen.getByTestId('benchmark-key');
    // Your value, then median band, top 25 %, top 10 % and your position per available group: no industry column.
    expect(Array.from(key.querySelectorAll('thead tr:first-child th')).map((th) => th.textContent)).toEqual(['Your company', 'All companies31 companies', 'Medium-sized companies11 companies']);
    expect(row(key, 'esi')).toEqual(['66.4', '61.2', '66.3', '–', 'top 25 %', '62.5', '–', '–', 'above the median']);
    // eNPS: the size class's median band is withheld (a dash), the position is still given.
    expect(row(key, 'enps')).toEqual(['+14.3', '+4.5', '+13.7', '–', 'top 25 %', '–', '–', '–', 'above the median']);
    expect(screen.getByTestId('benchmark-categories').querySelectorAll('tbody tr')).toHaveLength(9);

    // Statements: collapsed per category; the one the market does not have says so instead of numbers.
    const statements = screen.getByTestId('benchmark-statements');
    expect(statements.querySelectorAll('details')).toHaveLength(9);
    expect(statements.querySelectorAll('tbody tr')).toHaveLength(STATEMENTS.length);
    const missing = STATEMENTS[5]!.id;
    expect(row(statements, missing)).toEqual(['–', enReports.benchmark.itemUnavailable, enReports.benchmark.itemUnavailable]);
  });

  it('sl: the texts in Slovenian and the numbers with a decimal comma', () => {
    setup({ ...sampleBenchmark('sl'), in_market: false }, 'sl');
    expect(groupTexts()[1]).toBe('Vaš velikostni razred: Srednje velika podjetja · 11 podjetij');
    expect(groupTexts()[2]).toContain('Vaša dejavnost: Predelovalne dejavnosti · 5 podjetij');
    expect(screen.getByTestId('not-in-market').textContent).toBe(slReports.benchmark.notInMarket);
    const key = screen.getByTestId('benchmark-key');
    expect(row(key, 'esi')).toEqual(['66,4', '61,2', '66,3', '–', 'najboljših 25 %', '62,5', '–', '–', 'nad mediano']);
    expect(screen.getByTestId('position-esi-market').textContent).toBe(slReports.benchmark.positions['top-25']);
  });

  it('mk: the groups and the reason in Macedonian', () => {
    setup(sampleBenchmark('mk'), 'mk');
    // 31 takes the singular in Macedonian (as 21, 41, …).
    expect(groupTexts()[0]).toBe(`${mkReports.benchmark.groups.market} · 31 компанија`);
    expect(groupTexts()[1]).toBe(`${mkReports.benchmark.groups.size}: ${mkReports.benchmark.sizes.medium} · 11 компании`);
    expect(screen.getByTestId('unavailable-industry').textContent).toBe(mkReports.benchmark.reasons['too-few'].replace('{{min}}', '5').replace('{{year}}', '2025'));
    expect(row(screen.getByTestId('benchmark-key'), 'enps')[0]).toBe('+14,3');
  });

  it('de: a survey that finished after the publication has no size class or industry in that year’s market, and says so', () => {
    const base = sampleBenchmark('de');
    const late: BenchmarkFigures = {
      ...base,
      in_market: false,
      size_class: null,
      industry: null,
      groups: base.groups.map((g) => (g.kind === 'market' ? g : { ...g, key: null, companies: 0, others: 0, available: false, reason: 'after-publication' as const })),
      items: base.items.map((i) => ({ ...i, markets: [i.markets[0] ? { ...i.markets[0], position: null } : null, null, null] })),
    };
    setup(late, 'de');
    const reason = deReports.benchmark.reasons['after-publication'].replace('{{year}}', '2025');
    expect(screen.getByTestId('unavailable-size').textContent).toBe(reason);
    expect(screen.getByTestId('unavailable-industry').textContent).toBe(reason);
    expect(screen.getByTestId('not-in-market').textContent).toBe(deReports.benchmark.notInMarket);
    expect(row(screen.getByTestId('benchmark-key'), 'esi')).toEqual(['66,4', '61,2', '66,3', '–', '–']);
  });
});
