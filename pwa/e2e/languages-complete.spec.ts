/**
 * Eight complete languages: registration, the application form, the survey page, paper entry
 * and the report, in Macedonian and German at 1280 and 390 px, with no English left on them. Each page is checked at
 * 1280 px and again at 390 px (the viewport narrowed on the same page: what only a phone shows, such as the menu
 * button's text, is there then), so the journey runs once per language.
 * - mk: every Latin word on the page is a name from the data (company, survey, language names, e-mail
 *   addresses) or one of the product's fixed abbreviations; anything else is untranslated text.
 * - de: no English text of the locale files (one that German words differently) is on the page.
 * Screenshots go to test-results/screenshots/lang-<page>-<locale>-<width>.png.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { QUESTION_LANGUAGES, type UiLocale } from '../../shared/locales';
import { localizedPath } from '../../shared/routes';
import { expect, test } from './fixtures';
import { createVerifiedAccount, signIn } from './pages/account-pages';
import { demoFinishedSurveyId, ReportPage } from './pages/report-page';
import { paperCompany } from './pages/paper-entry-page';
import { ShellPage } from './pages/shell-page';
import { lookAt } from './pages/look';

type Tree = { [key: string]: string | Tree | Tree[] | string[] };
function texts(locale: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (node: unknown, key: string) => {
    if (typeof node === 'string') out.set(key, node);
    else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node as Tree)) walk(v, `${key}.${k}`);
  };
  for (const file of fs.readdirSync(path.resolve('shared/i18n', locale))) walk(JSON.parse(fs.readFileSync(path.resolve('shared/i18n', locale, file), 'utf8')), file);
  return out;
}
const text = (locale: string, key: string) => texts(locale).get(key) ?? '';

/** English texts German words differently, of at least two words and no markup: none may be on a German page. */
const englishOnly = (() => {
  const en = texts('en');
  const de = texts('de');
  return [...en]
    .filter(([k, v]) => de.get(k) !== v && v.includes(' ') && !/[{<]/.test(v))
    .map(([, v]) => v);
})();

/** The product's fixed names and the abbreviations a Macedonian page may show in Latin letters (docs/glossary.md). */
// and the names of the countries' tax numbers (OIB, PIB, JIB, EDB, DDV), shown as their format hints.
const FIXED_LATIN = new Set(['OIB', 'PIB', 'JIB', 'EDB', 'DDV', 'UTC', 'IZZ', 'PULS', 'ESI', 'eNPS', 'PDF', 'CSV', 'XLSX', 'Excel', 'QR', 'USB', 'Enter', 'Tab', 'Backspace', 'MK', 'DE']);

async function latinWords(page: Page, data: string[]): Promise<string[]> {
  // What respondents wrote is theirs, in their language: the comment lists are left out.
  let body = await page.evaluate(() => {
    const copy = document.body.cloneNode(true) as HTMLElement;
    for (const list of copy.querySelectorAll('.comment-list')) list.remove();
    document.body.append(copy);
    copy.style.position = 'absolute';
    const text = copy.innerText;
    copy.remove();
    return text;
  });
  for (const d of [...data, ...QUESTION_LANGUAGES.map((l) => l.name)].sort((a, b) => b.length - a.length)) body = body.replaceAll(d, ' ');
  body = body.replace(/[\w.+-]+@[\w.-]+/g, ' ').replace(/\b[A-Z0-9]{5}-[A-Z0-9]{5}\b/g, ' ');
  const words = body.match(/[A-Za-z][A-Za-z'’]*/g) ?? [];
  // single letters are marks and symbols (X, n = 12)
  return [...new Set(words.filter((w) => !FIXED_LATIN.has(w) && !/^[A-Z]{1,2}$|^[a-z]$/.test(w)))];
}

async function checkAtWidth(page: Page, locale: UiLocale, width: number, name: string, data: string[]) {
  await lookAt(page, path.join('test-results', 'screenshots', `lang-${name}-${locale}-${String(width)}.png`), { fullPage: true });
  if (locale === 'mk') expect(await latinWords(page, data), `${name} (mk, ${String(width)} px)`).toEqual([]);
  else {
    const body = await page.locator('body').innerText();
    expect(englishOnly.filter((e) => body.includes(e)), `${name} (de, ${String(width)} px)`).toEqual([]);
  }
}

/** The page at 1280 px, then narrowed to 390 px (after the app's media-query listeners rendered), then wide again. */
async function checkPage(page: Page, locale: UiLocale, name: string, data: string[]) {
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  const shell = new ShellPage(page);
  await checkAtWidth(page, locale, 1280, name, data);
  await shell.resizeTo(390);
  await checkAtWidth(page, locale, 390, name, data);
  await shell.resizeTo(1280);
}

for (const locale of ['mk', 'de'] as const) {
  test(`${locale} at 1280 and 390 px: registration, application form, survey page, paper entry and report hold no English`, async ({ page, context, server }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const shell = new ShellPage(page);
    const company = 'Demo podjetje d.o.o.';

    await shell.goto(localizedPath('register', locale));
    await shell.acceptAllCookies();
    await checkPage(page, locale, 'register', []);

    // The application form of a new company: the board, then the first step.
    const account = await createVerifiedAccount(server, 'en', `lang-${locale}`);
    await signIn(context, server, account.email);
    await shell.goto(localizedPath('profileIzz', locale));
    await page.getByRole('button', { name: text(locale, 'applications.json.board.izz.start') }).click();
    await expect(page.getByRole('heading', { name: text(locale, 'applications.json.steps.details') })).toBeVisible();
    await checkPage(page, locale, 'application', [account.company]);

    // A running combined survey of its own (other tests of this worker may close the demo's), and its paper entry.
    const paper = await paperCompany(server, `lang-paper-${locale}`);
    await signIn(context, server, paper.account.email); // replaces the session cookie; the cookie consent stays
    const surveyName = (await server.handle.db.get<{ name: string }>("SELECT json_extract(draft, '$.details.name') AS name FROM applications WHERE id = ?", [paper.surveyId]))?.name ?? '';
    await shell.goto(localizedPath('profileIzzDetail', locale, { id: String(paper.surveyId) }));
    await expect(page.getByTestId('progress')).toBeVisible();
    await checkPage(page, locale, 'survey', [paper.account.company, surveyName]);

    await shell.goto(localizedPath('profileIzzEntry', locale, { id: String(paper.surveyId) }));
    await checkPage(page, locale, 'entry', [paper.account.company, surveyName]);

    // Last year's finished demo survey: the report.
    await signIn(context, server, 'demo@example.com');
    const demo = { finished: await demoFinishedSurveyId(server) };
    const finishedName = (await server.handle.db.get<{ name: string }>("SELECT json_extract(draft, '$.details.name') AS name FROM applications WHERE id = ?", [demo.finished]))?.name ?? '';
    const data = [company, finishedName];
    await shell.goto(`${localizedPath('reportBasic', locale)}?survey=${String(demo.finished)}`);
    // The demo survey ran in sl, en and hr: the report opens in hr here; the user picks their own language
    // (on a phone the settings panel starts closed: the page model opens it).
    await new ReportPage(page, locale).expectSettings();
    await page.getByLabel(text(locale, 'reports.json.labels.reportLanguage')).selectOption(locale);
    await page.getByRole('button', { name: text(locale, 'reports.json.settings.apply') }).click();
    await expect(page.getByTestId('report')).toBeVisible();
    // Department and location names are the company's own (Slovenian) data.
    const groups = await server.handle.db.get<{ draft: string }>('SELECT draft FROM applications WHERE id = ?', [demo.finished]);
    const d = JSON.parse(groups?.draft ?? '{}') as { demographics?: { departments?: string[]; locations?: string[] }; extra_questions?: { title: Record<string, string>; answers?: Record<string, string>[] }[] };
    const own = [...(d.demographics?.departments ?? []), ...(d.demographics?.locations ?? [])];
    for (const q of d.extra_questions ?? []) own.push(...Object.values(q.title), ...(q.answers ?? []).flatMap((a) => Object.values(a)));
    await checkPage(page, locale, 'report', [...data, ...own]);
  });
}
