/**
 * The draft is saved on the way out: what was typed survives leaving the page with a full
 * navigation (page.goto elsewhere), a reload, and a draft too large for a keepalive request
 * (a long respondent list: Chromium refuses keepalive bodies over 64 KiB), in which case the copy
 * kept in localStorage is put on the server when the application is opened again.
 */
import { createVerifiedAccount, signIn } from './pages/account-pages';
import { ApplicationsPage } from './pages/applications-page';
import { expect, test, type E2eServer } from './fixtures';

/** A new IZZ draft with its name and two languages, open on the extra-question step; returns its id and URL. */
async function draftOnExtraStep(app: ApplicationsPage, server: E2eServer, prefix: string, beforeExtra?: () => Promise<void>) {
  const account = await createVerifiedAccount(server, 'en', prefix);
  await signIn(app.page.context(), server, account.email);
  await app.openBoard();
  await app.button('board.izz.start').click();
  await expect(app.stepHeading('details')).toBeVisible();
  const url = app.page.url();
  await app.field('name').fill('Autosave survey');
  await app.main.getByLabel('English', { exact: true }).check();
  await app.main.getByLabel('Slovenščina', { exact: true }).check();
  await beforeExtra?.();
  await app.main.getByRole('button', { name: app.t('steps.extra') }).click();
  await expect(app.stepHeading('extra')).toBeVisible();
  return { url, id: Number(url.split('/').pop()) };
}

async function typeTwoQuestions(app: ApplicationsPage) {
  await app.button('builder.add.extra').click();
  await app.fillQuestionText(1, 'builder.titleIn', 'English', 'How do you rate the canteen?');
  await app.button('builder.add.extra').click();
  await app.fillQuestionText(2, 'builder.titleIn', 'English', 'Do you work remotely?');
  await app.tab('Slovenščina').click();
  await app.fillQuestionText(2, 'builder.titleIn', 'Slovenščina', 'Ali delate na daljavo?');
}

async function expectQuestionsBack(app: ApplicationsPage, server: E2eServer, id: number) {
  await expect(app.stepHeading('extra')).toBeVisible();
  await expect.poll(() => app.questionTitles('English')).toEqual(['How do you rate the canteen?', 'Do you work remotely?']);
  await app.tab('Slovenščina').click();
  expect(await app.questionTitles('Slovenščina')).toEqual(['', 'Ali delate na daljavo?']);
  // On the server too, not only in the browser.
  const row = await server.handle.db.get<{ draft: string }>('SELECT draft FROM applications WHERE id = ?', [id]);
  const draft = JSON.parse(row!.draft) as { extra_questions: { title: Record<string, string> }[] };
  expect(draft.extra_questions.map((q) => q.title)).toEqual([{ en: 'How do you rate the canteen?' }, { en: 'Do you work remotely?', sl: 'Ali delate na daljavo?' }]);
}

test.describe('the draft is saved when the page is left', () => {
  test('typed extra questions survive a full navigation elsewhere and back', async ({ page, server }) => {
    const app = new ApplicationsPage(page, 'en');
    const { url, id } = await draftOnExtraStep(app, server, 'autosave-goto');
    await typeTwoQuestions(app);
    await page.goto('/en');
    await expect(page.locator('main h1').first()).toBeVisible();
    await page.goto(url);
    await expectQuestionsBack(app, server, id);
  });

  test('typed extra questions survive a reload', async ({ page, server }) => {
    const app = new ApplicationsPage(page, 'en');
    const { id } = await draftOnExtraStep(app, server, 'autosave-reload');
    await typeTwoQuestions(app);
    await page.reload();
    await expectQuestionsBack(app, server, id);
  });

  test('a draft too large for a keepalive request (1500 respondents) survives leaving and coming back', async ({ page, server }) => {
    test.setTimeout(60_000);
    const app = new ApplicationsPage(page, 'en');
    const emails = Array.from({ length: 1500 }, (_, i) => `respondent-${String(i).padStart(4, '0')}@example-company.si`);
    const { url, id } = await draftOnExtraStep(app, server, 'autosave-large', async () => {
      await app.field('online_respondents').fill('1500');
      await app.main.getByRole('button', { name: app.t('steps.emails') }).click();
      await expect(app.stepHeading('emails')).toBeVisible();
      await app.main.getByLabel(app.t('emails.paste')).fill(emails.join('\n'));
      await app.button('emails.add').click();
      await expect(page.getByTestId('email-report')).toContainText('1500');
    });
    await expect(app.saved()).toContainText('Working version saved');
    const size = (await server.handle.db.get<{ n: number }>('SELECT length(draft) AS n FROM applications WHERE id = ?', [id]))!.n;
    expect(size).toBeGreaterThan(64 * 1024);
    await typeTwoQuestions(app);
    await page.goto('/en');
    await expect(page.locator('main h1').first()).toBeVisible();
    await page.goto(url);
    await expectQuestionsBack(app, server, id);
    const row = await server.handle.db.get<{ draft: string }>('SELECT draft FROM applications WHERE id = ?', [id]);
    expect((JSON.parse(row!.draft) as { details: { respondent_emails: unknown[] } }).details.respondent_emails).toHaveLength(1500);
  });
});
