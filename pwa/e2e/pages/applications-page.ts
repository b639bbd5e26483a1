/**
 * Page model of the survey applications (board, multi-step IZZ form, extra-question builder,
 * read-only and codes views). Labels come from shared/i18n/<locale>/applications.json.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { localizedPath } from '../../../shared/routes';
import { ShellPage } from './shell-page';
import { localeText } from './texts';
import { lookAt } from './look';

export type Locale = 'sl' | 'en';

export function appText(locale: Locale, key: string, vars: Record<string, string | number> = {}): string {
  return localeText(locale, 'applications', key, vars);
}

/** YYYY-MM-DD, `days` from today (local time). */
export function isoInDays(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export class ApplicationsPage {
  readonly shell: ShellPage;
  readonly main: Locator;

  constructor(
    readonly page: Page,
    readonly locale: Locale = 'en',
  ) {
    this.shell = new ShellPage(page);
    this.main = page.locator('main');
  }

  t(key: string, vars: Record<string, string | number> = {}): string {
    return appText(this.locale, key, vars);
  }

  async openBoard() {
    await this.shell.goto(localizedPath('profileIzz', this.locale));
    if (await this.shell.cookieBanner.isVisible()) await this.shell.acceptAllCookies();
    await expect(this.page.getByRole('heading', { level: 1, name: this.t('board.izz.title') })).toBeVisible();
  }

  field(key: string) {
    return this.main.getByLabel(this.t(`fields.${key}`), { exact: true });
  }

  button(key: string, vars?: Record<string, string | number>) {
    return this.main.getByRole('button', { name: this.t(key, vars), exact: true });
  }

  stepHeading(step: string) {
    return this.main.getByRole('heading', { level: 2, name: this.t(`steps.${step}`) });
  }

  async next(toStep: string) {
    await this.button('steps.next').click();
    await expect(this.stepHeading(toStep)).toBeVisible();
  }

  saved() {
    return this.page.getByTestId('save-status');
  }

  questions() {
    return this.page.getByTestId('extra-question');
  }

  tab(language: string) {
    return this.main.getByRole('tab', { name: new RegExp(`^${language}`) });
  }

  /** Types a text into a builder field of question n (1-based) in the current language tab. */
  async fillQuestionText(n: number, labelKey: string, language: string, value: string, vars: Record<string, string | number> = {}) {
    await this.questions()
      .nth(n - 1)
      .getByLabel(this.t(labelKey, { language, ...vars }), { exact: true })
      .fill(value);
  }

  /** Drags question `from` by its handle and drops it on question `to` (1-based), with the real mouse. */
  async dragQuestion(from: number, to: number) {
    // Both cards on screen at once: nothing may scroll while the button is down.
    const viewport = this.page.viewportSize();
    await this.page.setViewportSize({ width: 1280, height: 3000 });
    const handle = this.questions().nth(from - 1).locator('.eq-handle');
    const target = this.questions().nth(to - 1).locator('.eq-card-head');
    await handle.scrollIntoViewIfNeeded();
    await target.scrollIntoViewIfNeeded();
    const a = (await handle.boundingBox())!;
    const b = (await target.boundingBox())!;
    await this.page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await this.page.mouse.down();
    await this.page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 10 });
    await expect(this.questions().nth(to - 1)).toHaveClass(/is-drop-target/);
    await this.page.mouse.up();
    if (viewport) await this.page.setViewportSize(viewport);
  }

  async questionTitles(language: string): Promise<string[]> {
    const count = await this.questions().count();
    const titles: string[] = [];
    for (let i = 0; i < count; i++) titles.push(await this.questions().nth(i).getByLabel(this.t('builder.titleIn', { language }), { exact: true }).inputValue());
    return titles;
  }

  async screenshot(name: string) {
    for (const width of [390, 1280]) {
      await this.page.setViewportSize({ width, height: 900 });
      await lookAt(this.page, `test-results/screenshots/applications-${name}-${width}.png`, { fullPage: true });
    }
    await this.page.setViewportSize({ width: 1280, height: 900 });
  }
}
