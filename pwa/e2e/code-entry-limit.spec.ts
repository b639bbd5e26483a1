/**
 * Code entry from a busy shared network: every phone of this worker's server comes from
 * 127.0.0.1, like a factory's phones behind one NAT address. Typos do not lock valid codes out; once the address's
 * wrong codes spend its budget, a code is refused with how long to wait, in the respondent's language.
 */
import { CODE_GUESS_WINDOWS } from '../../server/modules/questionnaire/code-guesses';
import { expect, test } from './fixtures';
import { QuestionnairePage, createIzzSurvey, qText } from './pages/questionnaire-page';
import { lookAt } from './pages/look';

const LIMIT = CODE_GUESS_WINDOWS[0]?.limit ?? 0;

// The budget is the address's, and every test of this worker shares the address: leave it unspent.
test.afterEach(async ({ server }) => {
  await server.handle.db.run('DELETE FROM rate_limits');
});

test('typos on a shared network leave valid codes working; beyond the budget the page says how long to wait', async ({ page, browser, server }) => {
  const survey = await createIzzSurvey(server.handle.db, { languages: ['sl', 'en'] });
  /** A colleague's typo, sent from the same address. */
  const typo = async () => {
    const res = await fetch(`${server.url}/api/questionnaire/access`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ code: 'TYPQZ-ZZZZZ' }),
    });
    expect(res.status).toBe(404);
  };

  // One employee mistypes in the browser, and their colleagues have mistyped 98 more times on the same network.
  const q = new QuestionnairePage(page, 'en');
  await q.openEntry();
  await q.enterCode('TYPQZ-AAAAA');
  await expect(q.main.getByRole('alert')).toHaveText('This access code is not valid. Please check it and try again.');
  for (let n = 0; n < LIMIT - 2; n++) await typo();
  // Their own code still opens the questionnaire.
  await q.enterCode(await survey.code());
  await expect(q.main.getByRole('button', { name: q.t('intro.start') })).toBeVisible();

  // The budget's last wrong code; from now on this network's codes wait for the window to end, valid ones too.
  await typo();
  for (const [locale, width] of [['sl', 390], ['en', 1280]] as const) {
    const colleague = await browser.newContext({ baseURL: server.url, viewport: { width, height: 844 } });
    try {
      const phone = new QuestionnairePage(await colleague.newPage(), locale);
      await phone.openEntry();
      await phone.enterCode(await survey.code());
      await expect(phone.main.getByRole('alert')).toHaveText(qText(locale, 'entry.tooManyWrong_other', { count: 10 }));
      await expect(phone.main.getByRole('button', { name: phone.t('intro.start') })).toHaveCount(0);
      await lookAt(phone.page, `test-results/screenshots/code-entry-too-many-wrong-${String(width)}.png`);
    } finally {
      await colleague.close();
    }
  }
});
