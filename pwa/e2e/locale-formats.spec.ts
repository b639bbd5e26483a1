/**
 * Numbers, percentages and dates in every locale without the browser's ICU data: this Chromium has no
 * Macedonian number data (`new Intl.NumberFormat('mk')` resolves to en-US) and no Bosnian month names, so a page the
 * server renders and the browser takes over must not lean on them (shared/format.ts). The award conditions in mk and
 * bs are taken over without a hydration error and read "30 ноември", "85 %" and "30. novembar", "85%"; the mk web
 * report and its PDF write the response rate the same way.
 */
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { pdfText } from '../../print/pdf-text';
import { localizedPath } from '../../shared/routes';
import { expect, test } from './fixtures';
import { signIn } from './pages/account-pages';
import { demoFinishedSurveyId, ReportPage } from './pages/report-page';
import { ShellPage } from './pages/shell-page';
import { localeText } from './pages/texts';

// The page's whole first load, the service worker's registration included, must log no warning.
test.use({ serviceWorkers: 'allow' });

const NBSP = '\u00a0';

/** Console errors and warnings and uncaught errors of the page (React reports a hydration mismatch there: #418). */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

test('this browser lacks the Macedonian and Bosnian data the pages must not rely on', async ({ page }) => {
  await page.goto('about:blank');
  const intl = await page.evaluate(() => ({
    mk: new Intl.NumberFormat('mk-MK').resolvedOptions().locale,
    bsMonth: new Intl.DateTimeFormat('bs-BA', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2001, 10, 30))),
  }));
  // Macedonian falls back to another locale, Bosnian has no month names. If this Chromium gains the data, the tests
  // below still check the texts, but no longer the missing-data case.
  expect(intl.mk.startsWith('mk')).toBe(false);
  expect(intl.bsMonth).toBe('M11 30');
});

for (const [locale, day, percents] of [
  ['mk', '30 ноември', [`85${NBSP}%`, `80${NBSP}%`, `65${NBSP}%`, `51${NBSP}%`]],
  ['bs', '30. novembar', ['85%', '80%', '65%', '51%']],
] as const) {
  test(`${locale}: the award conditions are taken over without a hydration error, with the locale's date and percentages`, async ({ page }) => {
    const problems = collectProblems(page);
    await page.goto(localizedPath('awardConditions', locale));
    await new ShellPage(page).waitForApp();
    await expect(page.getByText(localeText(locale, 'pages', 'awardConditions.eligibility.finishedBy', { date: day }), { exact: true })).toBeVisible();
    const cells = page.getByRole('main').locator('table td');
    await expect(cells).toHaveCount(4);
    expect(await cells.allTextContents()).toEqual(percents);
    const body = (await page.locator('main').textContent()) ?? '';
    expect(body).not.toContain('M11');
    expect(body).not.toContain('November');
    expect(problems).toEqual([]);
  });
}

test('mk: the web report and its PDF write the response rate alike (92,5 %)', async ({ page, context, server }) => {
  const surveyId = await demoFinishedSurveyId(server);
  await signIn(context, server, 'demo@example.com');
  const report = new ReportPage(page, 'mk');
  await report.goto(surveyId);
  await report.expectSettings();
  // The survey ran in sl, en and hr; the report can be written in any language: Macedonian here.
  await page.getByLabel(report.t('labels.reportLanguage')).selectOption('mk');
  await report.apply();
  const occupancy = page.getByTestId('occupancy');
  await expect(occupancy).toHaveText(`92,5${NBSP}%`);
  const web = (await occupancy.textContent()) ?? '';
  const pdf = await report.download('download-pdf');
  const text = pdfText(new Uint8Array(fs.readFileSync(await pdf.download.path()))).replace(/\s+/g, ' ');
  // The PDF's cover and participation section give the response rate as the web writes it (spaces compared as spaces).
  expect(text).toContain(web.replace(/\s+/g, ' '));
  expect(text).not.toContain('92.5');
});
