/**
 * The HR guide (profile/instructions) and the bare confirmation screens, in Slovenian and English (and
 * German for one of them): what a user reads, where each link leads, the figures' text alternatives,
 * the server's minimum group size, the sent application's name loaded when the page is opened again,
 * and who the sign-in review says is signed in.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { SiteConfig } from '../../../shared/schemas/config';
import type { CurrentUser } from '../../../shared/schemas/user';
import { resetShellStore } from '../../session/shell-store';
import { json, renderPage, stubApi } from '../../test/render';
import InstructionsPage, { GUIDE_SECTIONS } from './instructions-page';
import { IzzSentPage, LoginReviewPage, PulsSentPage, RegisteredPage } from './screens';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetShellStore();
});

const config = { min_group_size: 7 } as SiteConfig;
const company: CurrentUser = {
  id: 3,
  email: 'hr@firma.si',
  name: 'Ana Novak',
  email_verified_at: '2026-01-02T10:00:00Z',
  scope: ['company'],
  company_id: 4,
  locale: 'sl',
  acting_admin: null,
};

const hrefOf = (name: string | RegExp) => screen.getAllByRole('link', { name }).map((a) => a.getAttribute('href'));

describe('the HR guide', () => {
  it('explains every part and links to the profile pages (en)', () => {
    resetShellStore({ config });
    const { missing } = renderPage(<InstructionsPage />, { route: 'profileInstructions', locale: 'en', ns: ['pages', 'applications', 'paper-entry', 'common'] });
    expect(screen.getByRole('heading', { level: 1, name: 'How to run a survey' })).toBeTruthy();
    for (const s of GUIDE_SECTIONS) {
      const link = within(screen.getByRole('navigation', { name: 'On this page' })).getAllByRole('link')[GUIDE_SECTIONS.indexOf(s)];
      expect(link?.getAttribute('href')).toBe(`#guide-${s}`);
      expect(screen.getByTestId(`guide-${s}`).id).toBe(`guide-${s}`);
    }
    expect(hrefOf('Open your surveys')).toEqual(Array(4).fill('/en/profile/izz'));
    expect(hrefOf('Open your PULS surveys')).toEqual(['/en/profile/puls', '/en/profile/puls']);
    expect(hrefOf('Set up a kiosk')).toEqual(['/en/profile/kiosk']);
    // The buttons the guide names are the pages' own texts; the minimum group size is the server's.
    expect(screen.getByTestId('guide-invitations').textContent).toContain('(“Send a reminder now”)');
    expect(screen.getByTestId('guide-paper').textContent).toContain('“Key in paper forms”');
    expect(screen.getByTestId('guide-anonymity').textContent).toContain('on this platform: 7 responses');
    // The timeline and the pictures have their text alternatives.
    expect(within(screen.getByTestId('guide-timeline')).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Approval',
      'Invitationday 1, 09:00',
      'Reminderday 6, 09:00',
      'Endlast day, 23:59',
    ]);
    expect(screen.getByRole('img', { name: /^A code slip with the access code/ })).toBeTruthy();
    expect(screen.getByRole('img', { name: /^A tablet in kiosk mode/ })).toBeTruthy();
    expect(screen.getByRole('img', { name: /^A paper form with a QR code/ })).toBeTruthy();
    expect(within(screen.getByRole('img', { name: /^A bar chart of a report/ })).getByText('hidden')).toBeTruthy();
    expect(missing).toEqual([]);
  });

  it('reads in Slovenian with Slovenian paths and the default minimum without a config', () => {
    const { missing } = renderPage(<InstructionsPage />, { route: 'profileInstructions', locale: 'sl', ns: ['pages', 'applications', 'paper-entry', 'common'] });
    expect(screen.getByRole('heading', { level: 1, name: 'Kako izvesti raziskavo' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Kiosk na skupni tablici' })).toBeTruthy();
    expect(hrefOf('Nastavite kiosk')).toEqual(['/profil/kiosk']);
    expect(hrefOf('Odprite svoje raziskave')[0]).toBe('/profil/izz');
    expect(screen.getByTestId('guide-invitations').textContent).toContain('(„Pošlji opomnik zdaj“)');
    expect(screen.getByTestId('guide-anonymity').textContent).toContain('na tej platformi: 5 odgovorov');
    expect(screen.getByRole('img', { name: /^Listek s kodo/ })).toBeTruthy();
    expect(missing).toEqual([]);
  });
});

describe('after sending an application', () => {
  it('IZZ, opened again later (sl): the name comes from the server, the way on leads to the application', async () => {
    const api = stubApi({ 'GET /api/applications/12': () => json(200, { data: { id: 12, name: 'IZZ 2026' } }) });
    const { missing } = renderPage(<IzzSentPage />, { route: 'successAdmin', locale: 'sl', ns: ['pages', 'applications', 'common'], url: '/uspeh-admin?application=12' });
    expect(screen.getByRole('heading', { level: 1, name: 'Prijava poslana' })).toBeTruthy();
    expect(screen.getByTestId('application-sent').textContent).toMatch(/^Prijava je poslana\./);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('application-sent')));
    expect(await screen.findByText('Prijava: „IZZ 2026“')).toBeTruthy();
    expect(api.calls.map((c) => c.path)).toEqual(['/api/applications/12']);
    expect(screen.getByRole('heading', { level: 2, name: 'Kaj sledi' })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    expect(hrefOf('Oglejte si prijavo')).toEqual(['/profil/izz/12']);
    expect(hrefOf('Kako izvesti raziskavo')).toEqual(['/profil/navodila']);
    expect(hrefOf('Na moje raziskave')).toEqual(['/profil/izz']);
    expect(missing).toEqual([]);
  });

  it('PULS without an id (en): no request, the way on is the PULS board', () => {
    const api = stubApi();
    renderPage(<PulsSentPage />, { route: 'successAdminPuls', locale: 'en', ns: ['pages', 'applications'] });
    expect(screen.getByRole('heading', { level: 1, name: 'PULS application sent' })).toBeTruthy();
    expect(screen.getByText(/Each round opens as scheduled/)).toBeTruthy();
    expect(hrefOf('To my surveys')).toEqual(['/en/profile/puls']);
    expect(screen.queryByRole('link', { name: 'View the application' })).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it('an id that is not one is not asked for', () => {
    const api = stubApi();
    renderPage(<IzzSentPage />, { route: 'successAdmin', locale: 'en', ns: ['pages', 'applications', 'common'], url: '/en/success-admin?application=..%2Fadmin' });
    expect(hrefOf('To my surveys')).toEqual(['/en/profile/izz']);
    expect(api.calls).toEqual([]);
  });
});

describe('after registering', () => {
  it('opened without the address (de): the general text and the ways on', async () => {
    const { missing } = renderPage(<RegisteredPage />, { route: 'successUser', locale: 'de', ns: ['account', 'pages', 'common'] });
    expect(screen.getByRole('heading', { level: 1, name: 'Registrierung abgeschlossen' })).toBeTruthy();
    expect(screen.getByTestId('register-success').textContent).toMatch(/^Wir haben Ihnen eine E-Mail mit einem Bestätigungslink gesendet/);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('register-success')));
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/de/login', '/de/confirm-email']);
    expect(missing).toEqual([]);
  });
});

describe('the sign-in review', () => {
  it('a guest is offered the login (sl)', () => {
    resetShellStore({ user: null });
    renderPage(<LoginReviewPage />, { route: 'loginReview', locale: 'sl', ns: ['pages', 'common'] });
    expect(screen.getByRole('heading', { level: 1, name: 'Niste prijavljeni' })).toBeTruthy();
    expect(hrefOf('Prijava')).toEqual(['/prijava']);
  });

  it('a company user sees the account and goes on to the surveys (sl)', () => {
    resetShellStore({ user: company });
    const { missing } = renderPage(<LoginReviewPage />, { route: 'loginReview', locale: 'sl', ns: ['pages', 'common'] });
    expect(screen.getByRole('heading', { level: 1, name: 'Vaša prijava' })).toBeTruthy();
    const facts = screen.getByTestId('login-review-facts');
    expect(within(facts).getByText('hr@firma.si')).toBeTruthy();
    expect(within(facts).getByText('Račun podjetja')).toBeTruthy();
    expect(hrefOf('Naprej na moje raziskave')).toEqual(['/profil/izz']);
    expect(hrefOf('Spremenite geslo')).toEqual(['/profil/sprememba-gesla']);
    expect(screen.getByRole('button', { name: 'Odjava' })).toBeTruthy();
    expect(missing).toEqual([]);
  });

  it('an administrator acting as the client is named; an administrator alone goes to the administration (en)', () => {
    resetShellStore({ user: { ...company, acting_admin: { id: 1, email: 'admin@izz.example' } } });
    renderPage(<LoginReviewPage />, { route: 'loginReview', locale: 'en', ns: ['pages', 'common'] });
    expect(screen.getByText(/^admin@izz\.example \(administrator\) is acting as this company’s user/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Change the password' })).toBeNull();
    cleanup();

    resetShellStore({ user: { ...company, email: 'admin@izz.example', scope: ['admin'], company_id: null } });
    renderPage(<LoginReviewPage />, { route: 'loginReview', locale: 'en', ns: ['pages', 'common'] });
    expect(within(screen.getByTestId('login-review-facts')).getByText('Administrator')).toBeTruthy();
    expect(hrefOf('Continue to the administration')).toEqual(['/en/admin']);
  });

  it('an unconfirmed address is sent to confirm it first (en)', async () => {
    resetShellStore({ user: { ...company, email_verified_at: null } });
    renderPage(<LoginReviewPage />, { route: 'loginReview', locale: 'en', ns: ['pages', 'common'] });
    await waitFor(() => expect(hrefOf('Confirm the e-mail address')).toEqual(['/en/confirm-email']));
    expect(screen.queryByRole('link', { name: 'Continue to my surveys' })).toBeNull();
  });
});
