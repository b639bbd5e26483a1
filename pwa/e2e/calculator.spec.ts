/**
 * The price calculator in the browser: the live result in de-DE euros (the same calculatePrice()
 * as the application), prices from GET /api/prices, and the maximum of 5000 employees.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { AdminPage, logInAs } from './pages/admin-page';
import { ShellPage } from './pages/shell-page';

const NBSP = '\u00a0';

const TEXTS = {
  sl: {
    path: '/kalkulator',
    label: 'Število zaposlenih',
    percent30: `30${NBSP}%`,
    maximum: 'Kalkulator izračuna ceno za največ 5000 zaposlenih. Za večje podjetje zahtevajte ponudbo.',
  },
  en: {
    path: '/en/calculator',
    label: 'Number of employees',
    percent30: '30%',
    maximum: 'The calculator prices at most 5,000 employees. For a larger company, ask for an offer.',
  },
} as const;

type Locale = keyof typeof TEXTS;

/** A small page model of the calculator. */
class Calculator {
  constructor(
    readonly page: Page,
    readonly locale: Locale,
  ) {}

  get t() {
    return TEXTS[this.locale];
  }

  get input() {
    return this.page.getByLabel(this.t.label, { exact: true });
  }

  get result() {
    return this.page.getByTestId('calculator-result');
  }

  line(name: 'discount' | 'total' | 'base' | 'error') {
    return this.page.getByTestId(`calculator-${name}`);
  }

  /** Opens the calculator with the server's prices: in the page the server rendered (a guest), else as the app loads them. */
  async open() {
    const shell = new ShellPage(this.page);
    const prices = this.page.waitForResponse((r) => r.url().endsWith('/api/prices') && r.status() === 200);
    prices.catch(() => undefined); // not awaited when the server rendered the page: no unhandled rejection at its close
    const response = await shell.goto(this.t.path);
    if (!(await response?.text())?.includes('id="ssr-data"')) await prices;
    if (await shell.cookieBanner.isVisible()) await shell.acceptAllCookies();
  }

  async type(employees: string) {
    await this.input.fill(employees);
  }
}

for (const locale of ['sl', 'en'] as const) {
  test.describe(`price calculator (${locale})`, () => {
    test('1001 employees: 30% discount and the exact de-DE total', async ({ page }) => {
      const calc = new Calculator(page, locale);
      await calc.open();
      await expect(calc.input).toHaveAttribute('inputmode', 'numeric');
      await expect(calc.result).toHaveAttribute('aria-live', 'polite');
      await calc.type('1001');
      // Exact strings: de-DE amounts with the no-break space before € in both languages.
      await expect.poll(() => calc.line('total').textContent()).toBe(`5.605,60${NBSP}€`);
      await expect.poll(() => calc.line('base').textContent()).toBe(`8.008,00${NBSP}€`);
      await expect.poll(() => calc.line('discount').textContent()).toBe(`${calc.t.percent30} (−2.402,40${NBSP}€)`);
      await expect(calc.result).toContainText(`560,56${NBSP}€`);
    });

    test('6000 employees: the maximum message, tied to the input, and no price', async ({ page }) => {
      const calc = new Calculator(page, locale);
      await calc.open();
      await calc.type('6000');
      await expect(calc.line('error')).toHaveText(calc.t.maximum);
      await expect(calc.input).toHaveAttribute('aria-invalid', 'true');
      const errorId = await calc.line('error').getAttribute('id');
      expect((await calc.input.getAttribute('aria-describedby'))?.split(' ')).toContain(errorId);
      await expect(calc.line('total')).toHaveCount(0);
      await calc.type('5000');
      await expect.poll(() => calc.line('total').textContent()).toBe(`28.000,00${NBSP}€`);
      await expect(calc.line('error')).toHaveCount(0);
    });
  });
}

test.describe('prices set by the administrator', () => {
  // axe-core is injected as an inline script, which the server's CSP rightly forbids.
  test.use({ bypassCSP: true });

  test('axe: the calculator with a result and with the maximum message', async ({ page }) => {
    const calc = new Calculator(page, 'sl');
    await calc.open();
    const shell = new ShellPage(page);
    for (const employees of ['1001', '6000']) {
      await calc.type(employees);
      await expect(employees === '6000' ? calc.line('error') : calc.line('total')).toBeVisible();
      const serious = (await shell.axeViolations()).filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
    }
  });

  test('the administrator edits the prices on admin/prices and the calculator uses them', async ({ page, context, server }) => {
    await logInAs(context, server);
    try {
      const admin = new AdminPage(page);
      await admin.goto('/en/admin/prices');
      const shell = new ShellPage(page);
      if (await shell.cookieBanner.isVisible()) await shell.acceptAllCookies();
      await expect(admin.nav.getByRole('link', { name: 'Prices' })).toHaveAttribute('aria-current', 'page');
      const price = page.getByLabel('Price per employee (EUR)');
      await expect(price).toHaveValue('8.00');
      const serious = (await shell.axeViolations()).filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
      await price.fill('10');
      await expect(page.getByTestId('prices-preview')).toContainText(`7.007,00${NBSP}€`);
      await page.getByRole('button', { name: 'Save the prices' }).click();
      await expect(page.getByText('The prices are saved.')).toBeVisible();

      const calc = new Calculator(page, 'en');
      await calc.open();
      await calc.type('1001');
      await expect.poll(() => calc.line('total').textContent()).toBe(`7.007,00${NBSP}€`);
    } finally {
      await server.handle.db.run("DELETE FROM settings WHERE key = 'price_settings'");
    }
  });
});
