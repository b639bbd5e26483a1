/**
 * Administration pages against a stubbed fetch: tables, debounced search, confirmation dialogs,
 * the mail viewer's sandboxed frame, login-as-client and the "acting as" banner.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { localizedPath, type RouteId } from '../../../shared/routes';
import type { CurrentUser } from '../../../shared/schemas/user';
import { resetShellStore } from '../../session/shell-store';
import { ActingBanner } from '../../app/layout/acting-banner';
import { json, LocationProbe, renderPage, stubApi, type ApiCall, type ApiHandler } from '../../test/render';
import CompaniesPage from './companies-page';
import CompanyPage from './company-page';
import LoginAsClientPage from './login-as-client-page';
import OutboxPage from './outbox-page';
import AuditLogPage from './audit-log-page';

function renderAt(element: ReactElement, id: RouteId, url = localizedPath(id, 'en'), extra: ReactElement | null = null, locale: 'en' | 'de' | 'mk' = 'en') {
  return renderPage(element, { locale, ns: ['common', 'admin'], route: id, url, before: extra, after: <LocationProbe /> });
}

let calls: ApiCall[] = [];
let routes: Record<string, ApiHandler> = {};

beforeEach(() => {
  ({ calls, routes } = stubApi());
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetShellStore();
});

const company = {
  id: 7,
  name: 'Demo podjetje d.o.o.',
  tax_number: 'SI12345678',
  country: 'si',
  city: 'Ljubljana',
  created_at: '2025-01-15T08:05:00Z',
  verified_at: null,
  disabled_at: null,
  user_email: 'demo@example.com',
  email_verified_at: '2025-01-15T09:00:00Z',
};

const page = <T,>(items: T[], total = items.length) => ({ data: { items, total, page: 1, page_size: 20 } });

describe('companies page', () => {
  it('shows a captioned table with row headers linking to the company', async () => {
    routes['GET /api/admin/companies'] = () => json(200, page([company], 41));
    renderAt(<CompaniesPage />, 'adminCompanies');
    const table = await screen.findByRole('table', { name: 'Companies' });
    expect(within(table).getAllByRole('columnheader')).toHaveLength(6);
    const link = within(table).getByRole('link', { name: 'Demo podjetje d.o.o.' });
    expect(link.getAttribute('href')).toBe('/en/admin/companies/7');
    expect(link.closest('th')?.getAttribute('scope')).toBe('row');
    expect(within(table).getByText('15.01.2025')).toBeTruthy();
    expect(within(table).getByText('Not verified')).toBeTruthy();
    expect(screen.getByText('1–20 of 41')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
  });

  it('debounces the search and keeps it in the URL', async () => {
    routes['GET /api/admin/companies'] = (call) => json(200, page(call.query.get('q') === 'demo' ? [company] : []));
    renderAt(<CompaniesPage />, 'adminCompanies');
    await screen.findByText('No company has registered yet.');
    const box = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(box, { target: { value: 'd' } });
    fireEvent.change(box, { target: { value: 'de' } });
    fireEvent.change(box, { target: { value: 'demo' } });
    await screen.findByRole('link', { name: 'Demo podjetje d.o.o.' });
    const queries = calls.filter((c) => c.path === '/api/admin/companies').map((c) => c.query.get('q'));
    expect(queries).toEqual([null, 'demo']);
    expect(screen.getByTestId('location').textContent).toBe('/en/admin/companies?q=demo');
  });

  it('filters by status and shows the empty state', async () => {
    routes['GET /api/admin/companies'] = () => json(200, page([]));
    renderAt(<CompaniesPage />, 'adminCompanies');
    await screen.findByText('No company has registered yet.');
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'disabled' } });
    await screen.findByText('No companies match.');
    expect(calls.at(-1)?.query.get('status')).toBe('disabled');
  });

  it('shows a load failure with a way to try again', async () => {
    let fail = true;
    routes['GET /api/admin/companies'] = () => (fail ? json(500, { error: { code: 'internal-error', message: 'Boom.' } }) : json(200, page([company])));
    renderAt(<CompaniesPage />, 'adminCompanies');
    expect((await screen.findByRole('alert')).textContent).toContain('Boom.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('link', { name: 'Demo podjetje d.o.o.' });
  });
});

describe('company page', () => {
  const view = {
    company: {
      ...company,
      industry: 'M',
      activity: 'Consulting',
      street: 'Slovenska cesta',
      house_number: '1',
      size: 'small',
      employees: { total: 42, male: 20, female: 22, other_gender: 0, education_low: 0, education_middle: 10, education_higher: 30, education_special: 2 },
      logo_url: null,
      updated_at: '2025-01-15T08:05:00Z',
    },
    users: [
      { id: 3, email: 'demo@example.com', name: 'Demo User', phone: '+386 1 234 56 78', locale: 'sl', email_verified_at: '2025-01-15T09:00:00Z', pending_email: null, disabled_at: null, created_at: '2025-01-15T08:05:00Z' },
    ],
    testimonial: null,
  };

  it('verifies after confirmation', async () => {
    routes['GET /api/admin/companies/7'] = () => json(200, { data: view });
    routes['POST /api/admin/companies/7/verify'] = () => json(200, { data: { ...company, verified_at: '2025-02-01T10:00:00Z' } });
    renderAt(<CompanyPage />, 'adminCompany', '/en/admin/companies/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo podjetje d.o.o.' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Users of this company' })).toBeTruthy();
    expect(screen.getByText('Slovenia')).toBeTruthy();
    expect(screen.getByText('M – Consulting')).toBeTruthy();
    expect(screen.getByText('Small')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify Demo podjetje d.o.o.?' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect((await screen.findByText('The company is verified.')).closest('[role=status]')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/admin/companies/7/verify']);
    expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull();
    expect(screen.getAllByText('Verified').length).toBeGreaterThan(0);
  });

  it('logs in as the client, refreshes the user and opens the profile', async () => {
    routes['GET /api/admin/companies/7'] = () => json(200, { data: view });
    routes['POST /api/admin/login-as-client'] = () => json(200, { data: {} });
    routes['GET /api/me'] = () =>
      json(200, { data: { id: 3, email: 'demo@example.com', acting_admin: { id: 1, email: 'admin@example.com' } } });
    document.cookie = 'izz_signed_in=1; path=/'; // what the server's login answer sets beside the session
    renderAt(<CompanyPage />, 'adminCompany', '/en/admin/companies/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Log in as this client' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/en/profile/izz'));
    expect(calls.find((c) => c.path === '/api/admin/login-as-client')?.body).toEqual({ company_id: 7 });
    expect(calls.some((c) => c.path === '/api/me')).toBe(true);
    document.cookie = 'izz_signed_in=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('says why a company without users cannot be acted as, beside the disabled button', async () => {
    routes['GET /api/admin/companies/7'] = () => json(200, { data: { ...view, users: [] } });
    renderAt(<CompanyPage />, 'adminCompany', '/en/admin/companies/7');
    const button = await screen.findByRole('button', { name: 'Log in as this client' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    const why = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(why?.textContent).toBe('Not available: acting as a client signs you in as one of the company’s users, and this company has none (like the demo market’s companies).');
  });

  it('shows the API error when the company does not exist', async () => {
    routes['GET /api/admin/companies/9'] = () => json(404, { error: { code: 'not-found', message: 'Not found.' } });
    renderAt(<CompanyPage />, 'adminCompany', '/en/admin/companies/9');
    expect((await screen.findByRole('alert')).textContent).toContain('Not found.');
  });
});

describe('login as client page', () => {
  const marketCompany = { ...company, id: 8, name: 'Bura Plastika d.o.o.', user_email: null, email_verified_at: null };
  const disabledCompany = { ...company, id: 9, name: 'Zora d.o.o.', disabled_at: '2025-03-01T10:00:00Z' };

  for (const [locale, noUser, disabled] of [
    ['en', 'Not available: acting as a client signs you in as one of the company’s users, and this company has none (like the demo market’s companies).', 'Not available: the company is disabled.'],
    ['mk', 'Не е достапно: работата во име на клиент ве најавува како еден од корисниците на компанијата, а оваа компанија нема ниту еден (како компаниите од демонстрацискиот пазар).', 'Не е достапно: компанијата е оневозможена.'],
  ] as const) {
    it(`${locale}: a disabled "act as" says why, as the button's description; an available one says nothing`, async () => {
      routes['GET /api/admin/companies'] = () => json(200, page([company, marketCompany, disabledCompany]));
      renderAt(<LoginAsClientPage />, 'loginAsClient', localizedPath('loginAsClient', locale), null, locale);
      const table = await screen.findByRole('table');
      const rows = within(table).getAllByRole('row').slice(1);
      const [demoRow, marketRow, disabledRow] = rows.map((r) => within(r).getByRole('button'));
      expect(demoRow?.hasAttribute('disabled')).toBe(false);
      expect(demoRow?.getAttribute('aria-describedby')).toBeNull();
      expect(marketRow?.hasAttribute('disabled')).toBe(true);
      expect(document.getElementById(marketRow?.getAttribute('aria-describedby') ?? '')?.textContent).toBe(noUser);
      expect(within(rows[1]!).getByText(noUser)).toBeTruthy();
      expect(disabledRow?.hasAttribute('disabled')).toBe(true);
      expect(document.getElementById(disabledRow?.getAttribute('aria-describedby') ?? '')?.textContent).toBe(disabled);
    });
  }
});

describe('outbox page', () => {
  const mail = { id: 5, to: 'a@example.com', subject: 'Confirm', status: 'failed', attempts: 3, last_error: 'ECONNREFUSED', created_at: '2025-07-01T10:00:00Z', sent_at: null };
  const sent = { ...mail, id: 6, subject: 'Welcome', status: 'sent', last_error: null };

  it('lists mail, offers retry only for failed/captured, and shows a mail in a sandboxed frame', async () => {
    routes['GET /api/admin/outbox'] = () => json(200, page([mail, sent]));
    routes['GET /api/admin/outbox/5'] = () => json(200, { data: { ...mail, html: '<p>Hello <script>alert(1)</script></p>', text: 'Hello' } });
    routes['POST /api/admin/outbox/5/retry'] = () => json(200, { data: { ...mail, status: 'queued', attempts: 0 } });
    renderAt(<OutboxPage />, 'adminOutbox');
    const table = await screen.findByRole('table', { name: 'E-mails' });
    expect(within(table).getAllByText('01.07.2025 12:00')).toHaveLength(2);
    expect(within(table).getAllByRole('button', { name: /^Send again/ })).toHaveLength(1);

    fireEvent.click(within(table).getByRole('button', { name: 'View the e-mail “Confirm”' }));
    const viewer = await screen.findByTestId('mail-view');
    const frame = within(viewer).getByTitle('HTML version of the e-mail');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('<p>Hello');
    expect(within(viewer).getByText('ECONNREFUSED')).toBeTruthy();
    expect(within(viewer).getByText('Hello')).toBeTruthy();

    fireEvent.click(within(table).getByRole('button', { name: 'Send again: “Confirm”' }));
    await screen.findByText('The e-mail is queued again.');
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/admin/outbox/5/retry')).toBe(true);
  });

  it('sends the status filter', async () => {
    routes['GET /api/admin/outbox'] = () => json(200, page([]));
    renderAt(<OutboxPage />, 'adminOutbox');
    await screen.findByText('No e-mail in this list.');
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'captured' } });
    await waitFor(() => expect(calls.at(-1)?.query.get('status')).toBe('captured'));
  });
});

describe('audit log page', () => {
  it('shows entries with Ljubljana time, known action names and company links', async () => {
    routes['GET /api/admin/audit-log'] = () =>
      json(200, page([{ id: 1, at: '2025-01-15T08:05:00Z', actor_email: 'admin@example.com', action: 'company.verify', target_type: 'company', target_id: 7, details: null }]));
    renderAt(<AuditLogPage />, 'adminAuditLog');
    const table = await screen.findByRole('table', { name: 'Audit log entries, newest first' });
    expect(within(table).getByText('15.01.2025 09:05')).toBeTruthy();
    expect(within(table).getByText('Verified a company')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Company #7' }).getAttribute('href')).toBe('/en/admin/companies/7');
  });

  it('names the actions of the award cycle and their year', async () => {
    routes['GET /api/admin/audit-log'] = () =>
      json(200, page([{ id: 2, at: '2025-12-06T10:00:00Z', actor_email: 'admin@example.com', action: 'award.publish', target_type: 'award_year', target_id: 2025, details: null }]));
    renderAt(<AuditLogPage />, 'adminAuditLog');
    const table = await screen.findByRole('table', { name: 'Audit log entries, newest first' });
    expect(within(table).getByText('Award: results published')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Award year #2025' }).getAttribute('href')).toBe('/en/admin/award?year=2025');
  });
});

describe('acting banner', () => {
  const acting: CurrentUser = {
    id: 3,
    email: 'demo@example.com',
    name: 'Demo',
    email_verified_at: null,
    scope: ['company'],
    company_id: 7,
    locale: 'en',
    acting_admin: { id: 1, email: 'admin@example.com' },
  };

  it('is hidden for a normal user', () => {
    resetShellStore({ user: { ...acting, acting_admin: null } });
    renderAt(<p>profile</p>, 'profileIzz', '/en/profile/izz', <ActingBanner />);
    expect(screen.queryByTestId('acting-banner')).toBeNull();
  });

  it('names the company user and stops acting', async () => {
    resetShellStore({ user: acting });
    routes['POST /api/admin/login-as-client/stop'] = () => json(200, { data: {} });
    routes['GET /api/me'] = () => json(200, { data: { ...acting, id: 1, email: 'admin@example.com', scope: ['admin'], acting_admin: null } });
    renderAt(<p>profile</p>, 'profileIzz', '/en/profile/izz', <ActingBanner />);
    const banner = screen.getByRole('complementary', { name: 'Acting as a client' });
    expect(banner.textContent).toContain('You are acting as demo@example.com.');
    await act(async () => {
      fireEvent.click(within(banner).getByRole('button', { name: 'Stop' }));
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/en/admin/companies'));
    expect(screen.queryByTestId('acting-banner')).toBeNull();
  });
});
