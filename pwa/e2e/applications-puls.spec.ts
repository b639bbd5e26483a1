/**
 * PULS application of a new company: details, one respondent, two pulse-bank questions and one own
 * question in two languages -> send -> read-only on /profile/puls/{id}. Plus axe (no serious or
 * critical violation) on the IZZ board, the IZZ details step and the extra-question builder.
 */
import { localizedPath } from '../../shared/routes';
import { createVerifiedAccount, signIn } from './pages/account-pages';
import { ApplicationsPage, isoInDays } from './pages/applications-page';
import type { ShellPage } from './pages/shell-page';
import { expect, test } from './fixtures';

test('a company fills a PULS application (2 bank questions + 1 own question in two languages), sends it and sees it read-only', async ({ page, context, server }) => {
  test.setTimeout(60_000);
  const account = await createVerifiedAccount(server, 'en', 'puls');
  await signIn(context, server, account.email);
  const app = new ApplicationsPage(page, 'en');

  await app.shell.goto(localizedPath('profilePuls', 'en'));
  if (await app.shell.cookieBanner.isVisible()) await app.shell.acceptAllCookies();
  await expect(page.getByRole('heading', { level: 1, name: app.t('board.puls.title') })).toBeVisible();
  await app.button('board.puls.start').click();
  await expect(app.stepHeading('details')).toBeVisible();
  const detailUrl = page.url();
  const id = detailUrl.split('/').pop()!;
  expect(new URL(detailUrl).pathname).toBe(localizedPath('profilePulsDetail', 'en', { id }));

  await app.field('name').fill('Pulse 2026');
  await app.field('cadence').selectOption('monthly');
  await app.field('rounds').fill('3');
  await app.field('code_type').selectOption('different');
  await app.field('start_date').fill(isoInDays(2));
  await expect(app.field('invitation_date')).toHaveValue(isoInDays(2));
  await app.field('end_date').fill(isoInDays(80));
  await app.field('employees').fill('4');
  await app.field('online_respondents').fill('1');
  await app.main.getByLabel('English', { exact: true }).check();
  await app.main.getByLabel('Slovenščina', { exact: true }).check();
  await app.next('emails');

  await app.main.getByLabel(app.t('emails.paste')).fill('pulse@firma.si');
  await app.button('emails.add').click();
  await expect(page.getByTestId('email-table').locator('tbody tr')).toHaveCount(1);
  await app.next('pulsQuestions');

  const bank = app.main.locator('input[id^="puls-q-"]');
  await bank.nth(0).check();
  await bank.nth(1).check();
  await expect(app.main.getByText(app.t('puls.questionsTitle', { count: 2, max: 15 }))).toBeVisible();
  await app.button('builder.add.own').click();
  await app.fillQuestionText(1, 'builder.titleIn', 'English', 'What should we change first?');
  await app.tab('Slovenščina').click();
  await app.fillQuestionText(1, 'builder.titleIn', 'Slovenščina', 'Kaj naj spremenimo najprej?');
  await expect(page.getByTestId('missing-texts-none')).toBeVisible();
  await app.next('review');

  const submit = page.waitForResponse((r) => r.url().endsWith('/submit') && r.request().method() === 'POST');
  await app.button('review.send').click();
  expect((await submit).status()).toBe(200);
  await expect(page.getByTestId('application-sent')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === localizedPath('successAdminPuls', 'en'));

  await page.goto(detailUrl);
  await expect(page.getByTestId('read-only')).toBeVisible();
  await expect(page.getByTestId('application-state')).toHaveText(app.t('state.submitted'));
  await expect(page.getByTestId('read-only')).toContainText('What should we change first?');
  await expect(app.main.locator('input, textarea, select')).toHaveCount(0);
  const row = await server.handle.db.get<{ state: string; draft: string }>('SELECT state, draft FROM applications WHERE id = ?', [Number(id)]);
  expect(row?.state).toBe('submitted');
  const draft = JSON.parse(row!.draft) as { questions: string[]; own_questions: { title: Record<string, string> }[] };
  expect(draft.questions).toHaveLength(2);
  expect(draft.own_questions.map((q) => q.title)).toEqual([{ en: 'What should we change first?', sl: 'Kaj naj spremenimo najprej?' }]);
});

test.describe('axe on the survey applications', () => {
  // axe-core is injected as an inline script, which the server's CSP rightly forbids.
  test.use({ bypassCSP: true });

  const severe = async (shell: ShellPage) => (await shell.axeViolations()).filter((v) => v.impact === 'serious' || v.impact === 'critical');

  test('board, details step (with errors) and the extra-question builder: no serious or critical violation', async ({ page, context, server }) => {
    const account = await createVerifiedAccount(server, 'en', 'axe-apps');
    await signIn(context, server, account.email);
    const app = new ApplicationsPage(page, 'en');

    await app.openBoard();
    let found = await severe(app.shell);
    expect(found, JSON.stringify(found, null, 2)).toEqual([]);

    await app.button('board.izz.start').click();
    await expect(app.stepHeading('details')).toBeVisible();
    found = await severe(app.shell);
    expect(found, JSON.stringify(found, null, 2)).toEqual([]);
    await app.button('steps.next').click();
    await expect(page.locator('#izz-summary')).toBeFocused();
    found = await severe(app.shell);
    expect(found, JSON.stringify(found, null, 2)).toEqual([]);

    await app.main.getByLabel('English', { exact: true }).check();
    await app.main.getByLabel('Slovenščina', { exact: true }).check();
    await app.main.getByRole('button', { name: app.t('steps.extra') }).click();
    await expect(app.stepHeading('extra')).toBeVisible();
    await app.button('builder.add.extra').click();
    await app.button('builder.add.extra').click();
    await app.questions().nth(1).getByLabel(app.t('builder.type')).selectOption('radio');
    await app.fillQuestionText(1, 'builder.titleIn', 'English', 'How do you rate the canteen?');
    await expect(page.getByTestId('missing-texts')).toBeVisible();
    found = await severe(app.shell);
    expect(found, JSON.stringify(found, null, 2)).toEqual([]);
  });
});
