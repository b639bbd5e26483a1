import { expect, test } from './fixtures';
import { QuestionnairePage, createPulsSurvey, storedResponses } from './pages/questionnaire-page';

test.use({ viewport: { width: 375, height: 740 } });

test('PULS end to end in en: code, intro, questions, review, success; stored with the round', async ({ page, server }) => {
  test.setTimeout(90_000);
  const survey = await createPulsSurvey(server.handle.db, { languages: ['en', 'sl'], questions: ['P01', 'P02', 'P03', 'P04', 'P05', 'P06'] });
  const q = new QuestionnairePage(page, 'en');
  await q.openEntry(undefined, 'questionnairePuls');
  await q.enterCode(await survey.code());
  await expect(page).toHaveURL(/\/en\/questionnaire-puls\/login-review$/);
  await q.startIntro();
  await expect(page).toHaveURL(/\/en\/questionnaire-puls\/questionnaire$/);
  const total = await q.totalPages();
  expect(total).toBeGreaterThanOrEqual(2);
  // The mandatory rule holds here too.
  await q.next();
  await expect(q.questions().first().getByText('This question is mandatory.')).toBeVisible();
  await q.answerAllPages();
  await expect(page).toHaveURL(/\/en\/questionnaire-puls\/review$/);
  await q.submit();
  await expect(page).toHaveURL(/\/en\/questionnaire-puls\/success$/);
  await expect(q.delivery()).toHaveAttribute('data-delivery', 'received');
  await expect.poll(async () => (await storedResponses(server.handle.db, survey.surveyId)).length).toBe(1);
  const [stored] = await storedResponses(server.handle.db, survey.surveyId);
  q.expectStored(stored?.answers ?? {});
  expect(await server.handle.db.get('SELECT round FROM responses WHERE survey_id = ?', [survey.surveyId])).toEqual({ round: 1 });
});

test('PULS routes in sl show only the pulse logo in the header (code entry) and no header on the questions', async ({ page, server }) => {
  const survey = await createPulsSurvey(server.handle.db, { languages: ['sl'], questions: ['P01', 'P02'] });
  const q = new QuestionnairePage(page, 'sl');
  await q.openEntry(undefined, 'questionnairePuls');
  const header = page.locator('header.site-header');
  await expect(header).toBeVisible();
  await expect(header.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByTestId('language-switcher')).toHaveCount(0);
  await expect(header.getByRole('img', { name: 'PULS – pulzna raziskava' })).toBeVisible();
  await expect(header.getByRole('link')).toHaveCount(0);
  await q.enterCode(await survey.code());
  await expect(page).toHaveURL(/\/vprasalnik-puls\/pregled-prijave$/);
  await expect(header).toHaveCount(0);
  await q.startIntro();
  await expect(page).toHaveURL(/\/vprasalnik-puls\/vprasalnik$/);
  await expect(page.locator('header.site-header')).toHaveCount(0);
});
