import { expect, test } from './fixtures';
import { createVerifiedAccount, signIn } from './pages/account-pages';
import { demoFinishedSurveyId, ReportPage, seedFinishedPuls } from './pages/report-page';
import { ShellPage } from './pages/shell-page';
import { localizedPath } from '../../shared/routes';
import { fieldError } from '../../shared/errors/field-messages';
import { localizeFieldMessage } from '../../shared/errors/node';
import { lookAt } from './pages/look';

const DEMO = 'demo@example.com';
/** The demo survey's reporting base merges the two smallest departments, and Koper with no answer, into "Other". */
const OTHER_DEPARTMENTS = 'Other: Finance in kadri, Pravna služba';
const OTHER_LOCATIONS = 'Other: Koper, no answer';
const REVIEW = 'Did you have an annual review in the last year?';

test.describe('basic report', () => {
  test('the demo company opens the report of its finished survey, filters it and downloads PDF and both Excel files', async ({ page, context, server }) => {
    // three files rendered on the server while the other worker's browser runs: more than the default budget on CI
    test.setTimeout(120_000);
    const surveyId = await demoFinishedSurveyId(server);
    await signIn(context, server, DEMO);
    const report = new ReportPage(page, 'en');

    // From the finished survey in the profile.
    await report.closeToastsWhenInTheWay();
    await page.goto(localizedPath('profileIzzDetail', 'en', { id: String(surveyId) }));
    await page.getByTestId('open-report').click();
    await expect(page).toHaveURL(new RegExp(`/en/report/basic\\?survey=${String(surveyId)}$`));
    await report.expectSettings();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Zadovoljstvo zaposlenih');

    // Every dimension is a group of its own: department, location, the five demographics and both company questions.
    await expect(page.getByTestId('group-filters').getByRole('checkbox')).toHaveCount(9);
    // The report opens in the page's language (the survey ran in sl, en and hr), question texts included.
    await expect(page.getByLabel(report.t('labels.reportLanguage'))).toHaveValue('en');
    await expect(report.groupBox('What is your gender?')).toHaveCount(1);
    await expect(report.groupBox(REVIEW)).toHaveCount(1);
    const note = page.getByTestId('left-out-note');
    await expect(note).not.toContainText(report.t('settings.leftOutSmall'));
    await expect(note).toContainText(report.t('settings.otherNote'));
    // The pairs its exact check released are named.
    await expect(page.getByTestId('crossings-note')).toContainText(`${report.t('labels.groups.department')} × ${REVIEW}`);

    // One group of questions: a second one is refused with the message.
    await report.groupBox(report.t('labels.groups.department')).check();
    await report.groupBox(report.t('labels.groups.location')).click();
    await expect(report.groupMessage).toHaveText(localizeFieldMessage(fieldError('report-filter-one-group'), 'en'));
    await expect(report.groupBox(report.t('labels.groups.location'))).not.toBeChecked();
    await expect(report.groupBox(report.t('labels.groups.department'))).toBeChecked();

    // The answers are the released values: "Other" named with what it holds, no "no answer".
    const locations = page.getByTestId('answer-filters').locator('details[data-key="location"]');
    await locations.locator('summary').click();
    await expect(locations.getByRole('checkbox')).toHaveCount(3);
    await expect(page.getByTestId('answer-filters').getByRole('checkbox', { name: 'Koper', exact: true })).toHaveCount(0);

    // At most two additional answers: the third is refused with the message.
    await (await report.answerBox('location', 'Ljubljana')).check();
    await (await report.answerBox('location', OTHER_LOCATIONS)).check();
    const third = await report.answerBox('department', 'Razvoj');
    await third.click();
    await expect(report.answerMessage).toHaveText(localizeFieldMessage(fieldError('report-filter-two-answers'), 'en'));
    await expect(third).not.toBeChecked();
    // Keep one answer: those who had an annual review, broken down by department (a released pair).
    await (await report.answerBox('location', OTHER_LOCATIONS)).uncheck();
    await (await report.answerBox('location', 'Ljubljana')).uncheck();
    await (await report.answerBox('extra:demo-r1', 'Yes')).check();
    await expect(report.answerMessage).toHaveText('');

    await report.apply();
    await expect(page.getByTestId('filter-summary')).toContainText('Yes');
    const breakdown = page.getByTestId('breakdown-table');
    await expect(breakdown).toBeVisible();
    await expect(breakdown.getByRole('rowheader', { name: 'Razvoj' })).toBeVisible();
    // The 4-person legal department is never a group of its own: it is part of "Other".
    await expect(breakdown.getByRole('rowheader', { name: OTHER_DEPARTMENTS, exact: true })).toBeVisible();
    await expect(breakdown.getByRole('rowheader', { name: 'Pravna služba', exact: true })).toHaveCount(0);
    // No group shown holds fewer than 5 respondents.
    const sizes = (await breakdown.locator('tbody tr:not([data-suppressed]) td:nth-of-type(1)').allTextContents()).map((x) => Number(x.replace(/\D/g, '')));
    expect(sizes.length).toBeGreaterThan(3);
    for (const n of sizes) expect(n).toBeGreaterThanOrEqual(5);
    const heatmap = page.getByTestId('heatmap');
    await expect(heatmap.getByRole('columnheader', { name: new RegExp(OTHER_DEPARTMENTS) })).toBeVisible();
    for (const text of await heatmap.locator('thead .heat-n').allTextContents()) {
      const n = /n = (\d+)/.exec(text);
      if (n) expect(Number(n[1])).toBeGreaterThanOrEqual(5);
    }
    await expect(page.getByTestId('heatmap-legend')).toContainText(report.t('hidden.legend', { min: 5 }));
    await expect(page.getByTestId('category-bars').locator('.bar-row')).toHaveCount(9);
    await expect(page.getByTestId('top-5').locator('li')).toHaveCount(5);
    await expect(page.getByTestId('bottom-5').locator('li')).toHaveCount(5);
    await expect(page.getByTestId('statements-table').locator('tbody tr')).toHaveCount(74);

    // The company's scale question is released on its own: counted among those who had a review only if that pair is
    // released; it is not, so it is hidden with the reason.
    await expect(page.getByTestId('extra-demo-r2')).toContainText(report.t('labels.reason.not-released', { min: 5 }));

    // How anonymity is protected: the merged values; no question left out, nobody withheld.
    const protection = report.section('protection');
    await expect(protection).toContainText(report.t('labels.protection.intro', { min: 5 }));
    await expect(protection.getByTestId('protection-merged')).toContainText(`${report.t('labels.groups.department')}: Finance in kadri, Pravna služba`);
    await expect(protection.getByTestId('protection-merged')).toContainText(`${report.t('labels.groups.location')}: Koper, ${report.t('values.noAnswerInList')}`);
    await expect(protection.getByTestId('protection-left-out-small-combinations')).toHaveCount(0);
    await expect(protection.getByTestId('protection-withheld')).toHaveCount(0);

    // Sorting the statements by mean puts the highest first.
    await page.getByTestId('statements-table').getByRole('button', { name: report.t('labels.mean') }).click();
    await expect(page.getByTestId('statements-table').locator('thead th[aria-sort="descending"]')).toHaveCount(1);

    // Downloads: made with the same settings, named after the survey.
    const pdf = await report.download('download-pdf');
    expect(pdf.name).toMatch(/^zadovoljstvo-zaposlenih-\d{4}-en\.pdf$/);
    expect(pdf.size).toBeGreaterThan(5_000);
    expect(pdf.head.toString('latin1')).toBe('%PDF');
    for (const [testid, suffix] of [
      ['download-xlsx1', 'v1'],
      ['download-xlsx2', 'v2'],
    ] as const) {
      const x = await report.download(testid);
      expect(x.name).toMatch(new RegExp(`^zadovoljstvo-zaposlenih-\\d{4}-en-${suffix}\\.xlsx$`));
      expect(x.size).toBeGreaterThan(2_000);
      expect(x.head.subarray(0, 2).toString('latin1')).toBe('PK');
    }
    // Version 2 is a long table of aggregates: every breakdown, and no row that is one respondent (every count of a
    // group is of at least 5 people or hidden).
    const v2 = await report.downloadWorkbook('download-xlsx2');
    const rows = v2.rows;
    expect(rows[0]).toEqual(['Breakdown', 'Group', 'Question ID', 'Question', 'Answer', 'Count', 'Share', 'Respondents (n)']);
    const breakdowns = new Set(rows.slice(1).map((r) => r[0]));
    for (const b of ['Department', 'Location', 'Gender', 'Age group', 'Education', 'Position level', REVIEW]) expect(breakdowns.has(b)).toBe(true);
    for (const r of rows.slice(1)) expect(typeof r[7] !== 'number' || r[7] === 0 || r[7] >= 5).toBe(true);
  });

  test('another company gets 404 for the same report URLs, and the page says so', async ({ page, context, server }) => {
    const surveyId = await demoFinishedSurveyId(server);
    const other = await createVerifiedAccount(server, 'en', 'report-other');
    await signIn(context, server, other.email);
    for (const q of ['', '?format=pdf', '?format=xlsx1', '?format=xlsx2', '/options']) {
      const path = q === '/options' ? `/api/surveys/${String(surveyId)}/report/options` : `/api/surveys/${String(surveyId)}/report${q}`;
      const res = await page.request.get(path);
      expect(res.status(), path).toBe(404);
    }
    const report = new ReportPage(page, 'en');
    await report.goto(surveyId);
    await expect(page.getByTestId('report-error')).toBeVisible();
    await expect(report.settings).toHaveCount(0);
    // Without a session: 401.
    await context.clearCookies();
    expect((await page.request.get(`/api/surveys/${String(surveyId)}/report`)).status()).toBe(401);
  });

  test.describe('accessibility', () => {
    // axe-core is injected as an inline script, which the server's CSP rightly forbids.
    test.use({ bypassCSP: true });

    for (const width of [390, 1280]) {
      test(`axe: no serious or critical violations on the report (${String(width)} px)`, async ({ page, context, server }) => {
        await page.setViewportSize({ width, height: 800 });
        const surveyId = await demoFinishedSurveyId(server);
        await signIn(context, server, DEMO);
        const report = new ReportPage(page, 'sl');
        await report.goto(surveyId);
        await report.expectSettings();
        await report.groupBox(report.t('labels.groups.department')).check();
        // The answer lists open, so the "Other" labels and the note are on the picture.
        for (const key of ['department', 'location']) await page.getByTestId('answer-filters').locator(`details[data-key="${key}"] summary`).click();
        await lookAt(report.settings, `test-results/screenshots/report-settings-${String(width)}.png`);
        await report.apply();
        await expect(page.getByTestId('breakdown-table').getByRole('rowheader', { name: 'Drugo: Finance in kadri, Pravna služba', exact: true })).toBeVisible();
        await expect(report.section('protection')).toBeVisible();
        const shell = new ShellPage(page);
        const severe = (await shell.axeViolations()).filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(severe, JSON.stringify(severe, null, 2)).toEqual([]);
        await shell.screenshot(`report-basic-${String(width)}`);
        await lookAt(page.getByTestId('breakdown-table'), `test-results/screenshots/report-breakdown-${String(width)}.png`);
        await lookAt(report.section('protection'), `test-results/screenshots/report-protection-${String(width)}.png`);
      });
    }
  });
});

test('PULS report: each round and the trend, a round below the minimum shows its count only, PDF download', async ({ page, context, server }) => {
  const surveyId = await seedFinishedPuls(server);
  await signIn(context, server, DEMO);
  const report = new ReportPage(page, 'en');
  await report.closeToastsWhenInTheWay();
  await page.goto(localizedPath('profilePulsDetail', 'en', { id: String(surveyId) }));
  await page.getByTestId('open-report').click();
  await expect(page).toHaveURL(new RegExp(`/en/report/puls\\?survey=${String(surveyId)}$`));
  await report.settings.getByLabel(report.t('labels.reportLanguage')).selectOption('en');
  await report.apply();
  await expect(page.getByTestId('trend').getByRole('heading', { level: 3 })).toHaveCount(2);
  await expect(page.getByTestId('round-1')).toContainText('Round 1 note 0');
  await expect(page.getByTestId('round-2')).toContainText(report.t('labels.roundHidden', { min: 5 }));
  await expect(page.getByTestId('round-2')).not.toContainText('Round 2 note');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-pdf').click()]);
  expect(download.suggestedFilename()).toBe('puls-e2e-en.pdf');
});
