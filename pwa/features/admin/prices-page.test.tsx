/** The administrator's price list against a stubbed fetch: load, preview, client checks, save. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { DEFAULT_PRICE_SETTINGS, type PriceSettings } from '../../../shared/pricing';
import { localizedPath, routePath } from '../../../shared/routes';
import enAdmin from '../../../shared/i18n/en/admin.json';
import enCommon from '../../../shared/i18n/en/common.json';
import PricesPage from './prices-page';

const NBSP = '\u00a0';
type Call = { method: string; path: string; body: unknown };
let calls: Call[] = [];
let putAnswer: (body: PriceSettings) => Response;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  calls = [];
  putAnswer = (body) => json(200, { data: body });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const call: Call = { method: init?.method ?? 'GET', path: new URL(input, 'http://localhost').pathname, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined };
      calls.push(call);
      if (call.method === 'GET' && call.path === '/api/prices') return json(200, { data: DEFAULT_PRICE_SETTINGS });
      if (call.method === 'PUT' && call.path === '/api/admin/prices') return putAnswer(call.body as PriceSettings);
      return json(404, { error: { code: 'not-found', message: 'Not found' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: false,
    resources: { en: { common: enCommon, admin: enAdmin } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: false },
  });
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[localizedPath('adminPrices', 'en')]}>
        <Routes>
          <Route path={`/en/${routePath('adminPrices', 'en')}`} element={<PricesPage />} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

const field = (name: string) => screen.getByLabelText(name, { exact: false, selector: 'input' });

describe('prices page', () => {
  it('loads the prices into the form and previews them with the calculator code', async () => {
    renderPage();
    expect(((await screen.findByLabelText('Price per employee (EUR)')) as HTMLInputElement).value).toBe('8.00');
    expect((field('Minimum employees charged') as HTMLInputElement).value).toBe('10');
    expect((field('Maximum employees') as HTMLInputElement).value).toBe('5000');
    expect(screen.getAllByLabelText('More than (employees)').map((i) => (i as HTMLInputElement).value)).toEqual(['500', '1000']);
    const preview = screen.getByTestId('prices-preview');
    const rows = within(preview).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(rows).toEqual([`10%80,00${NBSP}€`, `5000%4.000,00${NBSP}€`, `50120%3.206,40${NBSP}€`, `100020%6.400,00${NBSP}€`, `100130%5.605,60${NBSP}€`, `500030%28.000,00${NBSP}€`]);
  });

  it('refuses invalid values before sending, with a focused summary', async () => {
    renderPage();
    const price = await screen.findByLabelText('Price per employee (EUR)');
    fireEvent.change(price, { target: { value: '8.555' } });
    fireEvent.change(field('Maximum employees'), { target: { value: '6000' } });
    expect(screen.getByText('The preview appears once every field is valid.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save the prices' }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain('Price per employee (EUR): Enter a price above 0 with at most two decimals.');
    expect(summary.textContent).toContain('Maximum employees: Enter a whole number in the allowed range.');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('saves the edited prices (decimal comma accepted) and confirms', async () => {
    renderPage();
    fireEvent.change(await screen.findByLabelText('Price per employee (EUR)'), { target: { value: '9,5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove discount 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save the prices' }));
    expect(await screen.findByText('The prices are saved.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ ...DEFAULT_PRICE_SETTINGS, price_per_employee_eur: 9.5, discount_tiers: [{ above: 1000, percent: 30 }] });
    expect((screen.getByLabelText('Price per employee (EUR)') as HTMLInputElement).value).toBe('9.50');
  });

  it('shows the server validation issues on their fields', async () => {
    putAnswer = () =>
      json(422, { error: { code: 'validation-failed', message: 'Invalid', details: [{ location: 'body', path: 'refund_returning_percent', code: 'too_big', message: 'Too big' }] } });
    renderPage();
    await screen.findByLabelText('Price per employee (EUR)');
    fireEvent.click(screen.getByRole('button', { name: 'Save the prices' }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain('Refund for returning clients (%): Enter a whole number from 0 to 100.');
  });
});
