/**
 * Page model of kiosk mode (setup in the profile, the kiosk's code screen, thank-you and HR panel) and
 * helpers that prepare a company user owning an in-progress IZZ survey with fresh codes.
 * Labels come from shared/i18n/<locale>/kiosk.json; the question flow is driven by QuestionnairePage.
 */
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import type { UiLocale } from '../../../shared/locales';
import { localizedPath } from '../../../shared/routes';
import type { E2eServer } from '../fixtures';
import { createVerifiedAccount, signIn, type Account } from './account-pages';
import { QuestionnairePage, createIzzSurvey } from './questionnaire-page';
import { ShellPage, waitForServiceWorker } from './shell-page';
import { localeText } from './texts';


/** A text of shared/i18n/<locale>/kiosk.json; a counted text (key_one, key_other, …) by the locale's plural rules. */
export function kioskText(locale: string, key: string, vars: Record<string, string | number> = {}): string {
  return localeText(locale, 'kiosk', key, vars);
}

/** A verified company user whose company runs an IZZ survey (sl, en) in progress, and a way to make fresh codes. */
export async function kioskCompany(server: E2eServer, prefix: string): Promise<{ account: Account; surveyId: number; code(): Promise<string> }> {
  const account = await createVerifiedAccount(server, 'en', prefix);
  const user = await server.handle.db.get<{ company_id: number }>('SELECT company_id FROM users WHERE email = ?', [account.email]);
  if (!user) throw new Error('no user');
  const survey = await createIzzSurvey(server.handle.db, { languages: ['sl', 'en'], company: account.company });
  await server.handle.db.run('UPDATE applications SET company_id = ? WHERE id = ?', [user.company_id, survey.surveyId]);
  return { account, ...survey };
}

export class KioskPage {
  readonly main: Locator;
  readonly questionnaire: QuestionnairePage;

  constructor(
    readonly page: Page,
    readonly locale: UiLocale,
  ) {
    this.main = page.locator('main');
    this.questionnaire = new QuestionnairePage(page, locale, locale);
  }

  t(key: string, vars?: Record<string, string | number>) {
    return kioskText(this.locale, key, vars);
  }

  /** Signs in, opens the setup page, waits until the service worker controls the page, and sets the kiosk up. */
  async setUp(context: BrowserContext, server: E2eServer, company: { account: Account; surveyId: number }) {
    await signIn(context, server, company.account.email);
    await this.page.goto(`${localizedPath('kioskSetup', this.locale)}?survey=${String(company.surveyId)}`);
    await expect(this.main.getByRole('heading', { level: 1, name: this.t('setup.title') })).toBeVisible();
    // HR answers the cookie question while setting up, so respondents never see the banner.
    const shell = new ShellPage(this.page);
    if (await shell.cookieBanner.isVisible()) await shell.acceptAllCookies();
    await waitForServiceWorker(this.page);
    await expect(this.main.getByRole('radio', { checked: true })).toBeVisible();
    await this.main.getByLabel(this.t('setup.password'), { exact: true }).fill(company.account.password);
    await this.main.getByRole('button', { name: this.t('setup.submit') }).click();
    await expect(this.codeScreen()).toBeVisible();
    await expect(this.page).toHaveURL(new RegExp(`${localizedPath('questionnaireKiosk', this.locale)}$`));
  }

  codeScreen() {
    return this.main.getByTestId('kiosk-code-screen');
  }
  codeInput() {
    return this.main.getByLabel(this.t('code.label'), { exact: true });
  }
  codeError() {
    return this.main.getByTestId('kiosk-code-error');
  }
  pending() {
    return this.main.getByTestId('kiosk-pending');
  }
  thanks() {
    return this.main.getByTestId('kiosk-thanks');
  }

  async enterCode(code: string) {
    await this.codeInput().fill(code);
    await this.main.getByRole('button', { name: this.t('code.start'), exact: true }).click();
  }

  /** One respondent: code, intro, every page, review, send; ends on the thank-you screen. */
  async answerAsRespondent(code: string) {
    await this.enterCode(code);
    await this.questionnaire.startIntro();
    await this.questionnaire.answerAllPages();
    await this.main.getByRole('button', { name: this.questionnaire.ql('review.submit') }).click();
    await expect(this.thanks()).toBeVisible();
  }

  /** 'Next person' on the thank-you screen (which also returns to the code screen by itself after a few seconds). */
  async nextPerson() {
    const next = this.main.getByRole('button', { name: this.t('thanks.next') });
    await expect(next.or(this.codeScreen())).toBeVisible();
    // the screen may have returned by itself between the two lines: then there is nothing to click
    await next.click({ timeout: 2_000 }).catch(() => undefined);
    await expect(this.codeScreen()).toBeVisible();
  }

  /** Nothing a respondent typed or picked is on the screen. */
  async expectNothingOfPreviousRespondent(typed: string[]) {
    for (const text of typed) await expect(this.page.getByText(text, { exact: false })).toHaveCount(0);
    await expect(this.main.locator('.qf-form')).toHaveCount(0);
    await expect(this.main.locator('input[type=radio]:checked, input[type=checkbox]:checked')).toHaveCount(0);
    await expect(this.questionnaire.progress()).toHaveCount(0);
  }

  async openHr(password: string) {
    await this.main.getByRole('button', { name: this.t('hr.title') }).click();
    await this.main.getByLabel(this.t('hr.password'), { exact: true }).fill(password);
    await this.main.getByRole('button', { name: this.t('hr.open') }).click();
  }

  hrPanel() {
    return this.main.getByTestId('kiosk-hr-panel');
  }
}
