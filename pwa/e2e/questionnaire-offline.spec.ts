import { expect, test } from './fixtures';
import { waitForServiceWorker } from './pages/shell-page';
import { QuestionnairePage, createIzzSurvey, storedResponses } from './pages/questionnaire-page';

// The service worker is part of what these journeys check (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

test.use({ viewport: { width: 375, height: 740 } });

test('offline: answer everything without a network, reload mid-way, submit; back online exactly one response arrives, also across a server crash mid-sync', async ({ page, context, server }) => {
  test.setTimeout(240_000);
  const survey = await createIzzSurvey(server.handle.db, { languages: ['sl', 'en'] });
  const q = new QuestionnairePage(page, 'en');

  // Online: the code is accepted; once the questionnaire is open the service worker is installed and controls the
  // page (on the code entry it waits, so that its downloads do not hold up a slow phone).
  await q.openEntry();
  await q.enterCode(await survey.code());
  await waitForServiceWorker(page);
  await q.startIntro();

  // Offline from here on.
  await context.setOffline(true);
  for (let i = 1; i <= 3; i++) {
    await q.answerPage();
    await q.next();
    await q.expectPage(i + 1, 13);
  }
  await q.answerPage({ skip: ['statements.DM03'] });
  const answeredBefore = await q.main.locator('input:checked').count();
  await q.expectDraftSaved();
  await page.reload(); // served by the service worker
  await q.expectPage(4, 13);
  await expect(q.main.locator('input:checked')).toHaveCount(answeredBefore);
  await q.answerAllPages();
  await q.submit();
  await expect(q.delivery()).toHaveAttribute('data-delivery', 'saved');
  await expect(q.delivery()).toContainText(q.ql('success.saved'));
  await expect(page.getByTestId('sync-pending')).toHaveText(q.ql('sync.pending', { count: 1 }));
  expect(await storedResponses(server.handle.db, survey.surveyId)).toHaveLength(0);
  await page.close();

  // Back online, the app is opened again: the queued response is sent once.
  await context.setOffline(false);
  const again = await context.newPage();
  await again.goto('/en');
  await expect.poll(async () => (await storedResponses(server.handle.db, survey.surveyId)).length, { timeout: 15_000 }).toBe(1);
  const [stored] = await storedResponses(server.handle.db, survey.surveyId);
  q.expectStored(stored?.answers ?? {});

  // A second respondent on this device: the server stores the response, then dies before its
  // answer reaches the phone. The phone retries after the restart; the replay is a no-op.
  const second = new QuestionnairePage(again, 'en');
  await second.openEntry();
  await second.enterCode(await survey.code());
  await second.startIntro();
  await second.answerAllPages();
  let stoppedMidSync = false;
  await again.route('**/api/responses', async (route) => {
    if (stoppedMidSync) return route.continue();
    stoppedMidSync = true;
    const res = await route.fetch(); // the server stores it ...
    expect(res.status()).toBe(200);
    await server.stop(); // ... and is killed before the answer arrives
    await route.abort('connectionreset');
  });
  await second.submit();
  // The error shows once the server has shut down inside the route handler (it finishes its in-flight work first): on a
  // busy machine that alone can take longer than the usual 15 s.
  await expect(again.getByTestId('sync-error')).toContainText(second.ql('sync.reasons.network'), { timeout: 45_000 });
  await expect(second.delivery()).toHaveAttribute('data-delivery', 'saved');
  await server.restart();
  expect(await storedResponses(server.handle.db, survey.surveyId)).toHaveLength(2);
  // The engine's next due retry (backoff) sends it again: the server answers 'duplicate'.
  await expect(second.delivery()).toHaveAttribute('data-delivery', 'received', { timeout: 15_000 });
  await expect(again.getByTestId('sync-pending')).toHaveText(second.ql('sync.nonePending'));
  expect(await storedResponses(server.handle.db, survey.surveyId)).toHaveLength(2);
  const used = await server.handle.db.get<{ n: number }>('SELECT SUM(uses) AS n FROM access_codes WHERE survey_id = ?', [survey.surveyId]);
  expect(used?.n).toBe(2);
});
