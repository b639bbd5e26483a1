/**
 * Page model of the administration area, plus helpers that log a user in by creating a session on
 * the worker's server (the administrator's password is generated at first start and never stored).
 */
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { SESSION_COOKIE_NAME, SESSION_HINT_COOKIE_NAME } from '../../../shared/constants';
import type { E2eServer } from '../fixtures';

/** Sets a session cookie for the user with this e-mail (the administrator by default). */
export async function logInAs(context: BrowserContext, server: E2eServer, email = server.handle.config.adminEmail) {
  const user = await server.handle.db.get<{ id: number }>('SELECT id FROM users WHERE email = ?', [email]);
  if (!user) throw new Error(`no user ${email}`);
  const session = await server.handle.services.auth.createSession(user.id);
  await context.addCookies([
    { name: SESSION_COOKIE_NAME, value: session.token, url: server.url, httpOnly: true, sameSite: 'Lax' },
    { name: SESSION_HINT_COOKIE_NAME, value: '1', url: server.url, sameSite: 'Lax' },
  ]);
}

export class AdminPage {
  readonly nav: Locator;
  readonly main: Locator;
  readonly actingBanner: Locator;
  readonly errorPage: Locator;

  constructor(readonly page: Page) {
    this.nav = page.getByTestId('admin-nav');
    this.main = page.locator('main#main');
    this.actingBanner = page.getByTestId('acting-banner');
    this.errorPage = page.getByTestId('error-page');
  }

  async goto(pathname: string) {
    await this.page.goto(pathname);
    await expect(this.main.locator('h1').first()).toBeVisible();
  }

  /** The main table once loaded (caption = accessible name). */
  table(testId: string) {
    return this.page.getByTestId(testId);
  }

  async searchCompanies(text: string) {
    await this.main.getByRole('searchbox').fill(text);
    await expect(this.page).toHaveURL((url) => url.searchParams.get('q') === text);
  }

  /** Clicks an action button and confirms it in the dialog. */
  async confirmAction(name: string) {
    await this.main.getByRole('button', { name, exact: true }).click();
    const dialog = this.page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name, exact: true }).click();
    await expect(dialog).toBeHidden();
  }
}
