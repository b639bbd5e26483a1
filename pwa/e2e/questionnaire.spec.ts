import { expect, test } from './fixtures';
import { QuestionnairePage, createIzzSurvey, qText, storedResponses } from './pages/questionnaire-page';

// Phone size, in sl, en and mk (the question language is the page's by default): code -> every page -> a skipped
// mandatory statement blocks with the message in that language -> review -> submit -> success;
// the stored response holds every answer given.
test.use({ viewport: { width: 375, height: 740 } });

// The whole way to a stored response is walked in Slovenian here (and in Macedonian over English questions below);
// English and Macedonian walk the code, the language, the first page and its mandatory rule, the part that differs by
// language (every screen's texts in every locale: pwa/features/questionnaire/questionnaire-i18n.test.ts).
const journeys = [
  { locale: 'sl', languages: ['sl', 'en'], mandatory: 'To vprašanje je obvezno odgovoriti.', whole: true },
  { locale: 'en', languages: ['sl', 'en'], mandatory: 'This question is mandatory.', whole: false },
  { locale: 'mk', languages: ['sl', 'en', 'mk'], mandatory: 'Ова прашање е задолжително.', whole: false },
] as const;

for (const j of journeys) {
  test(`IZZ on a phone in ${j.locale}: code, ${j.whole ? 'every page' : 'the first page'}, the mandatory rule${j.whole ? ', review, submit, stored' : ''}`, async ({ page, server }) => {
    test.setTimeout(120_000);
    const survey = await createIzzSurvey(server.handle.db, { languages: [...j.languages] });
    const code = await survey.code();
    const q = new QuestionnairePage(page, j.locale);

    // The link from the invitation fills the code in; lower case and no dash work too.
    await q.openEntry(code.toLowerCase());
    await expect(q.codeInput()).toHaveValue(code.toLowerCase());
    await q.enterCode(code.toLowerCase());

    // The intro: who does not take part, anonymity, the language (the UI locale by default).
    await expect(page.getByRole('radio', { name: j.locale === 'mk' ? 'Македонски' : j.locale === 'sl' ? 'Slovenščina' : 'English' })).toBeChecked();
    await q.startIntro();
    const total = await q.totalPages();
    expect(total).toBe(13);
    await q.expectPage(1, total);
    const title = await page.locator('h1').first().textContent();
    if (j.locale === 'mk') expect(title).toMatch(/[\u0400-\u04FF]/);

    // Skip one mandatory statement: Next does not advance, the message is at the item, focus on it.
    const firstPath = (await q.questions().first().getAttribute('data-path')) ?? '';
    await q.answerPage({ skip: [firstPath], clicks: true });
    await q.next();
    await q.expectPage(1, total);
    const skipped = q.questions().first();
    await expect(skipped.getByText(j.mandatory)).toBeVisible();
    expect(qText(j.locale, 'flow.mandatory')).toBe(j.mandatory);
    await expect(skipped.locator('input').first()).toBeFocused();
    await expect(page.getByText(j.mandatory)).toHaveCount(1);
    // Keyboard: the arrow key moves within the radio group and answers it.
    await page.keyboard.press('ArrowRight');
    await expect(skipped.locator('input:checked')).toHaveCount(1);
    q.given.set(firstPath, (await skipped.locator('input:checked').getAttribute('value')) ?? '');
    await expect(skipped.getByText(j.mandatory)).toHaveCount(0);
    await q.next();
    await q.expectPage(2, total);
    if (!j.whole) return;

    await q.answerAllPages();

    // Review: grouped by page with a change button each; then send.
    await expect(page.getByRole('button', { name: q.ql('review.edit') })).toHaveCount(total);
    await q.submit();
    await expect(q.delivery()).toHaveAttribute('data-delivery', 'received');
    await expect(q.delivery()).toContainText(q.ql('success.received'));

    // Back must not show the answers: the draft is gone.
    await page.goBack();
    await expect(page.getByText(q.ql('review.title'))).toHaveCount(0);
    await expect(q.questions()).toHaveCount(0);

    await expect.poll(async () => (await storedResponses(server.handle.db, survey.surveyId)).length).toBe(1);
    const [stored] = await storedResponses(server.handle.db, survey.surveyId);
    q.expectStored(stored?.answers ?? {});
    expect(Object.keys((stored?.answers.statements ?? {}) as object)).toHaveLength(74);
  });
}

test('a wrong code is refused in the UI language; a reload mid-way resumes at the same page with the answers', async ({ page, server }) => {
  test.setTimeout(60_000);
  const survey = await createIzzSurvey(server.handle.db, { languages: ['sl', 'en'] });
  const q = new QuestionnairePage(page, 'en');
  await q.openEntry();
  await q.enterCode('ABCDE-FGH2');
  await expect(page.getByText(q.t('entry.invalidFormat'))).toBeVisible();
  await q.enterCode('ZZZZZ-ZZZZ9');
  await expect(page.getByRole('alert')).toContainText(/code/i);

  await q.enterCode(await survey.code());
  await q.startIntro({ name: 'Slovenščina', code: 'sl' });
  await q.answerPage();
  await q.next();
  await q.expectPage(2, 13);
  await q.answerPage({ skip: ['statements.WC02'] });
  await q.expectDraftSaved();
  await page.reload();
  await q.expectPage(2, 13);
  await expect(q.questions().first().locator('input:checked')).toHaveCount(1);

  // Coming back to the entry page offers continue or start over.
  await q.openEntryResume();
  await page.getByRole('button', { name: q.t('entry.continue') }).click();
  await q.expectPage(2, 13);
});

// The respondent's screens speak the page's language; only the questions follow the question language.
test('a Macedonian employee answers a survey offered in English and Slovenian: every screen in Macedonian, only the questions in English', async ({ page, server }) => {
  test.setTimeout(120_000);
  const survey = await createIzzSurvey(server.handle.db, { languages: ['en', 'sl'] });
  const q = new QuestionnairePage(page, 'mk', 'en');
  await q.openEntry();
  await q.enterCode(await survey.code());
  // The intro, the anonymity promise included, is Macedonian; a note names the questions' language.
  await expect(page.getByRole('heading', { level: 2, name: qText('mk', 'intro.anonymityTitle') })).toBeVisible();
  await expect(page.locator('h1').first()).toHaveText(/[\u0400-\u04FF]/);
  await expect(page.getByRole('radio', { name: 'English' })).toBeChecked();
  await expect(page.getByTestId('questions-language')).toHaveText(qText('mk', 'flow.questionsIn', { language: 'English' }));
  await q.startIntro({ name: 'English', code: 'en' });
  await q.expectPage(1, 13);
  await expect(page.getByRole('button', { name: qText('mk', 'flow.next') })).toBeVisible();
  // The statements and their answers are English and marked as such for screen readers.
  const first = q.questions().first();
  await expect(first.locator('legend [lang="en"]')).toHaveText(/^[\x20-\x7E’]+$/);
  await expect(first.locator('.q-options[lang="en"]')).toBeVisible();
  await expect(page.getByTestId('questions-language')).toHaveText(qText('mk', 'flow.questionsIn', { language: 'English' }));
  // A skipped mandatory statement is explained in Macedonian.
  const firstPath = (await first.getAttribute('data-path')) ?? '';
  await q.answerPage({ skip: [firstPath] });
  await q.next();
  await expect(first.getByText(qText('mk', 'flow.mandatory'))).toBeVisible();
  await first.locator('input').first().check();
  q.given.set(firstPath, (await first.locator('input:checked').getAttribute('value')) ?? '');
  await q.next();
  // The flow has moved on before the remaining pages are answered from the progress it shows.
  await q.expectPage(2, 13);
  await q.answerAllPages();
  // The review and the thank-you page are Macedonian too.
  await expect(page.getByRole('heading', { level: 1, name: qText('mk', 'review.title') })).toBeVisible();
  await q.submit();
  await expect(q.delivery()).toContainText(qText('mk', 'success.received'));
  await expect.poll(async () => (await storedResponses(server.handle.db, survey.surveyId)).length).toBe(1);
  const [stored] = await storedResponses(server.handle.db, survey.surveyId);
  expect(stored?.answers.language).toBe('en');
});

test('a German page over Slovenian questions: German buttons and progress, Slovenian statements', async ({ page, server }) => {
  test.setTimeout(60_000);
  const survey = await createIzzSurvey(server.handle.db, { languages: ['sl'] });
  const q = new QuestionnairePage(page, 'de', 'sl');
  await q.openEntry();
  await q.enterCode(await survey.code());
  await expect(page.getByTestId('questions-language')).toHaveText(qText('de', 'flow.questionsIn', { language: 'Slovenščina' }));
  await q.startIntro();
  await q.expectPage(1, 13);
  await expect(page.getByRole('button', { name: qText('de', 'flow.next') })).toBeVisible();
  await expect(q.questions().first().locator('legend [lang="sl"]')).toBeVisible();
});
