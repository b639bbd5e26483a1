/**
 * The company's award page against a stubbed fetch: the choices before publication (saved with PUT), locked
 * after it; the result (eligible with its place, or the failed conditions); the certificate and badge links of
 * every award won; a year published meanwhile (409); the empty state.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UiLocale } from '../../../shared/locales';
import type { AwardCompanyYear } from '../../../shared/schemas/award';
import { json, renderPage, stubApi, type ApiCall, type ApiHandler } from '../../test/render';
import AwardPage from './award-page';

function renderAward(locale: UiLocale = 'en') {
  return renderPage(<AwardPage />, { locale, ns: ['account', 'common'], route: 'profileAward' });
}

const open2025: AwardCompanyYear = { year: 2025, published: false, survey_name: 'IZZ 2025', withdraw_name: false, show_figures: false, result: null };
const won2024: AwardCompanyYear = {
  year: 2024,
  published: true,
  survey_name: 'IZZ 2024',
  withdraw_name: false,
  show_figures: true,
  result: {
    eligible: true,
    failed: [],
    excluded: false,
    size_class: 'medium',
    rank: 2,
    class_count: 14,
    awards: [
      { kind: 'class', place: 2 },
      { kind: 'highest_enps', place: 1 },
    ],
  },
};
const missed2023: AwardCompanyYear = {
  year: 2023,
  published: true,
  survey_name: 'IZZ 2023',
  withdraw_name: true,
  show_figures: false,
  result: { eligible: false, failed: ['finished_by', 'occupancy'], excluded: true, size_class: null, rank: null, class_count: null, awards: [] },
};

let calls: ApiCall[] = [];
let routes: Record<string, ApiHandler> = {};

beforeEach(() => {
  ({ calls, routes } = stubApi());
  routes['GET /api/profile/award'] = () => json(200, { data: [open2025, won2024, missed2023] });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const card = (year: number) => screen.getByTestId(`award-year-${String(year)}`);
const box = (year: number, name: string) => within(card(year)).getByRole('checkbox', { name }) as HTMLInputElement;

describe('before publication', () => {
  it('offers the two choices with their meaning and saves them', async () => {
    routes['PUT /api/profile/award/2025'] = (call) => json(200, { data: { ...open2025, ...(call.body as object) } });
    const { missing } = renderAward();
    await screen.findByRole('heading', { name: 'Award 2025' });
    expect(within(card(2025)).getByText('The results of 2025 are not published yet. Until they are, you can choose how your company appears in the publication.')).toBeTruthy();
    const withdraw = box(2025, "Do not publish our company's name");
    const figures = box(2025, 'Show our ESI and eNPS figures');
    expect(withdraw.disabled).toBe(false);
    expect(within(card(2025)).getByText('If your company wins a place, it is listed as “A company that chose not to be named”.')).toBeTruthy();
    expect(within(card(2025)).getByText('Otherwise the public page shows your ESI only as a band, such as 75–80.')).toBeTruthy();

    fireEvent.click(withdraw);
    fireEvent.click(within(card(2025)).getByRole('button', { name: 'Save' }));
    expect((await within(card(2025)).findByRole('status')).textContent).toBe('Your choices for 2025 are saved.');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([['/api/profile/award/2025', { withdraw_name: true, show_figures: false }]]);
    expect(box(2025, "Do not publish our company's name").checked).toBe(true);
    expect(figures.checked).toBe(false);
    expect(missing).toEqual([]);
  });

  it('tells a company whose year was published meanwhile, and shows the year locked', async () => {
    let published = false;
    routes['GET /api/profile/award'] = () => json(200, { data: [published ? { ...open2025, published: true, result: { ...missed2023.result!, excluded: false } } : open2025] });
    routes['PUT /api/profile/award/2025'] = () => {
      published = true;
      return json(409, { error: { code: 'award-year-published', message: 'The results of this year are published; unpublish them first.' } });
    };
    renderAward();
    await screen.findByRole('heading', { name: 'Award 2025' });
    fireEvent.click(box(2025, 'Show our ESI and eNPS figures'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The results are published, so these choices can no longer be changed.');
    expect(within(card(2025)).getByRole('alert').textContent).toBe('The results of 2025 have been published in the meantime, so your choices can no longer be changed.');
    expect(box(2025, 'Show our ESI and eNPS figures').disabled).toBe(true);
    expect(box(2025, 'Show our ESI and eNPS figures').checked).toBe(false);
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/profile/award')).toHaveLength(2));
  });
});

describe('after publication', () => {
  it('locks the choices and shows the place, the awards and their downloads', async () => {
    renderAward();
    await screen.findByRole('heading', { name: 'Award 2024' });
    expect(box(2024, "Do not publish our company's name").disabled).toBe(true);
    expect(box(2024, 'Show our ESI and eNPS figures').checked).toBe(true);
    expect(within(card(2024)).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(card(2024)).getByText('The results are published, so these choices can no longer be changed.')).toBeTruthy();

    const result = within(card(2024)).getByTestId('award-result');
    expect(within(result).getByText('Your survey met every condition of the award.')).toBeTruthy();
    expect(within(result).getByText('Medium-sized companies (51–250 employees)')).toBeTruthy();
    expect(within(result).getByTestId('award-rank').textContent).toBe('2 of 14');
    expect(within(result).getAllByText(/^(2nd place – Medium-sized companies|Highest eNPS)$/).map((n) => n.textContent)).toEqual(['2nd place – Medium-sized companies', 'Highest eNPS']);
    const certificate = within(result).getByRole('link', { name: 'Certificate (PDF): 2nd place – Medium-sized companies' });
    expect(certificate.getAttribute('href')).toBe('/api/profile/award/2024/certificate?award=class&lang=en');
    expect(certificate.hasAttribute('download')).toBe(true);
    expect(within(result).getByRole('link', { name: 'Badge (SVG): 2nd place – Medium-sized companies' }).getAttribute('href')).toBe('/api/profile/award/2024/badge?award=class&lang=en');
    expect(within(result).getByRole('link', { name: 'Certificate (PDF): Highest eNPS' }).getAttribute('href')).toBe('/api/profile/award/2024/certificate?award=highest_enps&lang=en');
    expect(within(result).getByRole('link', { name: 'Badge (SVG): Highest eNPS' }).getAttribute('href')).toBe('/api/profile/award/2024/badge?award=highest_enps&lang=en');
  });

  it('explains a survey that did not take part, without download links', async () => {
    renderAward();
    await screen.findByRole('heading', { name: 'Award 2023' });
    const result = within(card(2023)).getByTestId('award-result');
    expect(within(result).getByText('Your survey did not take part in the award:')).toBeTruthy();
    expect(within(result).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'The survey had to be finished by 30.11.2023.',
      "The response rate did not reach the minimum for your company's size.",
      'The administrator excluded the survey from the award.',
    ]);
    expect(within(card(2023)).queryAllByRole('link')).toEqual([]);
  });

  it('speaks Croatian', async () => {
    const { missing } = renderAward('hr');
    await screen.findByRole('heading', { name: 'Nagrada 2024' });
    const result = within(card(2024)).getByTestId('award-result');
    expect(within(result).getByText('Srednje tvrtke (51–250 zaposlenika)')).toBeTruthy();
    expect(within(result).getByTestId('award-rank').textContent).toBe('2. od 14');
    expect(within(result).getByRole('link', { name: 'Priznanje (PDF): 2. mjesto – Srednje tvrtke' }).getAttribute('href')).toBe('/api/profile/award/2024/certificate?award=class&lang=hr');
    expect(box(2025, 'Nemojte objaviti naziv naše tvrtke').disabled).toBe(false);
    expect(within(card(2023)).getByText('Istraživanje je trebalo završiti do 30.11.2023.')).toBeTruthy();
    expect(missing).toEqual([]);
  });
});

describe('no survey yet', () => {
  it('shows the empty state with the way to a survey and to the conditions', async () => {
    routes['GET /api/profile/award'] = () => json(200, { data: [] });
    renderAward('hr');
    const empty = await screen.findByTestId('award-empty');
    expect(within(empty).getByRole('heading', { name: 'Još nemate istraživanje zadovoljstva zaposlenika' })).toBeTruthy();
    expect(within(empty).getByRole('link', { name: 'Istraživanja zadovoljstva zaposlenika' }).getAttribute('href')).toBe('/hr/profile/izz');
    expect(within(empty).getByRole('link', { name: 'Uvjeti za nagradu' }).getAttribute('href')).toBe('/hr/award-conditions');
  });
});
