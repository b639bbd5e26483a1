/** The administrator's price list against a stubbed fetch: load, preview, client checks, save. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_PRICE_SETTINGS, type PriceSettings } from '../../../shared/pricing';
import { json, renderPage, stubApi, type ApiCall } from '../../test/render';
import PricesPage from './prices-page';

const NBSP = '\u00a0';
let calls: ApiCall[] = [];
let putAnswer: (body: PriceSettings) => Response;

beforeEach(() => {
  putAnswer = (body) => json(200, { data: body });
  ({ calls } = stubApi({
    'GET /api/prices': () => json(200, { data: DEFAULT_PRICE_SETTINGS }),
    'PUT /api/admin/prices': (call) => putAnswer(call.body as PriceSettings),
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const openPage = () => renderPage(<PricesPage />, { locale: 'en', ns: ['common', 'admin'], route: 'adminPrices' });

const field = (name: string) => screen.getByLabelText(name, { exact: false, selector: 'input' });

describe('prices page', () => {
  it('loads the prices into the form and previews them with the calculator code', async () => {
    openPage();
    expect(((await screen.findByLabelText('Price per employee (EUR)')) as HTMLInputElement).value).toBe('8.00');
    expect((field('Minimum employees charged') as HTMLInputElement).value).toBe('10');
    expect((field('Maximum employees') as HTMLInputElement).value).toBe('5000');
    expect(screen.getAllByLabelText('More than (employees)').map((i) => (i as HTMLInputElement).value)).toEqual(['500', '1000']);
    const preview = screen.getByTestId('prices-preview');
    const rows = within(preview).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(rows).toEqual([`10%80,00${NBSP}€`, `5000%4.000,00${NBSP}€`, `50120%3.206,40${NBSP}€`, `100020%6.400,00${NBSP}€`, `100130%5.605,60${NBSP}€`, `500030%28.000,00${NBSP}€`]);
  });

  it('refuses invalid values before sending, with a focused summary', async () => {
    openPage();
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
    openPage();
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
    openPage();
    await screen.findByLabelText('Price per employee (EUR)');
    fireEvent.click(screen.getByRole('button', { name: 'Save the prices' }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain('Refund for returning clients (%): Enter a whole number from 0 to 100.');
  });
});
