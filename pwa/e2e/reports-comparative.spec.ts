/**
 * The comparative and benchmark reports in a real browser, on the demo company's four yearly surveys and
 * the demo market the first start seeds and publishes: from the finished survey in the profile to each of the three
 * comparative variants and the benchmark, at phone (sl) and desktop (en) width, with axe on every page (at desktop
 * width on the years variant and the benchmark) and a
 * screenshot of each (test-results/screenshots/report-comparative-<variant>-<locale>-<width>.png); then the files.
 */
import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { localizedPath } from '../../shared/routes';
import type { UiLocale } from '../../shared/locales';
import { expect, test } from './fixtures';
import { signIn } from './pages/account-pages';
import { demoFinishedSurveyId, ReportPage } from './pages/report-page';
import { ShellPage } from './pages/shell-page';

// The service worker is part of what these journeys check (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const DEMO = 'demo@example.com';

// axe-core is injected as an inline script, which the server's CSP rightly forbids.
test.use({ bypassCSP: true });

async function expectNoSevereViolations(page: Page) {
  const severe = (await new ShellPage(page).axeViolations()).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(severe, JSON.stringify(severe, null, 2)).toEqual([]);
}

/** Nothing wider than the screen: wide tables scroll inside their own box. */
async function expectNoPageScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
}

/** The demo company's finished IZZ surveys, oldest first, with the year each finished in. */
async function demoSurveyYears(server: { handle: { db: { all<T>(sql: string): Promise<T[]> } } }): Promise<number[]> {
  const rows = await server.handle.db.all<{ finished_at: string }>(
    "SELECT a.finished_at FROM applications a JOIN users u ON u.company_id = a.company_id WHERE u.email = 'demo@example.com' AND a.type = 'izz' AND a.state = 'finished' ORDER BY a.finished_at",
  );
  return rows.map((r) => Number(r.finished_at.slice(0, 4)));
}

/**
 * A full-page screenshot without the 'available offline' toast over the report (it appears once the service worker is
 * ready): any action lets ReportPage's locator handler close it first, so the page's heading is hovered.
 */
async function screenshot(page: Page, name: string) {
  await page.getByRole('heading', { level: 1 }).hover();
  await expect(page.getByTestId('pwa-update')).toBeHidden();
  await new ShellPage(page).screenshot(name);
}

/**
 * The small multiples' charts of one row start at the same height, also when a title wraps: the first title is made
 * long enough to wrap at any width, then each row's chart tops are compared (at desktop width a row holds several).
 */
async function expectChartsInLine(page: Page, width: number) {
  const grid = page.getByTestId('trend-categories');
  await grid.locator('h4').first().evaluate((h) => {
    h.textContent = 'A category whose title is long enough to wrap onto a second and a third line in its column';
  });
  const boxes = await grid.locator('.small-multiple').evaluateAll((items) =>
    items.map((item) => ({ row: Math.round(item.getBoundingClientRect().top), chart: item.querySelector('[role="img"]')?.getBoundingClientRect().top ?? NaN })),
  );
  const firstRow = boxes.filter((b) => b.row === boxes[0]?.row);
  if (width >= 1280) expect(firstRow.length).toBeGreaterThan(1);
  for (const b of boxes) {
    const row = boxes.filter((o) => o.row === b.row);
    expect(Math.abs(b.chart - (row[0]?.chart ?? NaN))).toBeLessThan(1);
  }
}

const headerTexts = async (table: Locator) => (await table.locator('thead tr:first-child th').allTextContents()).map((s) => s.trim());

for (const [locale, width] of [
  ['sl', 390],
  ['en', 1280],
] as [UiLocale, number][]) {
  test(`comparative report (${locale}, ${String(width)} px): all years, by group, by group over the years; then the benchmark; axe on each`, async ({ page, context, server }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 900 });
    const surveyId = await demoFinishedSurveyId(server);
    // Every finished survey of the company is a column, also one an earlier test in this worker finished (in the
    // current year, or in 2030 on the test clock).
    const years = await demoSurveyYears(server);
    expect(years.length).toBeGreaterThanOrEqual(4);
    await signIn(context, server, DEMO);
    const report = new ReportPage(page, locale);
    await report.closeToastsWhenInTheWay();
    const shot = (name: string) => screenshot(page, `report-comparative-${name}-${locale}-${String(width)}`);

    // From the finished survey in the profile: the comparative report beside the basic one.
    await page.goto(localizedPath('profileIzzDetail', locale, { id: String(surveyId) }));
    await expect(page.getByTestId('open-report')).toBeVisible();
    await page.getByTestId('open-comparative').click();
    await expect(page).toHaveURL(new RegExp(`${localizedPath('reportComparative', locale)}\\?survey=${String(surveyId)}$`));
    await report.expectSettings();
    const settings = report.settings;

    // All years (the default with four surveys): a column per survey, the trend drawn, every change with its sign.
    await expect(settings.getByRole('radio', { name: report.t('comparative.variants.years') })).toBeChecked();
    await report.apply();
    const overview = page.getByTestId('overview-table');
    await expect(overview).toBeVisible();
    expect((await headerTexts(overview)).slice(0, years.length).map((h) => h.slice(0, 4))).toEqual(years.map(String));
    await expect(page.getByTestId('trend-key').getByRole('img')).toHaveAttribute('aria-labelledby', /.+/);
    await expect(page.getByTestId('trend-categories').getByRole('img')).toHaveCount(9);
    await expectChartsInLine(page, width);
    await expect(page.getByTestId('categories-table').locator('tbody tr')).toHaveCount(9);
    await expect(page.getByTestId('statements-by-category').locator('details')).toHaveCount(9);
    await expect(page.getByTestId('comparative-legend')).toContainText(report.t('comparative.legend'));
    // Each marker has its words for a screen reader.
    const markers = page.locator('[data-significant]');
    for (const m of (await markers.all()).slice(0, 3)) await expect(m.locator('.visually-hidden')).toHaveText(/\S/);
    await page.getByTestId('statements-by-category').locator('details summary').first().click();
    await expectNoPageScroll(page);
    await expectNoSevereViolations(page);
    await shot('years');

    // By group within a year: the departments of this survey against the whole survey.
    await settings.getByRole('radio', { name: report.t('comparative.variants.groups') }).check();
    await settings.getByLabel(report.t('comparative.group')).selectOption('department');
    await report.apply();
    const groups = page.getByTestId('groups-overview-table');
    await expect(groups).toBeVisible();
    const groupHeads = await headerTexts(groups);
    expect(groupHeads[0]).toContain(report.t('comparative.total'));
    expect(groupHeads.length).toBeGreaterThanOrEqual(3);
    // The legal department (4 people) is never a column of its own.
    expect(groupHeads.some((h) => h.startsWith('Pravna služba'))).toBe(false);
    await expect(page.getByRole('heading', { level: 2, name: report.t('labels.breakdown', { group: report.t('labels.groups.department') }) })).toBeVisible();
    await expect(page.getByTestId('comparative-legend')).toContainText(report.t('comparative.legendGroups'));
    await expectNoPageScroll(page);
    // axe on the two group variants at phone width only (the same markup and colours as at desktop width, where the
    // years variant and the benchmark are checked): each full-page run on these tables costs five seconds.
    if (width < 1280) await expectNoSevereViolations(page);
    await shot('groups');

    // By group over the years: one block per department, a column per year, what is not followed said.
    await settings.getByRole('radio', { name: report.t('comparative.variants.group-years') }).check();
    await settings.getByLabel(report.t('comparative.group')).selectOption('department');
    await report.apply();
    await expect(page.getByTestId('not-followed')).toHaveText(report.t('comparative.notFollowed'));
    const series = page.locator('[data-testid^="series-overview-"]');
    expect(await series.count()).toBeGreaterThanOrEqual(2);
    expect((await headerTexts(series.first())).map((h) => h.slice(0, 4))).toEqual(years.map(String));
    await expectNoPageScroll(page);
    if (width < 1280) await expectNoSevereViolations(page);
    await shot('group-years');

    // The benchmark, from the same survey in the profile: the year's market is published in the demo.
    await page.goto(localizedPath('profileIzzDetail', locale, { id: String(surveyId) }));
    await page.getByTestId('open-benchmark').click();
    await expect(page).toHaveURL(new RegExp(`${localizedPath('reportBenchmark', locale)}\\?survey=${String(surveyId)}$`));
    await report.expectSettings();
    await report.apply();
    const bmGroups = page.getByTestId('benchmark-groups');
    await expect(bmGroups.locator('li[data-kind="market"]')).toContainText(report.t('benchmark.groups.market'));
    await expect(bmGroups.locator('li')).toHaveCount(3);
    // Every group either has figures in the tables or says why it is not offered.
    for (const li of await bmGroups.locator('li').all()) {
      if ((await li.getAttribute('data-available')) === 'false') await expect(li.locator('p.hint')).toHaveText(/\S/);
    }
    await expect(page.getByTestId('position-esi')).toBeVisible();
    // The position in words, never an exact percentile; the dashes explained once.
    const positions = ['top-10', 'top-25', 'upper-half', 'lower-half', 'bottom-25'].map((p) => report.t(`benchmark.positions.${p}`));
    expect(positions).toContain(await page.getByTestId('position-esi-market').textContent());
    await expect(page.getByTestId('benchmark-dash')).toHaveText(report.t('benchmark.dash', { min: 5 }));
    await expect(page.getByTestId('benchmark-key').locator('tbody tr')).toHaveCount(2);
    await expect(page.getByTestId('benchmark-categories').locator('tbody tr')).toHaveCount(9);
    await page.getByTestId('benchmark-statements').locator('details summary').first().click();
    await expectNoPageScroll(page);
    await expectNoSevereViolations(page);
    await screenshot(page, `report-benchmark-${locale}-${String(width)}`);
  });
}

test('comparative report files: the Excel and the PDF of all years carry the applied settings', async ({ page, context, server }) => {
  const surveyId = await demoFinishedSurveyId(server);
  await signIn(context, server, DEMO);
  const report = new ReportPage(page, 'en');
  await report.closeToastsWhenInTheWay();
  await page.goto(`${localizedPath('reportComparative', 'en')}?survey=${String(surveyId)}`);
  await report.expectSettings();
  await report.settings.getByLabel(report.t('labels.reportLanguage')).selectOption('en');
  await report.apply();
  const base = `/api/surveys/${String(surveyId)}/report/comparative?variant=years&language=en`;
  await expect(page.getByTestId('download-xlsx')).toHaveAttribute('href', `${base}&format=xlsx`);
  await expect(page.getByTestId('download-pdf')).toHaveAttribute('href', `${base}&format=pdf`);

  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-xlsx').click()]);
  expect(xlsx.suggestedFilename()).toMatch(/^zadovoljstvo-zaposlenih-\d{4}-comparative-years-en\.xlsx$/);
  expect(fs.readFileSync(await xlsx.path()).subarray(0, 2).toString('latin1')).toBe('PK');

  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-pdf').click()]);
  expect(pdf.suggestedFilename()).toMatch(/^zadovoljstvo-zaposlenih-\d{4}-comparative-years-en\.pdf$/);
  const bytes = fs.readFileSync(await pdf.path());
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
  expect(bytes.length).toBeGreaterThan(5_000);
});
