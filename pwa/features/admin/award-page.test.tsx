/**
 * The administrator's award cycle page against a stubbed fetch: the year picker, the ranking per size class with
 * its markers, every failed rule in words, the special categories, excluding (a reason is required) and
 * including again, and publishing / unpublishing behind a confirmation that says what happens.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AWARD_RULES, type AwardRule } from '../../../shared/award';
import { localizedPath } from '../../../shared/routes';
import type { UiLocale } from '../../../shared/locales';
import type { AwardCheck, AwardEntry, AwardYearAdmin, AwardYearListItem } from '../../../shared/schemas/award';
import { json, LocationProbe, renderPage, stubApi, type ApiCall, type ApiHandler } from '../../test/render';
import AwardPage from './award-page';

function renderAward(locale: UiLocale = 'en', url = localizedPath('adminAward', locale)) {
  return renderPage(<AwardPage />, { locale, ns: ['common', 'admin'], route: 'adminAward', url, after: <LocationProbe /> });
}

/** Every rule passed but the ones given. */
function checks(failed: Partial<Record<AwardRule, Pick<AwardCheck, 'actual' | 'required'>>> = {}): AwardCheck[] {
  return AWARD_RULES.map((rule) => ({ rule, passed: !(rule in failed), actual: failed[rule]?.actual ?? null, required: failed[rule]?.required ?? null }));
}

let nextId = 1;
function entry(patch: Partial<AwardEntry>): AwardEntry {
  const id = nextId++;
  return {
    company_id: id,
    company_name: `Company ${String(id)}`,
    survey_id: 100 + id,
    survey_name: 'IZZ 2025',
    finished_at: '2025-10-15T10:00:00Z',
    employees: 40,
    responses: 38,
    occupancy: 95,
    esi: 80,
    enps: 20,
    size_class: 'small',
    eligible: true,
    checks: checks(),
    excluded: null,
    withdrawn_name: false,
    show_figures: false,
    rank: null,
    previous_esi: null,
    esi_change: null,
    awards: [],
    ...patch,
  };
}

const alfa = entry({ company_name: 'Alfa d.o.o.', rank: 1, esi: 84.2, enps: 41, awards: [{ kind: 'class', place: 1 }, { kind: 'highest_enps', place: 1 }] });
const beta = entry({ company_name: 'Beta d.o.o.', rank: 2, esi: 79.5, withdrawn_name: true, awards: [{ kind: 'class', place: 2 }] });
const gama = entry({
  company_name: 'Gama d.d.',
  size_class: 'medium',
  employees: 120,
  responses: 90,
  occupancy: 75,
  rank: 1,
  esi: 77.1,
  previous_esi: 70.8,
  esi_change: 6.3,
  awards: [{ kind: 'class', place: 1 }, { kind: 'most_improved_esi', place: 1 }],
});
const delta = entry({
  company_name: 'Delta d.o.o.',
  size_class: 'medium',
  employees: 100,
  responses: 78,
  occupancy: 78,
  eligible: false,
  checks: checks({ occupancy: { actual: 78, required: 80 } }),
});
const epsilon = entry({
  company_name: 'Epsilon s.p.',
  size_class: null,
  employees: 19,
  responses: 19,
  occupancy: 100,
  finished_at: '2025-12-01T09:00:00Z',
  eligible: false,
  checks: checks({ min_employees: { actual: 19, required: 20 }, finished_by: { actual: '2025-12-01', required: '2025-11-30' } }),
});
const zeta = entry({ company_name: 'Zeta d.o.o.', eligible: false, checks: checks({ first_of_year: { actual: 9999, required: null } }) });
const eta = entry({ company_name: 'Eta d.o.o.', eligible: false, excluded: { reason: 'Data entered twice', at: '2025-12-02T10:00:00Z' } });
/** Every check passed, nobody excluded it, but nobody answered the ESI questions: the computation needs an ESI. */
const theta = entry({ company_name: 'Theta d.o.o.', eligible: false, esi: null });

const open2025: AwardYearAdmin = {
  year: 2025,
  status: 'open',
  computed_at: '2025-12-05T08:30:00Z',
  published_at: null,
  entries: [alfa, beta, gama, delta, epsilon, zeta, eta, theta],
};
const published2024: AwardYearAdmin = { year: 2024, status: 'published', computed_at: '2024-12-10T08:00:00Z', published_at: '2024-12-12T09:00:00Z', entries: [] };
const years: AwardYearListItem[] = [
  { year: 2025, status: 'open', published_at: null, surveys: 8, eligible: 3 },
  { year: 2024, status: 'published', published_at: '2024-12-12T09:00:00Z', surveys: 0, eligible: 0 },
];

let calls: ApiCall[] = [];
let routes: Record<string, ApiHandler> = {};

beforeEach(() => {
  // jsdom has no showModal: the Modal falls back to the open attribute.
  ({ calls, routes } = stubApi());
  routes['GET /api/admin/award'] = () => json(200, { data: years });
  routes['GET /api/admin/award/2025'] = () => json(200, { data: open2025 });
  routes['GET /api/admin/award/2024'] = () => json(200, { data: published2024 });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const rowOf = (name: string) => screen.getByText(name, { selector: '.award-company-name' }).closest('tr') as HTMLTableRowElement;
/** The open dialog (a plain query: role queries over the whole page are slow in jsdom). */
const dialog = () => {
  const open = document.querySelector<HTMLElement>('dialog[open]');
  if (!open) throw new Error('no open dialog');
  return open;
};
const openDialog = () => document.querySelector('dialog[open]');

describe('the award year', () => {
  it('shows the newest year: status, counts, the ranking per size class with its markers and the special winners', async () => {
    const { missing } = renderAward();
    const summary = await screen.findByTestId('award-summary');
    expect(within(summary).getByRole('heading', { name: 'Award 2025' })).toBeTruthy();
    expect(within(summary).getByText('Open')).toBeTruthy();
    expect(within(summary).getByText('05.12.2025 09:30')).toBeTruthy();
    expect(within(summary).getByTestId('award-count-surveys').textContent).toBe('8');
    expect(within(summary).getByTestId('award-count-eligible').textContent).toBe('3');
    expect((screen.getByLabelText('Year') as HTMLSelectElement).value).toBe('2025');
    expect(screen.getByText('2024 – published', { selector: 'option' })).toBeTruthy();

    const small = screen.getByTestId('award-class-small');
    expect(within(small).getByRole('heading', { level: 2 }).textContent).toBe('Small companies (20–50 employees)');
    // The table scrolls inside its own focusable frame, named by the heading.
    expect(within(small).getByRole('region', { name: 'Small companies (20–50 employees)' }).getAttribute('tabindex')).toBe('0');
    const rows = within(small).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.querySelector('th')?.textContent)).toEqual(['Alfa d.o.o.', 'Beta d.o.o.Name withheld by the company']);
    expect(rows[0]?.textContent).toContain('84.2');
    expect(rows[0]?.textContent).toContain('+41.0');
    expect(rows[0]?.textContent).toContain('95.0%');
    expect(within(rows[0]!).getByText('1st place')).toBeTruthy();
    expect(within(rows[0]!).getByText('Highest eNPS')).toBeTruthy();
    expect(within(screen.getByTestId('award-class-large')).getByText('No eligible survey in this size class.')).toBeTruthy();

    const special = screen.getByTestId('award-special');
    expect(within(special).getByText('eNPS +41.0')).toBeTruthy();
    expect(within(special).getByText('ESI +6.3 (70.8 → 77.1)')).toBeTruthy();
    expect(within(special).getByText('No winner.')).toBeTruthy();
    expect(missing).toEqual([]);
  });

  it('explains every failed rule in words, and shows an exclusion with its reason', async () => {
    renderAward();
    const table = await screen.findByTestId('award-not-eligible');
    expect(within(table).getByText('Response rate 78.0% — needs 80% for 51–100 employees')).toBeTruthy();
    expect(within(table).getByText('19 employees — at least 20')).toBeTruthy();
    expect(within(table).getByText('Finished on 01.12.2025 — must be finished by 30.11.2025')).toBeTruthy();
    expect(within(table).getByText("Not the company's first IZZ survey of 2025")).toBeTruthy();
    expect(within(rowOf('Theta d.o.o.')).getByText('No ESI: no answers to compute it from')).toBeTruthy();
    expect(within(rowOf('Eta d.o.o.')).getByText('Excluded: Data entered twice')).toBeTruthy();
    expect(within(rowOf('Eta d.o.o.')).queryByText(/No ESI/)).toBeNull();
    // Only the excluded survey can be included again.
    expect(within(table).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Include Eta d.o.o. again']);
  });

  it('shows the response rate the rule compared: 50.99 % fails "needs 51 %", never as 51.0 %', async () => {
    const close = entry({
      company_name: 'Iota d.d.',
      size_class: 'large',
      employees: 4999,
      responses: 2549,
      occupancy: 51,
      eligible: false,
      checks: AWARD_RULES.map((rule) => (rule === 'occupancy' ? { rule, passed: false, actual: 50.99, required: 51, decimals: 2 } : { rule, passed: true, actual: null, required: null })),
    });
    routes['GET /api/admin/award/2025'] = () => json(200, { data: { ...open2025, entries: [close] } });
    renderAward();
    const row = within(await screen.findByTestId('award-not-eligible')).getByText('Iota d.d.', { selector: '.award-company-name' }).closest('tr')!;
    expect(within(row).getByText('Response rate 50.99% — needs 51% for 201 employees or more')).toBeTruthy();
    expect(within(row).getByText('50.99%')).toBeTruthy();
    expect(within(row).queryByText(/51\.0\s?%/)).toBeNull();
    cleanup();
    renderAward('hr');
    const hr = within(await screen.findByTestId('award-not-eligible')).getByText('Iota d.d.', { selector: '.award-company-name' }).closest('tr')!;
    expect(within(hr).getByText(/^Odaziv 50,99 % — potrebno je 51 %/)).toBeTruthy();
    expect(within(hr).getByText('50,99 %')).toBeTruthy();
  });

  it('says the same in Croatian, with its decimal comma and inflected bounds', async () => {
    const { missing } = renderAward('hr');
    const table = await screen.findByTestId('award-not-eligible');
    expect(within(table).getByText('Odaziv 78,0 % — potrebno je 80 % (51–100 zaposlenika)')).toBeTruthy();
    expect(within(table).getByText('19 zaposlenika — potrebno je najmanje 20')).toBeTruthy();
    expect(within(table).getByText('Završeno 01.12.2025 — mora završiti do 30.11.2025')).toBeTruthy();
    expect(within(screen.getByTestId('award-class-large')).getByRole('heading').textContent).toBe('Velike tvrtke (251 zaposlenik ili više)');
    expect(missing).toEqual([]);
  });

  it('opens another year from the picker and keeps it in the URL; a published year offers no exclusions', async () => {
    renderAward();
    await screen.findByTestId('award-summary');
    fireEvent.change(screen.getByLabelText('Year'), { target: { value: '2024' } });
    await screen.findByRole('heading', { name: 'Award 2024' });
    expect(screen.getByTestId('location').textContent).toBe('/en/admin/award?year=2024');
    const summary = screen.getByTestId('award-summary');
    expect(within(summary).getByText('Published')).toBeTruthy();
    expect(within(summary).getByText('on 12.12.2024')).toBeTruthy();
    expect(within(summary).getByRole('button', { name: 'Unpublish' })).toBeTruthy();
    expect(screen.queryByLabelText(/^Exclude/, { selector: 'button' })).toBeNull();
    expect(screen.getByText('Every survey of this year meets the conditions.')).toBeTruthy();
  });

  it('shows an empty state when no IZZ survey exists', async () => {
    routes['GET /api/admin/award'] = () => json(200, { data: [] });
    renderAward();
    await screen.findByText('No employee satisfaction survey has been run yet, so there is no award year to show.');
    expect(calls.map((c) => c.path)).toEqual(['/api/admin/award']);
  });
});

describe('excluding and including', () => {
  it('requires a written reason of at least three characters before anything is sent', async () => {
    renderAward();
    await screen.findByTestId('award-summary');
    fireEvent.click(screen.getByLabelText('Exclude Alfa d.o.o.'));
    expect(within(dialog()).getByText('Exclude Alfa d.o.o. from the award 2025')).toBeTruthy();
    const reason = within(dialog()).getByLabelText('Reason');
    expect(within(dialog()).getByText('At least 3 characters.').id).toBe(reason.getAttribute('aria-describedby'));
    const submit = within(dialog()).getByText('Exclude', { selector: 'button' });

    fireEvent.click(submit);
    expect(within(dialog()).getByRole('alert').textContent).toBe('Write the reason, at least 3 characters.');
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(reason, { target: { value: '  ab  ' } });
    fireEvent.click(submit);
    expect(within(dialog()).getByRole('alert')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('sends the trimmed reason and shows the survey excluded', async () => {
    routes['POST /api/admin/award/2025/exclusions/1'] = () =>
      json(200, { data: { ...open2025, entries: open2025.entries.map((e) => (e === alfa ? { ...e, eligible: false, rank: null, awards: [], excluded: { reason: 'Duplicate survey', at: '2025-12-06T10:00:00Z' } } : e)) } });
    renderAward();
    await screen.findByTestId('award-summary');
    fireEvent.click(screen.getByLabelText('Exclude Alfa d.o.o.'));
    fireEvent.change(within(dialog()).getByLabelText('Reason'), { target: { value: '  Duplicate survey ' } });
    fireEvent.click(within(dialog()).getByText('Exclude', { selector: 'button' }));
    await screen.findByText('Alfa d.o.o. is excluded from the award 2025.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([['/api/admin/award/2025/exclusions/1', { reason: 'Duplicate survey' }]]);
    await waitFor(() => expect(openDialog()).toBeNull());
    const notEligible = screen.getByTestId('award-not-eligible');
    expect(within(notEligible).getByText('Excluded: Duplicate survey')).toBeTruthy();
    expect(within(notEligible).getByLabelText('Include Alfa d.o.o. again')).toBeTruthy();
  });

  it('includes again, and shows a refusal in the user language and loads the year again', async () => {
    routes['DELETE /api/admin/award/2025/exclusions/7'] = () =>
      json(409, { error: { code: 'award-year-published', message: 'Rezultati ove godine su objavljeni; najprije povucite objavu.' } });
    renderAward('hr');
    await screen.findByTestId('award-summary');
    fireEvent.click(screen.getByLabelText('Ponovno uključi Eta d.o.o.'));
    expect((await screen.findByRole('alert')).textContent).toBe('Rezultati ove godine su objavljeni; najprije povucite objavu.');
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/admin/award/2025')).toHaveLength(2));
  });
});

describe('publishing', () => {
  it('asks first and says what happens: mails, the public page, the choices frozen', async () => {
    routes['POST /api/admin/award/2025/publish'] = () => json(200, { data: { ...open2025, status: 'published', published_at: '2025-12-06T11:00:00Z' } });
    renderAward();
    await screen.findByTestId('award-summary');
    const publish = within(screen.getByTestId('award-summary')).getByText('Publish the results');
    fireEvent.click(publish);
    const confirm = dialog();
    expect(within(confirm).getByText('Publish the results of 2025?')).toBeTruthy();
    expect(confirm.textContent).toContain('every company with an IZZ survey of 2025 is mailed its result');
    expect(confirm.textContent).toContain('the year appears on the public past-winners page');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.click(within(confirm).getByText('Cancel'));
    expect(openDialog()).toBeNull();
    fireEvent.click(publish);
    fireEvent.click(within(dialog()).getByText('Publish the results', { selector: 'button' }));
    await screen.findByText("The results of 2025 are published and the companies' mails are queued.");
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/admin/award/2025/publish']);
    const summary = screen.getByTestId('award-summary');
    expect(within(summary).getByText('Published')).toBeTruthy();
    expect(within(summary).getByText('on 06.12.2025')).toBeTruthy();
    expect(screen.queryByLabelText(/^Exclude/, { selector: 'button' })).toBeNull();
    expect(screen.getByText('2025 – published', { selector: 'option' })).toBeTruthy();
  });

  it('unpublishes after a confirmation that says no mail is sent twice', async () => {
    routes['POST /api/admin/award/2024/unpublish'] = () => json(200, { data: { ...published2024, status: 'open', published_at: null } });
    renderAward('en', '/en/admin/award?year=2024');
    await screen.findByRole('heading', { name: 'Award 2024' });
    fireEvent.click(within(screen.getByTestId('award-summary')).getByText('Unpublish'));
    const confirm = dialog();
    expect(confirm.textContent).toContain('disappears from the public past-winners page');
    expect(confirm.textContent).toContain('is not mailed a second time');
    expect(confirm.textContent).toContain('unless its result (eligibility, place or awards) changed: then its users are mailed a correction');
    fireEvent.click(within(confirm).getByText('Unpublish', { selector: 'button' }));
    await screen.findByText('The results of 2024 are no longer public.');
    expect(within(screen.getByTestId('award-summary')).getByRole('button', { name: 'Publish the results' })).toBeTruthy();
  });
});
