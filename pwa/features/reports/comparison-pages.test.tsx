/**
 * The comparative and benchmark pages against a stubbed API: the settings form sends the right query for each
 * variant, 'all years' is disabled (and says why) with one finished survey, the server's refusals are shown as they
 * come (409 messages, the benchmark's hint with the year), the downloads carry the applied settings.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import enReports from '../../../shared/i18n/en/reports.json';
import slReports from '../../../shared/i18n/sl/reports.json';
import type { UiLocale } from '../../../shared/locales';
import { localizedPath } from '../../../shared/routes';
import { sampleBenchmark, sampleComparativeGroupYears, sampleComparativeYears } from '../../../shared/schemas/comparison-samples';
import type { ComparativeOptions } from '../../../shared/schemas/comparison';
import { json, renderPage, stubApi, type ApiCall, type ApiHandler } from '../../test/render';
import BenchmarkReportPage from './benchmark-report-page';
import ComparativeReportPage from './comparative-report-page';

const OPTIONS: ComparativeOptions = {
  company: 'Demo d.o.o.',
  survey: { id: 104, name: 'Zadovoljstvo zaposlenih 2025', year: 2025 },
  surveys: [
    { id: 101, name: 'Zadovoljstvo zaposlenih 2022', year: 2022, end_date: '2022-11-20' },
    { id: 104, name: 'Zadovoljstvo zaposlenih 2025', year: 2025, end_date: '2025-11-20' },
  ],
  groups: ['department', 'location', 'demographic:gender', 'extra:r1'],
  groups_over_years: [{ question: 'department', surveys: [101, 104] }],
  extra_titles: { 'extra:r1': 'Letni razgovor?' },
  languages: ['sl', 'en', 'hr'],
  default_language: 'sl',
};

let calls: ApiCall[] = [];
let routes: Record<string, ApiHandler> = {};

beforeEach(() => {
  ({ calls, routes } = stubApi());
  routes['GET /api/surveys/104/report/comparative/options'] = () => json(200, { data: OPTIONS });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderComparative(locale: UiLocale = 'en') {
  return renderPage(<ComparativeReportPage />, { locale, ns: ['reports', 'account', 'common'], route: 'reportComparative', url: `${localizedPath('reportComparative', locale)}?survey=104` });
}
function renderBenchmark(locale: UiLocale = 'en') {
  return renderPage(<BenchmarkReportPage />, { locale, ns: ['reports', 'account', 'common'], route: 'reportBenchmark', url: `${localizedPath('reportBenchmark', locale)}?survey=104` });
}

const reportCalls = (path: string) => calls.filter((c) => c.path === path);
// Queries inside the settings form: a role query over the whole report would walk a thousand cells.
const form = () => within(screen.getByTestId('report-settings'));
const radio = (name: string) => form().getByRole('radio', { name }) as HTMLInputElement;
const apply = () => form().getByRole('button') as HTMLButtonElement;

// Budgets for busy CI cores (a report is a few thousand DOM nodes), not speed checks.
describe('comparative report page', { timeout: 20_000 }, () => {
  it('en: the settings send the variant, the question group (not for all years) and the language; the downloads use them', async () => {
    routes['GET /api/surveys/104/report/comparative'] = (call) => json(200, { data: call.query.get('variant') === 'years' ? sampleComparativeYears('en') : sampleComparativeGroupYears('en') });
    renderComparative('en');
    await screen.findByTestId('report-settings');
    expect(radio(enReports.comparative.variants.years).checked).toBe(true);
    expect(form().getByText(enReports.comparative.variantHints.years)).toBeTruthy();
    // All years has no group to choose.
    expect(form().queryByLabelText(enReports.comparative.group)).toBeNull();
    expect((form().getByLabelText(enReports.labels.reportLanguage) as HTMLSelectElement).value).toBe('sl');
    fireEvent.change(form().getByLabelText(enReports.labels.reportLanguage), { target: { value: 'en' } });
    fireEvent.click(apply());
    await screen.findByTestId('overview-table');
    expect(Object.fromEntries(reportCalls('/api/surveys/104/report/comparative')[0]!.query)).toEqual({ variant: 'years', language: 'en' });
    expect(screen.getByTestId('download-pdf').getAttribute('href')).toBe('/api/surveys/104/report/comparative?variant=years&language=en&format=pdf');
    expect(screen.getByTestId('download-xlsx').getAttribute('href')).toBe('/api/surveys/104/report/comparative?variant=years&language=en&format=xlsx');

    // By group within a year: this survey's groups, named as the reports name them (an extra question by its title).
    fireEvent.click(radio(enReports.comparative.variants.groups));
    const group = form().getByLabelText(enReports.comparative.group) as HTMLSelectElement;
    expect(within(group).getAllByRole('option').map((o) => o.textContent)).toEqual(['Department', 'Location', 'Gender', 'Letni razgovor?']);
    // Over the years: only the groups asked in at least two surveys.
    fireEvent.click(radio(enReports.comparative.variants['group-years']));
    expect(within(form().getByLabelText(enReports.comparative.group)).getAllByRole('option').map((o) => o.textContent)).toEqual(['Department']);
    fireEvent.click(apply());
    await screen.findByTestId('not-followed');
    expect(Object.fromEntries(reportCalls('/api/surveys/104/report/comparative')[1]!.query)).toEqual({ variant: 'group-years', group: 'department', language: 'en' });
    expect(screen.getByTestId('download-pdf').getAttribute('href')).toBe('/api/surveys/104/report/comparative?variant=group-years&group=department&language=en&format=pdf');
  });

  it('sl: with one finished survey "all years" is disabled and says why; the groups variant is chosen', async () => {
    routes['GET /api/surveys/104/report/comparative/options'] = () => json(200, { data: { ...OPTIONS, surveys: [OPTIONS.surveys[1]] } });
    renderComparative('sl');
    await screen.findByTestId('report-settings');
    const years = radio(slReports.comparative.variants.years);
    expect(years.disabled).toBe(true);
    expect(years.checked).toBe(false);
    expect(radio(slReports.comparative.variants.groups).checked).toBe(true);
    expect(screen.getByTestId('years-unavailable').textContent).toBe(slReports.comparative.notAvailableHint);
    // The hint is the radio's description.
    expect(document.getElementById(years.getAttribute('aria-describedby') ?? '')?.textContent).toContain(slReports.comparative.notAvailableHint);
    expect(within(form().getByLabelText(slReports.comparative.group)).getAllByRole('option')[0]?.textContent).toBe('Oddelek');
  });

  it('a group variant without groups says so and sends nothing', async () => {
    routes['GET /api/surveys/104/report/comparative/options'] = () => json(200, { data: { ...OPTIONS, groups_over_years: [] } });
    renderComparative('en');
    await screen.findByTestId('report-settings');
    fireEvent.click(radio(enReports.comparative.variants['group-years']));
    expect(screen.getByTestId('no-groups').textContent).toBe(enReports.comparative.noGroupsOverYears);
    expect(apply().textContent).toBe(enReports.settings.apply);
    expect(apply().disabled).toBe(true);
  });

  it("the server's refusal is shown as its message, and no older report stays on the page", async () => {
    let refuse = false;
    routes['GET /api/surveys/104/report/comparative'] = () =>
      refuse
        ? json(409, { error: { code: 'group-report-all-years-unavailable', message: 'Generating a group report for all years is not available!' } })
        : json(200, { data: sampleComparativeYears('en') });
    renderComparative('en');
    await screen.findByTestId('report-settings');
    fireEvent.click(apply());
    await screen.findByTestId('report');
    refuse = true;
    fireEvent.click(apply());
    await waitFor(() => expect(screen.getByTestId('report-error').textContent).toBe('Generating a group report for all years is not available!'));
    expect(screen.queryByTestId('report')).toBeNull();
  });
});

describe('benchmark report page', { timeout: 20_000 }, () => {
  it('en: opens in the default language, sends the chosen one, renders the figures', async () => {
    routes['GET /api/surveys/104/report/benchmark'] = () => json(200, { data: sampleBenchmark('en') });
    renderBenchmark('en');
    await screen.findByTestId('report-settings');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`${enReports.benchmark.title}: Zadovoljstvo zaposlenih 2025`);
    const language = form().getByLabelText(enReports.labels.reportLanguage) as HTMLSelectElement;
    expect(language.value).toBe('sl');
    fireEvent.change(language, { target: { value: 'en' } });
    fireEvent.click(apply());
    await screen.findByTestId('benchmark-groups');
    expect(Object.fromEntries(reportCalls('/api/surveys/104/report/benchmark')[0]!.query)).toEqual({ language: 'en' });
    expect(screen.getByTestId('download-pdf').getAttribute('href')).toBe('/api/surveys/104/report/benchmark?language=en&format=pdf');
  });

  it("sl: before the year's award is published, the server's message and when the benchmark opens", async () => {
    routes['GET /api/surveys/104/report/benchmark'] = () => json(409, { error: { code: 'report-unavailable', message: 'Poročilo trenutno ni na voljo' } });
    renderBenchmark('sl');
    await screen.findByTestId('report-settings');
    fireEvent.click(apply());
    const error = await screen.findByTestId('report-error');
    expect(error.textContent).toContain('Poročilo trenutno ni na voljo');
    expect(screen.getByTestId('unavailable-hint').textContent).toBe(slReports.benchmark.unavailableHint.replace('{{year}}', '2025'));
  });
});
