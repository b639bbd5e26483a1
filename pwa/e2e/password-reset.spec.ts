/**
 * Forgot password -> reset mail -> new password -> log in with it; the used link then says
 * 'Invalid token' (in the page language), and the reset ended the account's other sessions.
 */
import { localizedPath } from '../../shared/routes';
import { expect, test } from './fixtures';
import { ForgotPasswordPage, LoginPage, ResetPasswordPage, createVerifiedAccount, linkFromMail, signIn, uniqueEmail, type Locale } from './pages/account-pages';

const INVALID_TOKEN = { sl: 'Neveljaven žeton', en: 'Invalid token' } as const;

for (const locale of ['sl', 'en'] as Locale[]) {
  test(`forgot password, reset, log in with the new password; the old link is invalid (${locale})`, async ({ page, browser, server }) => {
    test.setTimeout(60_000);
    const account = await createVerifiedAccount(server, locale, `reset-${locale}`);
    // A session elsewhere that the reset must end.
    const elsewhere = await browser.newContext({ baseURL: server.url });
    await signIn(elsewhere, server, account.email);
    expect((await elsewhere.request.get('/api/me')).status()).toBe(200);

    const forgot = new ForgotPasswordPage(page, locale);
    await forgot.open();
    // An unknown address gets the very same answer.
    await forgot.request(uniqueEmail('nobody'));
    await forgot.open();
    await forgot.request(account.email);

    const mail = await server.mail.waitForMail(account.email, (m) => m.text.includes(localizedPath('resetPassword', locale)));
    const link = linkFromMail(mail);
    const reset = new ResetPasswordPage(page, locale);
    await page.goto(link);
    await reset.reset('new-secret-456');
    await expect(reset.done()).toBeVisible();
    expect((await elsewhere.request.get('/api/me')).status()).toBe(401);
    await elsewhere.close();

    const login = new LoginPage(page, locale);
    await login.open();
    await login.logIn(account.email, account.password);
    await expect(page.locator('.error-summary')).toBeVisible(); // the old password no longer works
    await login.logIn(account.email, 'new-secret-456');
    await expect(page).toHaveURL((url) => url.pathname === localizedPath('profileIzz', locale));

    // Log out (the server revokes the session), then open the used link again.
    await page.getByTestId('logout-button').first().click();
    await expect(page).toHaveURL((url) => url.pathname === localizedPath('home', locale));
    expect((await page.request.get('/api/me')).status()).toBe(401);
    await page.goto(link);
    await reset.reset('another-secret-789');
    await expect(reset.invalid()).toHaveText(INVALID_TOKEN[locale]);
  });
}
