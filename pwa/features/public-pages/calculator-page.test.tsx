/** The price calculator: live result from shared/pricing.ts, de-DE amounts, prices from GET /api/prices. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { DEFAULT_PRICE_SETTINGS, type PriceSettings } from '../../../shared/pricing';
import CalculatorPage from './calculator-page';
import type { UiLocale } from '../../../shared/locales';
import { json, renderPage, stubApi, type FakeApi } from '../../test/render';
import { resetPriceSettingsCache } from './use-price-settings';

const NBSP = '\u00a0';
let prices: PriceSettings | null = DEFAULT_PRICE_SETTINGS;
let api: FakeApi;

beforeEach(() => {
  prices = DEFAULT_PRICE_SETTINGS;
  resetPriceSettingsCache();
  api = stubApi({
    'GET /api/prices': () => {
      if (!prices) throw new TypeError('Failed to fetch');
      return json(200, { data: prices });
    },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function open(locale: UiLocale) {
  const view = renderPage(<CalculatorPage />, { route: 'calculator', locale, ns: ['common', 'pages'] });
  await waitFor(() => expect(api.calls).toHaveLength(1));
  expect(api.calls[0]?.url).toBe('/api/prices');
  const input = screen.getByLabelText(locale === 'sl' ? 'Število zaposlenih' : 'Number of employees');
  const type = (value: string) => fireEvent.change(input, { target: { value } });
  return { ...view, input, type };
}

const text = (testId: string) => screen.getByTestId(testId).textContent ?? '';

describe('calculator page', () => {
  it('is an accessible number input with a live result region', async () => {
    const { input, missing } = await open('en');
    expect(missing).toEqual([]);
    expect(input.getAttribute('type')).toBe('number');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('min')).toBe('1');
    expect(input.getAttribute('max')).toBe('5000');
    const hint = document.getElementById(input.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('A whole number from 1 to 5,000; we charge for at least 10 employees.');
    const live = screen.getByTestId('calculator-result');
    expect(live.getAttribute('aria-live')).toBe('polite');
    expect(live.textContent).toBe('Enter the number of employees to calculate the price.');
  });

  it('1000 employees: 20% discount and the de-DE total; 1001: 30%', async () => {
    const { type } = await open('en');
    type('1000');
    expect(text('calculator-per-employee')).toBe(`8,00${NBSP}€`);
    expect(text('calculator-base')).toBe(`8.000,00${NBSP}€`);
    expect(text('calculator-discount')).toBe(`20% (−1.600,00${NBSP}€)From 1,001 employees the discount is 30%.`);
    expect(text('calculator-total')).toBe(`6.400,00${NBSP}€`);

    type('1001');
    expect(text('calculator-discount')).toBe(`30% (−2.402,40${NBSP}€)`);
    expect(text('calculator-total')).toBe(`5.605,60${NBSP}€`);
    const refunds = screen.getByTestId('calculator-refunds');
    expect(refunds.textContent).toContain(`560,56${NBSP}€ (10%) for a response rate above 75%`);
    expect(refunds.textContent).toContain(`560,56${NBSP}€ (10%) for returning clients`);
    expect(screen.getByText(`Together, up to 1.121,12${NBSP}€ may be refunded.`, { normalizer: (s) => s })).toBeTruthy();
  });

  it('in Slovenian: the same de-DE amounts, Slovenian percentages; the minimum of 10 applies to 1 employee', async () => {
    const { type } = await open('sl');
    type('1001');
    expect(text('calculator-discount')).toBe(`30${NBSP}% (−2.402,40${NBSP}€)`);
    expect(text('calculator-total')).toBe(`5.605,60${NBSP}€`);
    type('1');
    expect(text('calculator-billed')).toBe('10Velja najmanjše število zaposlenih (10).');
    expect(text('calculator-total')).toBe(`80,00${NBSP}€`);
    expect(text('calculator-discount')).toBe('Brez popustaPri 501 ali več zaposlenih velja popust 20 %.'.replace(' %', `${NBSP}%`));
  });

  it.each([
    ['5000', `28.000,00${NBSP}€`],
    ['500', `4.000,00${NBSP}€`],
    ['501', `3.206,40${NBSP}€`],
  ])('%s employees -> %s', async (employees, total) => {
    const { type } = await open('en');
    type(employees);
    expect(text('calculator-total')).toBe(total);
  });

  it('refuses more than the maximum, fractions and 0 with a message tied to the input', async () => {
    const { input, type } = await open('en');
    type('6000');
    expect(text('calculator-error')).toBe('The calculator prices at most 5,000 employees. For a larger company, ask for an offer.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(screen.getByTestId('calculator-error').id);
    expect(screen.queryByTestId('calculator-total')).toBeNull();
    type('12.5');
    expect(text('calculator-error')).toBe('Enter a whole number of employees.');
    type('0');
    expect(text('calculator-error')).toBe('Enter at least 1 employee.');
    type('');
    expect(screen.queryByTestId('calculator-error')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('uses the prices the administrator set', async () => {
    prices = { ...DEFAULT_PRICE_SETTINGS, price_per_employee_eur: 9.5, max_employees: 3000, discount_tiers: [{ above: 100, percent: 5 }] };
    const { input, type } = await open('en');
    await waitFor(() => expect(input.getAttribute('max')).toBe('3000'));
    type('200');
    expect(text('calculator-per-employee')).toBe(`9,50${NBSP}€`);
    expect(text('calculator-discount')).toBe(`5% (−95,00${NBSP}€)`);
    expect(text('calculator-total')).toBe(`1.805,00${NBSP}€`);
    type('3001');
    expect(text('calculator-error')).toContain('at most 3,000 employees');
  });

  it('falls back to the default prices when they cannot be loaded (offline)', async () => {
    prices = null;
    const { type } = await open('en');
    await screen.findByText('The current prices could not be loaded; the calculation uses the default prices.');
    type('1001');
    expect(text('calculator-total')).toBe(`5.605,60${NBSP}€`);
  });
});
