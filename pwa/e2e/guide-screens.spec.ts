/**
 * The guide and confirmation screens, reached the way users reach them, at 390 px in Slovenian
 * and at 1280 px in English: registering ends on success-user; a signed-in user who opens the login page
 * gets the sign-in review (login-review) and goes on to the profile; the profile navigation opens the HR
 * guide (profile/instructions), whose links lead to the profile's pages; sending an IZZ application ends
 * on success-admin, a PULS application on success-admin-puls, each leading back to the application.
 * Axe (no serious or critical violation) and a screenshot on every screen.
 */
import { localizedPath } from '../../shared/routes';
import { SESSION_COOKIE_NAME } from '../../shared/constants';
import { PULS_QUESTIONS } from '../../shared/question-banks';
import { createVerifiedAccount, randomOib, RegisterPage, signIn, uniqueEmail } from './pages/account-pages';
import { ApplicationsPage, isoInDays } from './pages/applications-page';
import { ShellPage } from './pages/shell-page';
import { localeText } from './pages/texts';
import { expect, test, type E2eServer } from './fixtures';

// axe-core is injected as an inline script, which the server's CSP rightly forbids.
test.use({ bypassCSP: true });

type Locale = 'sl' | 'en';
const CASES: { width: number; locale: Locale }[] = [
  { width: 390, locale: 'sl' },
  { width: 1280, locale: 'en' },
];

const pages = (locale: Locale, key: string, vars: Record<string, string | number> = {}) => localeText(locale, 'pages', key, vars);

async function checkScreen(shell: ShellPage, name: string) {
  const severe = (await shell.axeViolations()).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(severe, JSON.stringify(severe, null, 2)).toEqual([]);
  await shell.page.evaluate(() => window.scrollTo(0, 0));
  await shell.screenshot(name);
}

/** One API call as the user with this e-mail (a session of their own), expecting success. */
async function apiAs(server: E2eServer, email: string, method: string, path: string, body?: unknown): Promise<Response> {
  const user = await server.handle.db.get<{ id: number }>('SELECT id FROM users WHERE email = ?', [email]);
  const session = await server.handle.services.auth.createSession(user?.id ?? 0);
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { Cookie: `${SESSION_COOKIE_NAME}=${session.token}`, Origin: server.url, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return res;
}

/** A complete draft saved on the server, as a user who filled every step would have left it. */
async function draftApplication(server: E2eServer, email: string, type: 'izz' | 'puls'): Promise<number> {
  const id = ((await (await apiAs(server, email, 'POST', '/api/applications', { type })).json()) as { data: { id: number } }).data.id;
  const start = isoInDays(5);
  const details = {
    name: type === 'izz' ? 'Zadovoljstvo 2030' : 'Utrip 2030',
    start_date: start,
    end_date: isoInDays(30),
    employees: 40,
    online_respondents: 40,
    offline_respondents: 0,
    code_type: 'identical',
    invitation_date: start,
    invitation_time: '09:00',
    languages: ['en', 'sl'],
    respondent_emails: [{ email: `${type}-screens@firma.test`, language: 'en' }],
    ...(type === 'izz' ? { collection: 'online', reminder_date: isoInDays(10), reminder_time: '09:00' } : { cadence: 'monthly', rounds: 1 }),
  };
  const draft = type === 'izz' ? { details } : { details, questions: PULS_QUESTIONS.slice(0, 3).map((q) => q.id) };
  await apiAs(server, email, 'PUT', `/api/applications/${String(id)}/draft`, { draft });
  return id;
}

/** Opens the saved draft, goes to its last step and sends it, as the user does. */
async function sendFromBrowser(app: ApplicationsPage, type: 'izz' | 'puls', id: number) {
  await app.shell.goto(localizedPath(type === 'izz' ? 'profileIzzDetail' : 'profilePulsDetail', app.locale, { id: String(id) }));
  if (await app.shell.cookieBanner.isVisible()) await app.shell.acceptAllCookies();
  await app.main.locator('.step-link').last().click();
  await expect(app.stepHeading('review')).toBeVisible();
  const submit = app.page.waitForResponse((r) => r.url().endsWith('/submit') && r.request().method() === 'POST');
  await app.button('review.send').click();
  expect((await submit).status()).toBe(200);
}

for (const { width, locale } of CASES) {
  test.describe(`${locale} at ${String(width)} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 844 });
    });

    test('registering ends on success-user, which leads to the login', async ({ page }) => {
      test.setTimeout(60_000);
      const email = uniqueEmail(`screens-${locale}`);
      const register = new RegisterPage(page, locale);
      await register.open();
      await register.fill({ company: `Zaslon ${locale} d.o.o.`, taxNumber: randomOib(), email, password: 'secret-123' });
      await register.submit();
      await expect(page).toHaveURL((url) => url.pathname === localizedPath('successUser', locale));
      await expect(register.success()).toContainText(email);
      await expect(register.success()).toBeFocused();
      // Bare: no header or footer, its own way on.
      await expect(register.shell.header).toHaveCount(0);
      await expect(register.shell.footer).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1, name: register.t('register.successTitle') })).toBeVisible();
      expect(new URL(page.url()).search).toBe(''); // the address is not in the URL
      await checkScreen(register.shell, `guide-success-user-${String(width)}`);
      await page.getByRole('link', { name: register.t('login.submit'), exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === localizedPath('login', locale));
    });

    test('a signed-in user on the login page gets the sign-in review, then the guide from the profile navigation', async ({ page, context, server }) => {
      test.setTimeout(60_000);
      const account = await createVerifiedAccount(server, locale, `review-${locale}`);
      await signIn(context, server, account.email);
      const shell = new ShellPage(page);
      await shell.goto(localizedPath('login', locale));
      await expect(page).toHaveURL((url) => url.pathname === localizedPath('loginReview', locale));
      if (await shell.cookieBanner.isVisible()) await shell.acceptAllCookies();
      await expect(page.getByRole('heading', { level: 1, name: pages(locale, 'loginReview.title') })).toBeVisible();
      await expect(page.getByTestId('login-review-facts')).toContainText(account.email);
      await expect(page.getByTestId('login-review-facts')).toContainText(pages(locale, 'loginReview.roleCompany'));
      await checkScreen(shell, `guide-login-review-${String(width)}`);
      await page.getByTestId('login-review-continue').click();
      await expect(page).toHaveURL((url) => url.pathname === localizedPath('profileIzz', locale));

      // The profile navigation's "Instructions" opens the guide.
      await page.locator('nav.profile-nav').getByRole('link', { name: localeText(locale, 'common', 'nav.profileInstructions'), exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === localizedPath('profileInstructions', locale));
      await expect(page.getByRole('heading', { level: 1, name: pages(locale, 'guide.title') })).toBeVisible();
      for (const part of ['codes', 'invitations', 'kiosk', 'paper', 'reports', 'anonymity']) {
        await expect(page.getByRole('heading', { level: 2, name: pages(locale, `guide.${part}.title`) })).toBeVisible();
      }
      // The server's minimum group size, the real button names, the pictures' text alternatives.
      await expect(page.getByTestId('guide-anonymity')).toContainText(pages(locale, 'guide.anonymity.text', { min: 5 }));
      await expect(page.getByTestId('guide-invitations')).toContainText(localeText(locale, 'applications', 'status.sendReminder'));
      await expect(page.getByRole('img', { name: pages(locale, 'guide.kiosk.figure') })).toBeVisible();
      await expect(page.getByRole('img', { name: pages(locale, 'guide.codes.figure') })).toBeVisible();
      await checkScreen(shell, `guide-instructions-${String(width)}`);
      // The table of contents jumps to a part; the kiosk part leads to the kiosk setup.
      await page.getByRole('navigation', { name: pages(locale, 'guide.toc') }).getByRole('link', { name: pages(locale, 'guide.kiosk.title') }).click();
      await expect(page).toHaveURL((url) => url.hash === '#guide-kiosk');
      await page.getByRole('link', { name: pages(locale, 'guide.kiosk.link'), exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === localizedPath('kioskSetup', locale));
    });

    test('sending an IZZ application ends on success-admin, a PULS application on success-admin-puls', async ({ page, context, server }) => {
      test.setTimeout(90_000);
      const account = await createVerifiedAccount(server, locale, `sent-${locale}`);
      await signIn(context, server, account.email);
      const app = new ApplicationsPage(page, locale);

      const izz = await draftApplication(server, account.email, 'izz');
      await sendFromBrowser(app, 'izz', izz);
      await expect(page).toHaveURL((url) => url.pathname === localizedPath('successAdmin', locale) && url.search === `?application=${String(izz)}`);
      await expect(page.getByTestId('application-sent')).toHaveText(app.t('review.sent'));
      await expect(page.getByTestId('application-sent')).toBeFocused();
      await expect(page.getByText(pages(locale, 'applicationSent.name', { name: 'Zadovoljstvo 2030' }))).toBeVisible();
      await expect(app.shell.header).toHaveCount(0);
      await checkScreen(app.shell, `guide-success-admin-${String(width)}`);
      // Opened again later (a reload keeps the history state; a new tab has none): the name is loaded.
      await page.goto(page.url());
      await expect(page.getByText(pages(locale, 'applicationSent.name', { name: 'Zadovoljstvo 2030' }))).toBeVisible();
      await page.getByTestId('sent-view').click();
      await expect(page).toHaveURL((url) => url.pathname === localizedPath('profileIzzDetail', locale, { id: String(izz) }));
      await expect(page.getByTestId('read-only')).toBeVisible();

      const puls = await draftApplication(server, account.email, 'puls');
      await sendFromBrowser(app, 'puls', puls);
      await expect(page).toHaveURL((url) => url.pathname === localizedPath('successAdminPuls', locale));
      await expect(page.getByRole('heading', { level: 1, name: pages(locale, 'applicationSent.puls.title') })).toBeVisible();
      await expect(page.getByText(pages(locale, 'applicationSent.name', { name: 'Utrip 2030' }))).toBeVisible();
      await checkScreen(app.shell, `guide-success-admin-puls-${String(width)}`);
      await page.getByTestId('sent-guide').click();
      await expect(page).toHaveURL((url) => url.pathname === localizedPath('profileInstructions', locale));
      const row = await server.handle.db.get<{ state: string }>('SELECT state FROM applications WHERE id = ?', [puls]);
      expect(row?.state).toBe('submitted');
    });
  });
}
