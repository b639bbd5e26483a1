/**
 * The public past-winners page against a stubbed GET /api/leaderboards/:year: winners per size class with ties,
 * an anonymous winner, the ESI band against the figures, the special categories, the published years, and the
 * site's not-found page for a year that is not published (404), also when the server rendered it so.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { PublicAwardYear } from '../../../shared/schemas/award';
import { PAGE_NOT_FOUND_STATE_KEY } from '../../../shared/constants';
import { resetShellStore } from '../../session/shell-store';
import { resetSsrPayload } from '../../lib/ssr-data';
import { json, renderPage, stubApi, type ApiCall, type ApiHandler } from '../../test/render';
import PastWinnersPage from './past-winners-page';

const NS = ['pages', 'common'] as const;

const band = (from: number) => ({ from, to: from + 5 });

const year2025: PublicAwardYear = {
  year: 2025,
  published_at: '2025-12-15T09:00:00Z',
  eligible: 9,
  classes: [
    {
      size_class: 'small',
      eligible: 4,
      winners: [
        { place: 1, company_name: 'Alfa d.o.o.', logo_asset_id: 'a1', logo_width: 240, logo_height: 80, esi_band: band(80), esi: 82.4, enps: 41, value: null },
        { place: 2, company_name: null, logo_asset_id: null, logo_width: null, logo_height: null, esi_band: band(75), esi: null, enps: null, value: null },
        { place: 2, company_name: 'Beta d.o.o.', logo_asset_id: null, logo_width: null, logo_height: null, esi_band: band(75), esi: null, enps: null, value: null },
      ],
    },
    { size_class: 'medium', eligible: 5, winners: [{ place: 1, company_name: 'Gama d.d.', logo_asset_id: null, logo_width: null, logo_height: null, esi_band: band(70), esi: null, enps: null, value: null }] },
    { size_class: 'large', eligible: 0, winners: [] },
  ],
  special: [
    { category: 'highest_enps', winners: [{ place: 1, company_name: 'Alfa d.o.o.', logo_asset_id: 'a1', logo_width: 240, logo_height: 80, esi_band: band(80), esi: 82.4, enps: 41, value: 41 }] },
    { category: 'most_improved_esi', winners: [{ place: 1, company_name: 'Gama d.d.', logo_asset_id: null, logo_width: null, logo_height: null, esi_band: band(70), esi: null, enps: null, value: null }] },
    { category: 'highest_occupancy', winners: [] },
  ],
};

let calls: ApiCall[] = [];
let routes: Record<string, ApiHandler> = {};

beforeEach(() => {
  ({ calls, routes } = stubApi());
  resetShellStore({ availableYears: [2025, 2024] });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetShellStore();
});

const region = (name: string) => screen.getByRole('region', { name });
const winners = (name: string) => within(region(name)).queryAllByTestId('winner');

describe('past winners of a published year', () => {
  it('lists the places per size class with logos, ties, an anonymous winner and the ESI as band or figures (en)', async () => {
    routes['GET /api/leaderboards/2025'] = () => json(200, { data: year2025 });
    const { missing } = renderPage(<PastWinnersPage />, { route: 'pastWinners', params: { slug: '2025' }, locale: 'en', ns: NS });
    await screen.findByRole('region', { name: 'Small companies' });
    expect(calls.map((c) => c.path)).toEqual(['/api/leaderboards/2025']);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Past winners 2025');
    expect(screen.getByText(/Published on 15\.12\.2025\. In all, 9 companies met every condition of the award\./)).toBeTruthy();

    const small = region('Small companies');
    expect(within(small).getByText('20–50 employees · 4 companies met the conditions')).toBeTruthy();
    const [first, anonymous, tied] = winners('Small companies');
    expect(first?.textContent).toContain('1st place');
    expect(first?.textContent).toContain('Alfa d.o.o.');
    expect(within(first!).getByText('ESI 82.4 · eNPS +41.0')).toBeTruthy();
    expect(within(first!).getByRole('img', { name: 'Alfa d.o.o.' }).getAttribute('src')).toBe('/api/assets/a1');
    // The logo's box is reserved before the image arrives: the page does not move when it does.
    expect(within(first!).getByRole('img', { name: 'Alfa d.o.o.' }).getAttribute('width')).toBe('240');
    expect(within(first!).getByRole('img', { name: 'Alfa d.o.o.' }).getAttribute('height')).toBe('80');
    // The company that withdrew its name: the text instead, no logo, the ESI as a band.
    expect(within(anonymous!).getByText('A company that chose not to be named')).toBeTruthy();
    expect(within(anonymous!).getByText('ESI 75–80')).toBeTruthy();
    expect(within(anonymous!).queryByRole('img')).toBeNull();
    // A tie shares the place; a winner without a logo gets its initial.
    expect(anonymous?.textContent).toContain('2nd place');
    expect(tied?.textContent).toContain('2nd place');
    expect(within(tied!).getByText('B').getAttribute('aria-hidden')).toBe('true');

    expect(within(region('Medium-sized companies')).getByText('51–250 employees · 5 companies met the conditions')).toBeTruthy();
    const large = region('Large companies');
    expect(within(large).getByText('251 employees or more · 0 companies met the conditions')).toBeTruthy();
    expect(within(large).getByText('No company of this size met every condition.')).toBeTruthy();

    // Special categories: the category's own figure when agreed, else the band; one not awarded.
    expect(within(region('Highest eNPS')).getByText('eNPS +41.0')).toBeTruthy();
    expect(within(region('Most improved ESI')).getByText('ESI 70–75')).toBeTruthy();
    expect(within(region('Highest response rate')).getByText('Not awarded this year.')).toBeTruthy();
    expect(screen.getByText(/ESI is shown as a band 5 points wide/)).toBeTruthy();

    // The published years, the one shown marked as the current page.
    const years = screen.getByRole('navigation', { name: 'Published years' });
    expect(within(years).getByRole('link', { name: '2025' }).getAttribute('aria-current')).toBe('page');
    expect(within(years).getByRole('link', { name: '2024' }).getAttribute('href')).toBe('/en/past-winners/2024');
    expect(screen.getByRole('link', { name: 'How the winners are chosen' }).getAttribute('href')).toBe('/en/award-conditions');
    expect(missing).toEqual([]);
  });

  it('speaks Macedonian: Cyrillic texts, the decimal comma and the inflected bounds', async () => {
    routes['GET /api/leaderboards/2025'] = () => json(200, { data: year2025 });
    const { missing } = renderPage(<PastWinnersPage />, { route: 'pastWinners', params: { slug: '2025' }, locale: 'mk', ns: NS });
    const small = await screen.findByRole('region', { name: 'Мали компании' });
    expect(within(small).getByText('20–50 вработени · 4 компании ги исполнија условите')).toBeTruthy();
    expect(within(small).getByText('ESI 82,4 · eNPS +41,0')).toBeTruthy();
    expect(within(small).getByText('Компанија што избра да не биде именувана')).toBeTruthy();
    expect(winners('Мали компании')[0]?.textContent).toContain('1-во место');
    expect(within(region('Големи компании')).getByText('251 или повеќе вработени · 0 компании ги исполнија условите')).toBeTruthy();
    expect(within(region('Највисок eNPS')).getByText('eNPS +41,0')).toBeTruthy();
    expect(screen.getByText(/Објавено на 15\.12\.2025\./)).toBeTruthy();
    expect(missing).toEqual([]);
  });
});

describe('past winners without results', () => {
  it("is the site's not-found page, with the published years, for a year whose results answer 404 (en, sl)", async () => {
    routes['GET /api/leaderboards/2023'] = () => json(404, { error: { code: 'award-not-published', message: 'Not published.' } });
    renderPage(<PastWinnersPage />, { route: 'pastWinners', params: { slug: '2023' }, locale: 'en', ns: NS });
    const notFound = await screen.findByTestId('not-found');
    expect(within(notFound).getByRole('heading', { level: 1 }).textContent).toBe('This page could not be found');
    expect(within(notFound).getByRole('link', { name: 'Back to the start page' }).getAttribute('href')).toBe('/en');
    expect(within(within(notFound).getByRole('navigation', { name: 'Published years' })).getAllByRole('link')).toHaveLength(2);
    expect(screen.queryByText('Loading the results…')).toBeNull();
    cleanup();

    routes['GET /api/leaderboards/1999'] = () => json(404, { error: { code: 'award-not-published', message: 'Ni objavljeno.' } });
    renderPage(<PastWinnersPage />, { route: 'pastWinners', params: { slug: '1999' }, locale: 'sl', ns: NS });
    expect(within(await screen.findByTestId('not-found')).getByRole('heading', { level: 1 }).textContent).toBe('Te strani ni bilo mogoče najti');
  });

  it('asks nothing for a slug that is not a year: not found', () => {
    renderPage(<PastWinnersPage />, { route: 'pastWinners', params: { slug: 'best-employer' }, locale: 'en', ns: NS });
    expect(screen.getByTestId('not-found')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('a year the server answered 404 is not found from the first render, asks nothing, and a published year opens from there', async () => {
    routes['GET /api/leaderboards/2025'] = () => json(200, { data: year2025 });
    resetSsrPayload({ route: 'en:pastWinners', namespaces: [], data: {}, shell: null, page: { [PAGE_NOT_FOUND_STATE_KEY]: '/en/past-winners/2019' } });
    try {
      renderPage(<PastWinnersPage />, { route: 'pastWinners', params: { slug: '2019' }, locale: 'en', ns: NS });
      expect(screen.getByTestId('not-found')).toBeTruthy();
      expect(screen.queryByText('Loading the results…')).toBeNull();
      fireEvent.click(within(screen.getByRole('navigation', { name: 'Published years' })).getByRole('link', { name: '2025' }));
      await screen.findByRole('region', { name: 'Small companies' });
      expect(screen.queryByTestId('not-found')).toBeNull();
      expect(calls.map((c) => c.path)).toEqual(['/api/leaderboards/2025']);
    } finally {
      resetSsrPayload();
    }
  });

  it('shows a failure in the page language and loads again on request', async () => {
    let fail = true;
    routes['GET /api/leaderboards/2025'] = () =>
      fail ? json(500, { error: { code: 'internal-error', message: 'Prišlo je do napake.' } }) : json(200, { data: year2025 });
    renderPage(<PastWinnersPage />, { route: 'pastWinners', params: { slug: '2025' }, locale: 'sl', ns: NS });
    expect((await screen.findByRole('alert')).textContent).toContain('Prišlo je do napake.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Poskusi znova' }));
    await screen.findByRole('region', { name: 'Mala podjetja' });
    expect(winners('Mala podjetja')[0]?.textContent).toContain('1. mesto');
  });
});
