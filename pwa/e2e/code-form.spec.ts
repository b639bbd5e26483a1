/**
 * The employee's first load: the invitation's code entry is in the server's HTML and works before the app's
 * JavaScript has arrived — a plain form submit that the server answers. Without JavaScript: a wrong code and a code in
 * the wrong shape are refused in the page's language with the code kept; a good code is accepted. With the app held
 * back until after the plain submit (a slow phone): the page the server answered hands the access to the app, which
 * opens the questionnaire. With only the small early script there: it sends the code to the API from the page and the
 * app goes on with that answer (or shows its refusal). The service worker waits on the code entry until the
 * questionnaire is open.
 */
import type { Page } from '@playwright/test';
import { errorMessage } from '../../shared/errors/node';
import type { UiLocale } from '../../shared/locales';
import { localizedPath } from '../../shared/routes';
import { expect, test } from './fixtures';
import { createIzzSurvey, qText, QuestionnairePage } from './pages/questionnaire-page';

// The service worker is part of what these journeys check (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const codeLabel = (locale: UiLocale) => qText(locale, 'entry.codeLabel');
const submitLabel = (locale: UiLocale) => qText(locale, 'entry.submit');

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const locale of ['sl', 'en'] as const) {
    test(`the code form refuses a wrong code and a malformed one in ${locale}, keeping what was typed, and accepts a good one`, async ({ page, server }) => {
      const survey = await createIzzSurvey(server.handle.db, { languages: ['sl', 'en'] });
      const main = page.locator('main');
      await page.goto(`${localizedPath('questionnaire', locale)}?code=ABCDE-FGH23`);
      await expect(main.getByLabel(codeLabel(locale), { exact: true })).toHaveValue('ABCDE-FGH23');

      // A code that does not exist: 404 with the server's message in the page's language, the code kept.
      let answer = page.waitForResponse((r) => r.request().method() === 'POST');
      await main.getByRole('button', { name: submitLabel(locale) }).click();
      expect((await answer).status()).toBe(404);
      await expect(main.getByRole('alert')).toHaveText(errorMessage('access-code-invalid', locale));
      await expect(main.getByLabel(codeLabel(locale), { exact: true })).toHaveValue('ABCDE-FGH23');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);

      // Not the shape of a code: 422 with the page's own hint.
      await main.getByLabel(codeLabel(locale), { exact: true }).fill('12');
      answer = page.waitForResponse((r) => r.request().method() === 'POST');
      await main.getByRole('button', { name: submitLabel(locale) }).click();
      expect((await answer).status()).toBe(422);
      await expect(main.getByRole('alert')).toHaveText(qText(locale, 'entry.invalidFormat'));

      // A good code: accepted; without JavaScript the page says what it needs to go on.
      await main.getByLabel(codeLabel(locale), { exact: true }).fill(await survey.code());
      answer = page.waitForResponse((r) => r.request().method() === 'POST');
      await main.getByRole('button', { name: submitLabel(locale) }).click();
      const accepted = await answer;
      expect(accepted.status()).toBe(200);
      expect(accepted.headers()['cache-control']).toBe('no-store');
      await expect(main.getByTestId('code-accepted')).toContainText(qText(locale, 'entry.accepted'));
      // (Playwright's switch turns scripts off but not the parser's <noscript> handling: the text is read from the answer.)
      expect(await accepted.text()).toContain(`<noscript><p class="notice notice-error">${qText(locale, 'entry.needsScript')}</p></noscript>`);
    });
  }
});

test.describe('without JavaScript, a body the form cannot have sent', () => {
  test.use({ javaScriptEnabled: false });

  for (const [locale, what, extra] of [
    ['hr', 'more than 5 fields', '&a=1&b=2&c=3&d=4&e=5'],
    ['de', 'a body over 2 kB', `&note=${'x'.repeat(4000)}`],
  ] as const) {
    test(`${what} (${locale}): the code entry page again with a clear message in the page's language, 413`, async ({ page }) => {
      const main = page.locator('main');
      await page.goto(localizedPath('questionnaire', locale));
      // What a tampering proxy or a broken browser extension adds to the form's body on its way.
      await page.route(
        (url) => url.pathname === localizedPath('questionnaire', locale),
        async (route) => (route.request().method() === 'POST' ? route.continue({ postData: `${route.request().postData() ?? ''}${extra}` }) : route.continue()),
      );
      await main.getByLabel(codeLabel(locale), { exact: true }).fill('ABCDE-FGH23');
      const answer = page.waitForResponse((r) => r.request().method() === 'POST');
      await main.getByRole('button', { name: submitLabel(locale) }).click();
      const response = await answer;
      expect(response.status()).toBe(413);
      expect(response.headers()['content-type']).toBe('text/html; charset=utf-8');
      await expect(main.getByRole('alert')).toHaveText(qText(locale, 'entry.formUnreadable'));
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      // The form is there to try again.
      await expect(main.getByLabel(codeLabel(locale), { exact: true })).toBeVisible();
    });
  }
});

/**
 * A slow phone: the app's scripts are held back until release(). The code form's early script is written into the
 * page (server/modules/pages/preloads.ts); with `early` 'held' the page comes without it (an older page, a browser
 * that did not run it), and the plain form is what is left. A request of a page already left fails quietly.
 */
async function holdTheApp(page: Page, early: 'comes' | 'held' = 'comes'): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  if (early === 'held') {
    await page.route(
      (url) => url.searchParams.has('code'),
      async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replace(/<script data-early-code-form>[\s\S]*?<\/script>/, '');
        await route.fulfill({ response, body });
      },
    );
  }
  return release;
}

test('a code sent before the app has loaded: the page the server answers hands the access to the app, which opens the questionnaire', async ({ page, server }) => {
  test.setTimeout(120_000);
  const survey = await createIzzSurvey(server.handle.db, { languages: ['sl', 'en'] });
  const code = await survey.code();
  const q = new QuestionnairePage(page, 'en');
  // The app's scripts and the early script held back on the first page until its code has been sent.
  const release = await holdTheApp(page, 'held');
  const registrations = () => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length);

  await page.goto(`${localizedPath('questionnaire', 'en')}?code=${code}`, { waitUntil: 'commit' });
  const input = page.getByLabel(codeLabel('en'), { exact: true });
  await expect(input).toHaveValue(code);
  const answer = page.waitForResponse((r) => r.request().method() === 'POST');
  await page.getByRole('button', { name: submitLabel('en') }).click();
  release();
  expect((await answer).status()).toBe(200);

  // The app arrives, stores the access and goes on to the questionnaire's intro, as after its own submit.
  await expect(page).toHaveURL(new RegExp(`${localizedPath('employeeSatisfactionQuestionnaire', 'en')}$`));
  await q.startIntro();
  await expect(q.questions().first()).toBeVisible();
  // Now that the questionnaire is open, the service worker is installed.
  await expect.poll(registrations).toBe(1);
});

test.describe('a code sent before the app has loaded, with the early script there', () => {
  test('the code goes to the API from the page itself (no second page load), and the app opens the questionnaire with its answer', async ({ page, server }) => {
    test.setTimeout(120_000);
    const survey = await createIzzSurvey(server.handle.db, { languages: ['sl', 'en'] });
    const code = await survey.code();
    const q = new QuestionnairePage(page, 'sl');
    const release = await holdTheApp(page);
    const documents: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });

    await page.goto(`${localizedPath('questionnaire', 'sl')}?code=${code}`, { waitUntil: 'commit' });
    const input = page.getByLabel(codeLabel('sl'), { exact: true });
    await expect(input).toHaveValue(code);
    // The early script is in the page (it listens on the document from the start), the app is not.
    await expect(page.locator('script[data-early-code-form]')).toHaveCount(1);
    const access = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/questionnaire/access'));
    await page.getByRole('button', { name: submitLabel('sl') }).click();
    expect((await access).status()).toBe(200);
    // The button waits for the app; the page is still the first one.
    await expect(page.getByRole('button', { name: submitLabel('sl') })).toBeDisabled();
    expect(documents).toEqual([`GET ${localizedPath('questionnaire', 'sl')}`]);

    release();
    await expect(page).toHaveURL(new RegExp(`${localizedPath('employeeSatisfactionQuestionnaire', 'sl')}$`));
    await q.startIntro();
    await expect(q.questions().first()).toBeVisible();
    expect(documents).toEqual([`GET ${localizedPath('questionnaire', 'sl')}`]);
  });

  for (const locale of ['sl', 'en'] as const) {
    test(`a wrong code sent early is refused in ${locale} once the app is there, the code kept and the form usable again`, async ({ page, server }) => {
      test.setTimeout(120_000);
      await createIzzSurvey(server.handle.db, { languages: ['sl', 'en'] });
      const release = await holdTheApp(page);
      const main = page.locator('main');
      await page.goto(`${localizedPath('questionnaire', locale)}?code=ABCDE-FGH23`, { waitUntil: 'commit' });
      await expect(main.getByLabel(codeLabel(locale), { exact: true })).toHaveValue('ABCDE-FGH23');
      await expect(page.locator('script[data-early-code-form]')).toHaveCount(1);
      const access = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/questionnaire/access'));
      await main.getByRole('button', { name: submitLabel(locale) }).click();
      expect((await access).status()).toBe(404);

      release();
      await expect(main.getByRole('alert')).toHaveText(errorMessage('access-code-invalid', locale));
      await expect(main.getByLabel(codeLabel(locale), { exact: true })).toHaveValue('ABCDE-FGH23');
      await expect(main.getByRole('button', { name: submitLabel(locale) })).toBeEnabled();
      await expect(page).toHaveURL(new RegExp(`${localizedPath('questionnaire', locale)}\\?code=`));
    });
  }
});

test('a code typed while the app is still on its way is the one the app sends once it has taken the page over', async ({ page, server }) => {
  test.setTimeout(120_000);
  const survey = await createIzzSurvey(server.handle.db, { languages: ['sl', 'en'] });
  const q = new QuestionnairePage(page, 'en');
  const release = await holdTheApp(page);
  await page.goto(localizedPath('questionnaire', 'en'), { waitUntil: 'commit' });
  const input = page.getByLabel(codeLabel('en'), { exact: true });
  // Typing starts the app (pwa/deferred-app.ts), whose files are held: the field is the server's.
  await input.fill(await survey.code());
  release();
  await expect.poll(() => page.evaluate(() => Object.keys(document.querySelector('main form') ?? {}).some((k) => k.startsWith('__react')))).toBe(true);
  await page.getByRole('button', { name: submitLabel('en') }).click();
  await expect(page).toHaveURL(new RegExp(`${localizedPath('employeeSatisfactionQuestionnaire', 'en')}$`));
  await q.startIntro();
  await expect(q.questions().first()).toBeVisible();
});

test('the code entry does not start the service worker; the questionnaire does', async ({ page, server }) => {
  const survey = await createIzzSurvey(server.handle.db, { languages: ['sl', 'en'] });
  const q = new QuestionnairePage(page, 'sl');
  await q.openEntry();
  // The app has taken the server's page over (React's own properties on the form) and still no worker is registered.
  await expect.poll(() => page.evaluate(() => Object.keys(document.querySelector('main form') ?? {}).some((k) => k.startsWith('__react')))).toBe(true);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  await q.enterCode(await survey.code());
  await expect(page.getByRole('button', { name: q.ql('intro.start') })).toBeVisible();
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(1);
});
