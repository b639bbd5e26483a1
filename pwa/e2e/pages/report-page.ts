/**
 * Page model of the report pages (/report/basic, /report/puls): the settings form (group and answer
 * filters with their one-group / two-answers messages), the report sections and the downloads.
 * Labels come from shared/i18n/<locale>/reports.json; filter answers are in the report language.
 */
import ExcelJS from 'exceljs';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { expect, type Download, type Locator, type Page } from '@playwright/test';
import type { UiLocale } from '../../../shared/locales';
import { localizedPath } from '../../../shared/routes';
import type { E2eServer } from '../fixtures';
import { localeText } from './texts';


export function reportText(locale: string, key: string, vars: Record<string, string | number> = {}): string {
  return localeText(locale, 'reports', key, vars);
}

/**
 * The demo company's finished IZZ survey of last year (seeded: 'Zadovoljstvo zaposlenih <last year>'; the demo market adds
 * the years before). Not simply the newest finished one: another spec of the same worker may close the demo's running pilot.
 */
export async function demoFinishedSurveyId(server: E2eServer): Promise<number> {
  const rows = await server.handle.db.all<{ id: number; finished_at: string }>(
    "SELECT a.id, a.finished_at FROM applications a JOIN users u ON u.company_id = a.company_id WHERE u.email = 'demo@example.com' AND a.type = 'izz' AND a.state = 'finished' ORDER BY a.finished_at DESC",
  );
  const thisYear = String(new Date().getUTCFullYear());
  const row = rows.find((r) => r.finished_at < thisYear);
  if (!row) throw new Error('the demo finished survey is not seeded');
  return row.id;
}

/** A finished PULS survey of the demo company with two closed rounds (8 and 3 responses: the second is below the minimum). */
export async function seedFinishedPuls(server: E2eServer): Promise<number> {
  const db = server.handle.db;
  const company = (await db.get<{ company_id: number }>("SELECT company_id FROM users WHERE email = 'demo@example.com'"))?.company_id;
  const draft = JSON.stringify({ details: { name: 'Puls e2e', start_date: '2026-01-05', end_date: '2026-02-16', languages: ['sl', 'en'] }, questions: ['P01', 'P34', 'P35'], own_questions: [] });
  const id = Number(
    await db.insert("INSERT INTO applications (company_id, type, state, draft, created_at, updated_at, finished_at) VALUES (?, 'puls', 'finished', ?, '2026-01-01', '2026-01-01', '2026-02-17')", [company, draft]),
  );
  const rounds: [number, number][] = [
    [1, 8],
    [2, 3],
  ];
  for (const [n, count] of rounds) {
    await db.run("INSERT INTO survey_rounds (survey_id, number, opens_on, closes_on, invitation_at, state) VALUES (?, ?, ?, ?, '2026-01-05T08:00:00Z', 'closed')", [id, n, `2026-0${String(n)}-05`, `2026-0${String(n)}-16`]);
    for (let i = 0; i < count; i++) {
      const puls = { P01: 1 + ((i + n) % 5), P34: (i * 3 + n) % 11, ...(i % 3 === 0 ? { P35: `Round ${String(n)} note ${String(i)}` } : {}) };
      await db.run("INSERT INTO responses (id, survey_id, channel, answers, round) VALUES (?, ?, 'online', ?, ?)", [
        randomUUID(),
        id,
        JSON.stringify({ language: 'sl', statements: {}, demographics: {}, extra: {}, puls }),
        n,
      ]);
    }
  }
  return id;
}

export class ReportPage {
  readonly settings: Locator;
  readonly report: Locator;

  constructor(
    readonly page: Page,
    readonly locale: UiLocale = 'en',
  ) {
    this.settings = page.getByTestId('report-settings');
    this.report = page.getByTestId('report');
  }

  t(key: string, vars: Record<string, string | number> = {}): string {
    return reportText(this.locale, key, vars);
  }

  url(surveyId: number, type: 'basic' | 'puls' = 'basic'): string {
    return `${localizedPath(type === 'basic' ? 'reportBasic' : 'reportPuls', this.locale)}?survey=${String(surveyId)}`;
  }

  async goto(surveyId: number, type: 'basic' | 'puls' = 'basic') {
    await this.closeToastsWhenInTheWay();
    await this.page.goto(this.url(surveyId, type));
  }

  /** The cookie banner and the 'available offline' toast may cover a button on a phone: answer them when they are in the way, as a person would. */
  async closeToastsWhenInTheWay() {
    await this.page.addLocatorHandler(this.page.getByTestId('pwa-update'), async (toast) => {
      await toast.getByRole('button').last().click();
    });
    await this.page.addLocatorHandler(this.page.getByTestId('cookie-banner'), async (banner) => {
      await banner.getByRole('button').first().click();
    });
  }

  /** On a phone the basic report's settings panel starts closed: open it, as a person would. */
  async expectSettings() {
    const panel = this.page.getByTestId('settings-panel');
    const summary = panel.locator(':scope > summary');
    // The page has loaded when the report, the open settings form or the closed panel's summary shows.
    await expect(this.report.or(this.settings.filter({ visible: true })).or(summary.filter({ visible: true })).first()).toBeVisible();
    if ((await panel.count()) > 0 && (await panel.getAttribute('open')) === null) await summary.click();
    await expect(this.settings.getByRole('button', { name: this.t('settings.apply') })).toBeVisible();
  }

  /** Ticks a question group (the breakdown) by its label. */
  groupBox(label: string): Locator {
    return this.page.getByTestId('group-filters').getByRole('checkbox', { name: label, exact: true });
  }

  /** An additional answer: opens the question's list and returns the answer's checkbox. */
  async answerBox(questionKey: string, answer: string): Promise<Locator> {
    const details = this.page.getByTestId('answer-filters').locator(`details[data-key="${questionKey}"]`);
    if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
    return details.getByRole('checkbox', { name: answer, exact: true });
  }

  get groupMessage(): Locator {
    return this.page.getByTestId('group-message');
  }

  get answerMessage(): Locator {
    return this.page.getByTestId('answer-message');
  }

  async apply() {
    await this.settings.getByRole('button', { name: this.t('settings.apply') }).click();
    await expect(this.report).toBeVisible();
  }

  section(key: string): Locator {
    return this.page.getByRole('region', { name: this.t(`labels.sections.${key}`), exact: true });
  }

  /** Clicks a download button and waits for the file. */
  async download(testid: 'download-pdf' | 'download-xlsx1' | 'download-xlsx2'): Promise<{ download: Download; name: string; size: number; head: Buffer }> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.page.getByTestId(testid).click()]);
    const file = await download.path();
    const bytes = fs.readFileSync(file);
    return { download, name: download.suggestedFilename(), size: bytes.length, head: bytes.subarray(0, 4) };
  }

  /** Downloads a workbook and reads its first sheet's rows (eight columns, null where empty). */
  async downloadWorkbook(testid: 'download-xlsx1' | 'download-xlsx2'): Promise<{ rows: unknown[][] }> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.page.getByTestId(testid).click()]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await download.path());
    const rows: unknown[][] = [];
    wb.worksheets[0]!.eachRow((r) => rows.push(Array.from({ length: 8 }, (_, c) => r.getCell(c + 1).value ?? null)));
    return { rows };
  }
}
