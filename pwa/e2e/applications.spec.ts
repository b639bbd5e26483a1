/**
 * IZZ application journey of a new company (the demo company may already have an open survey):
 * start -> fill every step (two extra questions in two languages) -> leave -> come back to the
 * saved draft -> duplicate and reorder a question (keyboard and drag) -> send (the confirmation screen, then read-only) ->
 * the administrator approves -> the company downloads its codes as CSV, XLSX and PDF -> at 09:00
 * of the start date (the server's clock is moved, nothing sleeps) every respondent receives one
 * invitation in their language with a live code -> a manual reminder fails while the SMTP server
 * is down, shows the error, and succeeds on retry.
 */
import fs from 'node:fs';
import { localizedPath } from '../../shared/routes';
import { zonedInstant } from '../../server/lib/time';
import { createVerifiedAccount, signIn } from './pages/account-pages';
import { logInAs } from './pages/admin-page';
import { ApplicationsPage, isoInDays } from './pages/applications-page';
import { expect, test } from './fixtures';

test('a company fills, leaves, resumes, reorders and sends an IZZ application; after approval it downloads its codes, the invitations go out at 09:00 of the start date and a failed reminder succeeds on retry', async ({ page, context, browser, server }) => {
  test.setTimeout(180_000);
  const account = await createVerifiedAccount(server, 'en', 'apps');
  await signIn(context, server, account.email);
  const app = new ApplicationsPage(page, 'en');

  // The board: no survey yet, a way to start one.
  await app.openBoard();
  await expect(page.getByTestId('current-application')).toContainText(app.t('board.none'));
  await app.screenshot('board-empty');
  await app.button('board.izz.start').click();
  await expect(app.stepHeading('details')).toBeVisible();
  const detailUrl = page.url();

  // Step 1: details. Next with nothing filled shows the errors beside the fields.
  await app.button('steps.next').click();
  await expect(page.locator('#izz-summary')).toBeFocused();
  await expect(app.field('name')).toHaveAttribute('aria-invalid', 'true');

  const start = isoInDays(3);
  await app.field('name').fill('Employee survey 2026');
  await app.field('collection').selectOption('combined');
  await app.field('code_type').selectOption('different');
  await app.field('start_date').fill(start);
  await app.field('end_date').fill(isoInDays(25));
  await expect(app.field('invitation_date')).toHaveValue(start);
  await expect(app.field('invitation_time')).toHaveValue('09:00');
  await expect(app.field('reminder_date')).toHaveValue(isoInDays(8));
  await expect(app.field('reminder_time')).toHaveValue('09:00');
  // A new company's profile names no employees yet: the population is asked here.
  await expect(app.field('employees')).toHaveValue('');
  await app.field('employees').fill('6');
  await app.field('online_respondents').fill('3');
  await app.field('offline_respondents').fill('2');
  await app.main.getByLabel('English', { exact: true }).check();
  await app.main.getByLabel('Slovenščina', { exact: true }).check();
  await app.screenshot('details');
  await app.next('emails');
  await expect(app.saved()).toContainText('Working version saved');

  // Step 2: e-mails; the invalid one and the duplicate are reported, not dropped.
  await app.main.getByLabel(app.t('emails.paste')).fill('ana@firma.si\nnot-an-email\nbojan@firma.si; ANA@firma.si');
  await app.button('emails.add').click();
  const report = page.getByTestId('email-report');
  await expect(report).toContainText('2 addresses added.');
  await expect(page.getByTestId('emails-invalid')).toContainText('not-an-email');
  await expect(page.getByTestId('emails-duplicates')).toContainText('ANA@firma.si');
  await expect(page.getByTestId('email-table').locator('tbody tr')).toHaveCount(2);
  // A respondent who answers in Slovenian.
  await app.main.getByLabel(app.t('emails.language'), { exact: true }).selectOption('sl');
  await app.main.getByLabel(app.t('emails.paste')).fill('cene@firma.si');
  await app.button('emails.add').click();
  await expect(page.getByTestId('email-table').locator('tbody tr')).toHaveCount(3);
  await expect(page.getByTestId('email-table').locator('tbody tr').nth(2)).toContainText('Slovenščina');
  await app.next('questions');

  // Step 3: two statements for the report.
  const statements = app.main.locator('input[id^="izz-rq-"]');
  await statements.nth(0).check();
  const firstStatement = ((await app.main.locator('label[for^="izz-rq-"]').first().textContent()) ?? '').trim();
  await statements.nth(1).check();
  await expect(app.main.getByText(app.t('reportQuestions.title', { count: 2, max: 15 }))).toBeVisible();
  await app.next('demographics');

  // Step 4: demographics, departments and locations.
  await app.main.locator('input[id^="izz-dq-"]').first().check();
  await app.main.getByLabel(app.t('demographics.departments')).fill('Sales\nDevelopment');
  await app.main.getByLabel(app.t('demographics.locations')).fill('Zagreb');
  await app.next('extra');

  // Step 5: two extra questions, in English and Slovenian.
  await app.button('builder.add.extra').click();
  await app.fillQuestionText(1, 'builder.titleIn', 'English', 'How do you rate the canteen?');
  await app.button('builder.add.extra').click();
  await app.questions().nth(1).getByLabel(app.t('builder.type')).selectOption('radio');
  await app.fillQuestionText(2, 'builder.titleIn', 'English', 'Do you work remotely?');
  await app.fillQuestionText(2, 'builder.answerN', 'English', 'Yes', { n: 1 });
  await app.questions().nth(1).getByRole('button', { name: app.t('builder.addAnswer') }).click();
  await app.fillQuestionText(2, 'builder.answerN', 'English', 'No', { n: 2 });
  const missing = page.getByTestId('missing-texts');
  await expect(missing.getByRole('listitem')).toHaveCount(4);
  await expect(missing).toContainText('Question 1, title, Slovenščina');
  // The link to a missing text switches the tab and focuses the field.
  await missing.getByRole('link', { name: 'Question 1, title, Slovenščina' }).click();
  await expect(app.tab('Slovenščina')).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('#eq-' + (await app.questions().nth(0).getAttribute('data-question-id')) + '-title-sl')).toBeFocused();
  await app.fillQuestionText(1, 'builder.titleIn', 'Slovenščina', 'Kako ocenjujete menzo?');
  await app.fillQuestionText(2, 'builder.titleIn', 'Slovenščina', 'Ali delate na daljavo?');
  await app.fillQuestionText(2, 'builder.answerN', 'Slovenščina', 'Da', { n: 1 });
  await app.fillQuestionText(2, 'builder.answerN', 'Slovenščina', 'Ne', { n: 2 });
  await expect(page.getByTestId('missing-texts-none')).toBeVisible();
  await app.tab('English').click();
  await app.screenshot('builder');

  // Leave (the draft is saved on the way out) and come back from the board.
  await app.main.getByRole('link', { name: app.t('detail.izz.back') }).click();
  await expect(page.getByRole('heading', { level: 1, name: app.t('board.izz.title') })).toBeVisible();
  await expect(page.getByTestId('current-application')).toContainText('Employee survey 2026');
  await expect(page.getByTestId('application-state')).toHaveText(app.t('state.draft'));
  await app.screenshot('board-draft');
  await app.main.getByRole('link', { name: app.t('board.open.draft') }).click();
  await expect(app.stepHeading('extra')).toBeVisible();
  expect(page.url()).toBe(detailUrl);
  expect(await app.questionTitles('English')).toEqual(['How do you rate the canteen?', 'Do you work remotely?']);

  // Duplicate question 1: the copy goes right after it, with a new id.
  const firstId = await app.questions().nth(0).getAttribute('data-question-id');
  await app.button('builder.duplicateN', { n: 1 }).click();
  await expect(app.questions()).toHaveCount(3);
  expect(await app.questionTitles('English')).toEqual(['How do you rate the canteen?', 'How do you rate the canteen?', 'Do you work remotely?']);
  const copyId = await app.questions().nth(1).getAttribute('data-question-id');
  expect(copyId).not.toBe(firstId);
  await app.fillQuestionText(2, 'builder.titleIn', 'English', 'How do you rate the coffee?');
  await app.tab('English').click();

  // Reorder by keyboard: question 3 moves up, announced to screen readers.
  const up = app.button('builder.moveUpN', { n: 3 });
  await up.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('builder-announcement')).toHaveText('Question 3 moved to position 2 of 3.');
  expect(await app.questionTitles('English')).toEqual(['How do you rate the canteen?', 'Do you work remotely?', 'How do you rate the coffee?']);

  // Reorder by drag and drop (HTML5): question 3 is dropped on question 1.
  await app.dragQuestion(3, 1);
  await expect.poll(() => app.questionTitles('English')).toEqual(['How do you rate the coffee?', 'How do you rate the canteen?', 'Do you work remotely?']);

  // The copy kept the original's Slovenian texts: nothing is missing.
  await expect(page.getByTestId('missing-texts-none')).toBeVisible();

  // Step 6: the report's breakdowns. The remote-work question is ranked first (the release gives way on the
  // lowest-ranked first) and comments are listed by location.
  await app.next('breakdowns');
  const ranking = page.getByTestId('breakdown-ranking').locator('.breakdown-name');
  await expect(ranking).toHaveText([app.t('breakdowns.department'), app.t('breakdowns.location'), /\S/, 'Do you work remotely?']);
  for (let i = 0; i < 3; i++) await app.button('breakdowns.moveUp', { name: 'Do you work remotely?' }).click();
  await expect(ranking.first()).toHaveText('Do you work remotely?');
  await expect(app.button('breakdowns.moveUp', { name: 'Do you work remotely?' })).toBeDisabled();
  await app.main.getByLabel(app.t('breakdowns.commentsBy')).selectOption({ label: app.t('breakdowns.location') });
  await app.screenshot('breakdowns');

  // Review and send.
  await app.next('review');
  await expect(page.getByTestId('review-breakdowns').locator('li').first()).toHaveText('Do you work remotely?');
  await expect(page.getByTestId('review')).toContainText(`${app.t('breakdowns.commentsBy')}${app.t('breakdowns.location')}`);
  await expect(page.getByTestId('price')).toContainText('€');
  await expect(page.getByTestId('review')).toContainText('How do you rate the coffee?');
  // The chosen statements are listed by their text, not their ids.
  const chosen = page.getByTestId('review-report-questions').locator('li');
  await expect(chosen).toHaveCount(2);
  await expect(chosen.first()).toHaveText(firstStatement.replace(/^[A-Z]{2}\d{2}\s*/, ''));
  await expect(page.getByTestId('review-report-questions')).not.toContainText(/\b[A-Z]{2}\d{2}\b/);
  const submit = page.waitForResponse((r) => r.url().endsWith('/submit') && r.request().method() === 'POST');
  await app.button('review.send').click();
  expect((await submit).status()).toBe(200);
  // Sent: the confirmation screen (success-admin) says what happens next and leads back to the application.
  await expect(page.getByTestId('application-sent')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === localizedPath('successAdmin', 'en'));
  await page.getByTestId('sent-view').click();
  await expect(page).toHaveURL(detailUrl);
  await expect(page.getByTestId('read-only')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('read-only')).toBeVisible();
  await expect(app.main.locator('input, textarea, select')).toHaveCount(0);
  await expect(page.getByTestId('application-state')).toHaveText(app.t('state.submitted'));

  // The administrator approves; the company downloads its codes in every format.
  const id = detailUrl.split('/').pop()!;
  const admin = await browser.newContext();
  await logInAs(admin, server);
  const approve = await admin.request.post(`${server.url}/api/admin/applications/${id}/approve`, { headers: { Origin: server.url } });
  expect(approve.status()).toBe(200);
  await admin.close();

  await page.reload();
  await expect(page.getByTestId('application-state')).toHaveText(app.t('state.approved'));
  await expect(page.getByTestId('invitation-at')).toContainText(`${start.slice(8, 10)}.${start.slice(5, 7)}.${start.slice(0, 4)} 09:00`);
  await expect(page.getByTestId('progress')).toBeVisible();
  await app.screenshot('codes');

  const download = async (format: string) => {
    const wait = page.waitForEvent('download');
    await page.getByTestId(`codes-${format}`).click();
    const file = await wait;
    return fs.readFileSync((await file.path())!);
  };
  const csv = (await download('csv')).toString('utf8').trim().split(/\r?\n/);
  expect(csv[0]).toBe('code,channel,email,language');
  // 3 online codes (one per respondent) + 2 paper codes.
  expect(csv).toHaveLength(1 + 5);
  expect(csv.filter((l) => l.includes('ana@firma.si'))).toHaveLength(1);
  const xlsx = await download('xlsx');
  expect(xlsx.length).toBeGreaterThan(100);
  expect(xlsx.subarray(0, 2).toString('latin1')).toBe('PK');
  const pdf = await download('pdf');
  expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');

  // The invitations: nothing before 09:00 of the start date (Europe/Ljubljana), then one per respondent.
  const respondents = [
    { email: 'ana@firma.si', locale: 'en' as const },
    { email: 'bojan@firma.si', locale: 'en' as const },
    { email: 'cene@firma.si', locale: 'sl' as const },
  ];
  const nineAm = zonedInstant(start, '09:00', 'Europe/Ljubljana');
  const isInvitation = (m: { subject: string }) => m.subject.startsWith('Invitation to the survey') || m.subject.startsWith('Vabilo k anketi');
  const invitationsTo = (email: string) => server.mail.mails.filter((m) => m.to.includes(email) && isInvitation(m));
  const queuedTo = async (email: string) => (await server.handle.db.all('SELECT id FROM mail_outbox WHERE to_address = ?', [email])).length;

  server.clock.set(new Date(nineAm.getTime() - 60_000));
  await server.runDueJobs();
  for (const r of respondents) {
    expect(await queuedTo(r.email), `nothing queued to ${r.email} at 08:59`).toBe(0);
    expect(invitationsTo(r.email)).toHaveLength(0);
  }

  server.clock.set(nineAm);
  await server.runDueJobs();
  const codeRows = await server.handle.db.all<{ code: string; uses: number; channel: string; email: string | null }>(
    'SELECT c.code, c.uses, c.channel, e.email FROM access_codes c LEFT JOIN respondent_emails e ON e.id = c.respondent_email_id WHERE c.survey_id = ?',
    [Number(id)],
  );
  const csvCodes = new Map(csv.slice(1).map((line) => [line.split(',')[0]!, line.split(',')[2]!]));
  for (const r of respondents) {
    const mail = await server.mail.waitForMail(r.email, isInvitation);
    if (r.locale === 'sl') {
      expect(mail.subject).toBe('Vabilo k anketi: Employee survey 2026');
      expect(mail.text).toContain('vas vabi k sodelovanju v anketi o zadovoljstvu zaposlenih »Employee survey 2026«');
    } else {
      expect(mail.subject).toBe('Invitation to the survey: Employee survey 2026');
      expect(mail.text).toContain('invites you to take part in the employee satisfaction survey "Employee survey 2026"');
    }
    const code = /(?:Your access code|Vaša dostopna koda): ([A-Z2-9]{5}-[A-Z2-9]{5})/.exec(mail.text)?.[1];
    expect(code, mail.text).toBeTruthy();
    expect(mail.text).toContain(`${server.url}${localizedPath('questionnaire', r.locale)}?code=${code}`);
    // A working code: this respondent's online code of this survey, still unused (and in the CSV).
    const row = codeRows.find((c) => c.code === code!.replace('-', ''));
    expect(row).toMatchObject({ channel: 'online', uses: 0, email: r.email });
    expect(csvCodes.get(code!)).toBe(r.email);
  }
  // Exactly one each, also when the jobs run again.
  await server.runDueJobs();
  for (const r of respondents) expect(invitationsTo(r.email), r.email).toHaveLength(1);
  expect(new Set(respondents.map((r) => invitationsTo(r.email)[0]!.text.match(/[A-Z2-9]{5}-[A-Z2-9]{5}/)![0])).size).toBe(3);

  // The manual reminder: the SMTP server is down -> the error with a retry; up again -> sent.
  await page.reload();
  await expect(page.getByTestId('application-state')).toHaveText(app.t('state.in_progress'));
  await server.mail.stop();
  await app.button('status.sendReminder').click();
  const failure = app.main.getByRole('alert');
  await expect(failure).toContainText('An error occurred while sending the reminder. Please try again or contact an administrator.');
  await app.screenshot('reminder-failed');
  await server.mail.start();
  await failure.getByRole('button', { name: app.t('retry'), exact: true }).click();
  await expect(page.getByTestId('reminder-result')).toHaveText(app.t('status.reminderSent_other', { count: 3 }));
  await expect(failure).toHaveCount(0);
  for (const r of respondents) {
    const reminder = await server.mail.waitForMail(r.email, (m) => m.subject.startsWith(r.locale === 'sl' ? 'Opomnik: anketa' : 'Reminder: the survey'));
    expect(reminder.text).toMatch(/[A-Z2-9]{5}-[A-Z2-9]{5}/);
  }
});

