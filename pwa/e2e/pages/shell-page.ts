/**
 * Page model of the site shell (header, menus, language switcher, cookie banner, footer).
 * Specs drive the app through these helpers instead of raw selectors.
 */
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import type { UiLocale } from '../../../shared/locales';
import { lookAt } from './look';

/** Waits until the service worker has installed (precached everything) and controls the page: after this the app opens offline. */
/** Until React has rendered or hydrated the page (a server-rendered page is visible before any script runs). */
export async function waitForApp(page: Page): Promise<void> {
  await expect
    // The app has hydrated the page, or (a purely public page, which the app does not hydrate) its own script has run.
    // Registration and the code entry start the app once the visitor uses the page (pwa/deferred-app.ts): a key a
    // visitor may press (Shift does nothing on its own) is such a sign.
    .poll(
      async () => {
        const state = await page.evaluate(() =>
          document.documentElement.dataset.publicPage === 'ready' || Object.keys(document.querySelector('main') ?? {}).some((key) => key.startsWith('__react'))
            ? 'ready'
            : (document.documentElement.dataset.app ?? ''),
        );
        if (state === 'deferred') await page.keyboard.press('Shift');
        return state === 'ready';
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    }
  });
}

/**
 * The open page at another size: waits until the window has the width and two frames have passed, so that the app's
 * media-query listeners have rendered that layout, and so that the next resize or action never comes before the
 * browser has drawn this one (two resizes in a row without a frame between once left headless Chromium drawing no
 * more frames: an action's "stable" check then waited for a frame until the test timed out).
 */
export async function resizeTo(page: Page, width: number, height = 900): Promise<void> {
  await page.setViewportSize({ width, height });
  await page.waitForFunction((w) => window.innerWidth === w && new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)))), width);
}

/** Every row of one store of this device's IndexedDB database ('izz', pwa/db/db.ts), as the page sees it. */
export async function deviceRows<T = unknown>(page: Page, store: string): Promise<T[]> {
  return (await page.evaluate(async (name) => {
    const open = indexedDB.open('izz');
    const idb = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const request = idb.transaction(name, 'readonly').objectStore(name).getAll();
    const rows = await new Promise<unknown[]>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result as unknown[]);
      request.onerror = () => reject(request.error);
    });
    idb.close();
    return rows;
  }, store)) as T[];
}

export type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

export class ShellPage {
  readonly header: Locator;
  readonly main: Locator;
  readonly footer: Locator;
  readonly hamburger: Locator;
  readonly siteMenu: Locator;
  readonly languageButton: Locator;
  readonly cookieBanner: Locator;
  readonly notFound: Locator;

  constructor(readonly page: Page) {
    this.header = page.locator('header.site-header');
    this.main = page.locator('main#main');
    this.footer = page.locator('footer.site-footer');
    this.hamburger = page.locator('.site-header summary.hamburger');
    this.siteMenu = page.getByTestId('site-menu');
    this.languageButton = page.getByTestId('language-switcher').locator('> summary.lang-button');
    this.cookieBanner = page.getByTestId('cookie-banner');
    this.notFound = page.getByTestId('not-found');
  }

  /** Opens a path and waits until the shell and the page's heading are rendered. */
  async goto(pathname: string) {
    const response = await this.page.goto(pathname);
    await this.ready();
    return response;
  }

  /**
   * The page is there and the app runs it: a server-rendered page shows its h1 before any script has run, so this also
   * waits until React has taken the page over (see waitForApp), before a test types or clicks.
   */
  async ready() {
    await expect(this.main.locator('h1').first()).toBeVisible();
    await this.waitForApp();
  }

  /**
   * A page the server rendered (public pages and the code entry for guests) is shown before the app runs: a click
   * or a typed text then would reach no handler, or be overwritten. Waits until React has rendered or hydrated the page.
   */
  async waitForApp() {
    await waitForApp(this.page);
  }

  dropdown(name: 'research' | 'about') {
    const item = this.page.getByTestId(`nav-${name}`);
    // A disclosure: <details> (open or not) with the label as its <summary> and the links inside.
    const details = item.locator('> details');
    return { item, details, button: details.locator('> summary'), menu: details.locator('> ul') };
  }

  async openMobileMenu() {
    await this.hamburger.click();
    await expect(this.page.locator('.site-header details.menu-toggle')).toHaveAttribute('open', '');
    await expect(this.siteMenu).toBeVisible();
  }

  /** Opens the language switcher, picks a locale and waits for the URL and <html lang>. */
  async switchLanguage(locale: UiLocale, expectedPath: string) {
    await this.languageButton.click();
    await this.page.getByTestId('language-switcher').locator(`a[hreflang="${locale}"]`).click();
    await expect(this.page).toHaveURL((url) => url.pathname === expectedPath);
    await expect(this.page.locator('html')).toHaveAttribute('lang', locale);
    await expect(this.page.getByTestId('language-switcher')).not.toHaveAttribute('open');
    await this.ready();
  }

  async acceptAllCookies() {
    await this.cookieBanner.getByRole('button').first().click();
    await expect(this.cookieBanner).toBeHidden();
  }

  /**
   * The same page at another width: waits until the window has it and two frames have passed, so that the app's
   * media-query listeners have rendered the layout of that width before anything is checked.
   */
  async resizeTo(width: number, height = 900) {
    await resizeTo(this.page, width, height);
  }

  /** Runs axe-core (needs a context with bypassCSP: the script is injected inline). */
  async axeViolations(): Promise<AxeViolation[]> {
    // Injected once per document: axe-core is half a megabyte to parse again.
    if (!(await this.page.evaluate(() => 'axe' in window))) await this.page.addScriptTag({ path: path.resolve('node_modules/axe-core/axe.min.js') });
    return this.page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
      const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
      return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
    });
  }

  async screenshot(name: string) {
    await lookAt(this.page, path.join('test-results', 'screenshots', `${name}.png`), { fullPage: true });
  }
}
