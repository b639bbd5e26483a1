/**
 * Page model of HR paper data entry (route profileIzzEntry) and a helper preparing a company user whose
 * company runs a combined IZZ survey with fresh paper codes. Labels come from shared/i18n/<locale>/paper-entry.json.
 */
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { generateAccessCode } from '../../../server/modules/applications/access-codes';
import { formatAccessCode } from '../../../shared/access-codes';
import type { UiLocale } from '../../../shared/locales';
import { localizedPath } from '../../../shared/routes';
import type { E2eServer } from '../fixtures';
import { createVerifiedAccount, signIn, type Account } from './account-pages';
import { createIzzSurvey } from './questionnaire-page';
import { deviceRows } from './shell-page';
import { localeText } from './texts';


export function entryText(locale: string, key: string, vars: Record<string, string | number> = {}): string {
  return localeText(locale, 'paper-entry', key, vars);
}

export interface PaperCompany {
  account: Account;
  surveyId: number;
  /** A fresh unused paper code of the survey. */
  paperCode(): Promise<string>;
  /** A fresh unused online code of the survey. */
  onlineCode(): Promise<string>;
}

/**
 * A verified company user whose company runs a combined IZZ survey (sl, en; createIzzSurvey's questions:
 * 74 statements, eNPS, 3 ESI, gender, age group, 2 departments, 2 locations, radio, checkbox, scale 1-5,
 * text, praise/critique = 87 printed items; the radio question's comment line is keyed too, under its number).
 */
export async function paperCompany(server: E2eServer, prefix: string): Promise<PaperCompany> {
  const db = server.handle.db;
  const account = await createVerifiedAccount(server, 'en', prefix);
  const user = await db.get<{ company_id: number }>('SELECT company_id FROM users WHERE email = ?', [account.email]);
  if (!user) throw new Error('no user');
  const survey = await createIzzSurvey(db, { languages: ['sl', 'en'], company: account.company });
  await db.run("UPDATE applications SET company_id = ?, draft = json_set(draft, '$.details.collection', 'combined', '$.details.offline_respondents', 20) WHERE id = ?", [
    user.company_id,
    survey.surveyId,
  ]);
  const paperCode = async () => {
    for (;;) {
      const code = generateAccessCode();
      const r = await db.run("INSERT INTO access_codes (survey_id, code, channel, batch, max_uses, created_at) VALUES (?, ?, 'paper', 1, 1, ?) ON CONFLICT (code) DO NOTHING", [
        survey.surveyId,
        code,
        new Date().toISOString(),
      ]);
      if (r.changes === 1) return code;
    }
  };
  return { account, surveyId: survey.surveyId, paperCode, onlineCode: survey.code };
}

export class PaperEntryPage {
  readonly main: Locator;

  constructor(
    readonly page: Page,
    readonly locale: UiLocale,
  ) {
    this.main = page.locator('main');
  }

  t(key: string, vars?: Record<string, string | number>) {
    return entryText(this.locale, key, vars);
  }

  path(surveyId: number) {
    return localizedPath('profileIzzEntry', this.locale, { id: String(surveyId) });
  }

  async open(context: BrowserContext, server: E2eServer, company: PaperCompany) {
    await signIn(context, server, company.account.email);
    await this.page.goto(this.path(company.surveyId));
    await expect(this.main.getByRole('heading', { level: 1, name: this.t('title') })).toBeVisible();
    await expect(this.codeInput()).toBeFocused();
  }

  codeInput() {
    return this.main.getByLabel(this.t('code.label'), { exact: true });
  }
  codeError() {
    return this.main.getByTestId('pe-code-error');
  }
  notice() {
    return this.main.getByTestId('pe-notice');
  }
  grid() {
    return this.main.getByTestId('pe-grid');
  }
  counter() {
    return this.main.getByTestId('pe-counter');
  }
  review() {
    return this.main.getByTestId('pe-review');
  }
  diff() {
    return this.main.getByTestId('pe-diff');
  }
  pending() {
    return this.main.getByTestId('pe-pending');
  }
  rejected() {
    return this.main.getByTestId('pe-rejected');
  }
  jumpInput() {
    return this.main.getByLabel(this.t('review.jump'));
  }

  /** Types the code (as a USB scanner would: the whole QR URL, or the bare code) and Enter. Keyboard only. */
  async typeCode(text: string) {
    await expect(this.codeInput()).toBeFocused();
    await this.page.keyboard.type(text);
    await this.page.keyboard.press('Enter');
  }

  async expectFormStarted(code: string) {
    await expect(this.main.getByRole('heading', { name: this.t('form', { code: formatAccessCode(code) }) })).toBeVisible();
    await expect(this.counter()).toHaveText(this.t('counter', { n: 1, total: 87 }));
    await expect(this.grid()).toBeFocused();
  }

  /**
   * Keys a whole form of paperCompany's survey. `statements`: 74 keys ('1'-'4', '-'), keyed in the page (keyStatements
   * 'in-page'); the rest by the keyboard. Ends on the review. For journeys whose subject is what follows the keying
   * (double entry, sync, a used code); the keyboard journey keys every item with real keys.
   */
  async keyForm(statements: string[], rest: { enps?: string[]; text?: string; comment?: string } = {}) {
    await this.keyStatements(statements, 1, 'in-page');
    await this.keyRest(rest);
  }

  /**
   * Keys statements from item `from` (1-based) on. 'keyboard': real key presses. 'in-page': one keydown per key
   * dispatched on the grid inside the page, each after the screen has taken the one before (a macrotask: React has
   * rendered), so the app's own handler keys them at a fraction of the cost of a press through the browser's input.
   */
  async keyStatements(keys: string[], from = 1, how: 'keyboard' | 'in-page' = 'keyboard') {
    if (how === 'in-page') {
      await expect(this.grid()).toBeFocused();
      await this.grid().evaluate(async (grid, all) => {
        for (const key of all) {
          grid.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
          await new Promise((resolve) => setTimeout(resolve, 0));
        }
      }, keys);
    } else {
      for (const [i, key] of keys.entries()) {
        await this.page.keyboard.press(key);
        // every 10th item: make sure the screen keeps up with the keys
        if (i % 10 === 9) await expect(this.counter()).toHaveText(this.t('counter', { n: from + i + 1, total: 87 }));
      }
    }
    await expect(this.counter()).toHaveText(this.t('counter', { n: from + keys.length, total: 87 }));
  }

  /**
   * Waits until this device keeps the form in progress at this step (its pass and item `item`, 1-based, where given),
   * or keeps none (null) (IndexedDB `paperForms`): the screen moves on at once and every state is written after it, so a
   * reload before the last write has landed would (rightly) resume from an earlier one.
   */
  async expectKept(expected: { step: 'keying' | 'review' | 'diff'; pass?: 1 | 2; item?: number } | null) {
    type Kept = { form?: { cursor?: number; phase?: { step?: string; pass?: number } } };
    const kept = async () =>
      (await deviceRows<Kept>(this.page, 'paperForms')).map((row) => ({ step: row.form?.phase?.step, pass: row.form?.phase?.pass, item: (row.form?.cursor ?? -1) + 1 }));
    await expect.poll(kept).toEqual(expected ? [expect.objectContaining(expected)] : []);
  }

  /** Everything after the statements, then the review. */
  async keyRest(rest: { enps?: string[]; text?: string; comment?: string } = {}) {
    const kb = this.page.keyboard;
    for (const key of rest.enps ?? ['9']) await kb.press(key); // eNPS
    for (const key of ['8', '7', '1', '0']) await kb.press(key); // ESI 8, 7, 10
    await expect(this.counter()).toHaveText(this.t('counter', { n: 79, total: 87 }));
    await kb.press('1'); // gender: option 1
    await kb.press('Enter'); // age group: left blank
    await kb.press('2'); // department 2
    await kb.press('1'); // location 1
    await kb.press('1'); // radio: option 1
    await expect(this.counter()).toHaveText(this.t('counter', { n: 83, total: 87 })); // its comment line
    if (rest.comment) await kb.type(rest.comment);
    await kb.press('Enter');
    await kb.press('1'); // checkbox: 1 and 2
    await kb.press('2');
    await kb.press('Enter');
    await kb.press('4'); // scale 4
    await expect(this.counter()).toHaveText(this.t('counter', { n: 86, total: 87 }));
    await kb.type(rest.text ?? 'Več kave');
    await kb.press('Enter');
    await expect(this.counter()).toHaveText(this.t('counter', { n: 87, total: 87 }));
    await kb.press('Enter'); // praise/critique: left blank
    await expect(this.review()).toBeVisible();
    await expect(this.jumpInput()).toBeFocused();
  }

  /** On the review: corrects item `number` with `keys` (keyboard only) and returns to the review. */
  async correct(number: number, keys: string[]) {
    await this.jumpInput().pressSequentially(String(number));
    await this.page.keyboard.press('Enter');
    await expect(this.counter()).toHaveText(this.t('counter', { n: number, total: 87 }));
    for (const key of keys) await this.page.keyboard.press(key);
    await expect(this.review()).toBeVisible();
  }

  /** On the review: Enter alone saves (or moves to the second keying). */
  async saveFromReview() {
    await expect(this.jumpInput()).toBeFocused();
    await this.page.keyboard.press('Enter');
  }
}

/** The focused task of the scan review: a doubtful mark (with the options shown on) or a text; else the focused test id. */
export type FocusedTask = { kind: 'doubt' | 'text'; code: string; path: string; on: boolean[] } | { kind: 'other'; testId: string | null };

/** Forms read by the machine on the paper-entry page (scan-panel.tsx). */
export class PaperScanPanel {
  readonly panel: Locator;

  constructor(
    readonly page: Page,
    readonly locale: UiLocale,
  ) {
    this.panel = page.getByTestId('omr-panel');
  }

  t(key: string, vars?: Record<string, string | number>) {
    return entryText(this.locale, `scan.${key}`, vars);
  }
  fileInput() {
    return this.panel.getByTestId('omr-file-input');
  }
  photoInput() {
    return this.panel.getByTestId('omr-photo-input');
  }
  review() {
    return this.panel.getByTestId('omr-review');
  }
  summary() {
    return this.panel.getByTestId('omr-summary');
  }
  problems() {
    return this.panel.getByTestId('omr-problems');
  }
  tasks(kind?: 'doubt' | 'text') {
    return kind ? this.panel.locator(`[data-testid="omr-task"][data-kind="${kind}"]`) : this.panel.getByTestId('omr-task');
  }
  submit() {
    return this.panel.getByTestId('omr-submit');
  }
  notice() {
    return this.panel.getByTestId('omr-notice');
  }
  nothingNew() {
    return this.panel.getByTestId('omr-nothing-new');
  }

  /** Waits until every page is read and the review shows `forms` forms of `pages` pages. */
  async expectRead(forms: number, pages: number, timeout = 180_000) {
    await expect(this.summary()).toContainText(this.t('summary', { forms, pages, doubts: 9999, texts: 9999 }).split('9999')[0]!, { timeout });
    await expect(this.panel.getByTestId('omr-progress')).toHaveText('');
  }

  async focused(): Promise<FocusedTask> {
    return this.page.evaluate(() => {
      const el = document.activeElement;
      const li = el?.closest('[data-testid="omr-task"]');
      if (!li) return { kind: 'other' as const, testId: el?.getAttribute('data-testid') ?? null };
      return {
        kind: li.getAttribute('data-kind') === 'text' ? ('text' as const) : ('doubt' as const),
        code: li.getAttribute('data-code') ?? '',
        path: li.getAttribute('data-path') ?? '',
        on: [...li.querySelectorAll('.pe-options li')].map((o) => o.classList.contains('is-on')),
      };
    });
  }
}
