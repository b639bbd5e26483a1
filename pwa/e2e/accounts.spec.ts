/**
 * Company account journeys, in Slovenian and in English: register (the bot check solved in the
 * page) -> the confirmation mail arrives at a real SMTP server -> confirm -> log in -> profile edit
 * with one valid and two invalid logos -> change the e-mail (confirmed from the mail) -> the old
 * session is gone.
 */
import { localizedPath } from '../../shared/routes';
import { fieldError } from '../../shared/errors/field-messages';
import { localizeFieldMessage } from '../../shared/errors/node';
import { png } from '../../server/test/images';
import { expect, test } from './fixtures';
import { ConfirmEmailPage, LoginPage, ProfileEditPage, RegisterPage, accountText, linkFromMail, randomOib, uniqueEmail, type Locale } from './pages/account-pages';

/** The spec's exact texts (section 5 and 8), per page language. */
const SPEC = {
  sl: { dimensions: 'Slika ne ustreza danim dimenzijam', tooBig: 'Slika je prevelika' },
  en: { dimensions: 'The image does not fit the given dimensions', tooBig: 'The picture is too big' },
} as const;

const PASSWORD = 'secret-123';

for (const locale of ['sl', 'en'] as Locale[]) {
  test.describe(`company account (${locale})`, () => {
    test('register, confirm the e-mail, log in, upload logos, change the e-mail: the old session ends', async ({ page, browser, server }) => {
      test.setTimeout(90_000);
      const email = uniqueEmail(`reg-${locale}`);

      // Registration: an empty submit shows every error beside its field, in the page language.
      const register = new RegisterPage(page, locale);
      await register.open();
      await register.submit();
      await expect(register.summary()).toBeFocused();
      await expect(register.summary()).toContainText(accountText(locale, 'form.summaryTitle'));
      expect(await register.errorOf('company_name')).toBe(localizeFieldMessage(fieldError('required'), locale));
      expect(await register.errorOf('email')).toBe(localizeFieldMessage(fieldError('required'), locale));

      await register.fill({ company: `E2E ${locale} d.o.o.`, taxNumber: randomOib(), email, password: PASSWORD });
      const post = page.waitForRequest((r) => r.url().endsWith('/api/auth/register') && r.method() === 'POST');
      await register.submit();
      const body = (await post).postDataJSON() as Record<string, unknown>;
      expect(body.locale).toBe(locale);
      expect(Object.keys(JSON.parse(Buffer.from(String(body.altcha), 'base64').toString('utf8')) as object).sort()).toEqual(['algorithm', 'challenge', 'number', 'salt', 'signature']);
      await expect(register.success()).toContainText(email);
      await expect(register.success()).toBeFocused();

      // The confirmation mail arrives; its link opens the confirmation page in the same language.
      const mail = await server.mail.waitForMail(email, (m) => /token=/.test(m.text));
      const link = linkFromMail(mail);
      expect(link.startsWith(server.url + localizedPath('confirmEmail', locale) + '?token=')).toBe(true);
      const confirm = new ConfirmEmailPage(page, locale);
      await page.goto(link);
      await expect(confirm.result()).toHaveText(accountText(locale, 'confirm.confirmedLogin'));

      // Log in (device metadata sent along) -> the survey profile.
      const login = new LoginPage(page, locale);
      await login.open();
      const loginPost = page.waitForRequest((r) => r.url().endsWith('/api/auth/login') && r.method() === 'POST');
      await login.logIn(email, PASSWORD);
      const device = ((await loginPost).postDataJSON() as { device: Record<string, unknown> }).device;
      expect(device).toMatchObject({ screen_width: expect.any(Number), screen_height: expect.any(Number), platform: expect.any(String) });
      await expect(page).toHaveURL((url) => url.pathname === localizedPath('profileIzz', locale));

      // Profile edit: one valid logo, then two the browser refuses with the spec's texts.
      const profile = new ProfileEditPage(page, locale);
      await profile.open();
      let logoUploads = 0;
      page.on('request', (r) => {
        if (r.url().endsWith('/api/profile/logo') && r.method() === 'PUT') logoUploads++;
      });
      await profile.uploadLogo('logo.png', png(300, 100));
      await expect(profile.logoImage()).toBeVisible();
      await expect(profile.logoImage()).toHaveJSProperty('naturalWidth', 300);
      await expect(page.getByTestId('logo-status')).toHaveText(accountText(locale, 'profile.logo.uploaded'));

      await profile.uploadLogo('square.png', png(100, 100));
      await expect(profile.logoError()).toHaveText(SPEC[locale].dimensions);
      await expect(profile.logoInput()).toHaveAttribute('aria-invalid', 'true');

      await profile.uploadLogo('huge.png', png(300, 100, 2 * 1024 * 1024 + 50_000));
      await expect(profile.logoError()).toHaveText(SPEC[locale].tooBig);
      expect(logoUploads).toBe(1);
      await expect(profile.logoImage()).toHaveJSProperty('naturalWidth', 300); // the valid logo stays

      // The server judges again, with the same texts.
      const direct = await page.request.put('/api/profile/logo', { data: png(100, 100), headers: { 'Content-Type': 'image/png', 'X-Locale': locale } });
      expect(direct.status()).toBe(422);
      expect(((await direct.json()) as { error: { message: string } }).error.message).toBe(SPEC[locale].dimensions);

      // Company data: a change is saved.
      await profile.field('city').fill('Split');
      await page.getByRole('button', { name: accountText(locale, 'profile.save'), exact: true }).click();
      await expect(page.getByText(accountText(locale, 'profile.saved'))).toBeVisible();

      // The e-mail change is confirmed from the mail (another browser, as from a mail client).
      const newEmail = uniqueEmail(`new-${locale}`);
      await profile.requestEmailChange(newEmail, PASSWORD);
      const changeMail = await server.mail.waitForMail(newEmail, (m) => /kind=email-change/.test(m.text));
      const mailClient = await browser.newContext();
      try {
        const other = await mailClient.newPage();
        await other.goto(linkFromMail(changeMail));
        await expect(new ConfirmEmailPage(other, locale).result()).toHaveText(accountText(locale, 'confirm.emailChanged').replace('{{email}}', newEmail));
      } finally {
        await mailClient.close();
      }

      // The original browser's session is gone: the API says 401 and a reload lands on the login page.
      expect((await page.request.get('/api/me')).status()).toBe(401);
      await page.reload();
      await expect(page).toHaveURL((url) => url.pathname === localizedPath('login', locale));

      // The new address logs in.
      await login.logIn(newEmail, PASSWORD);
      await expect(page).toHaveURL((url) => url.pathname === localizedPath('profileEdit', locale));
    });
  });
}

test('an unverified user who logs in lands on the confirmation page and can resend the link', async ({ page, server }) => {
  const email = uniqueEmail('unverified');
  const register = new RegisterPage(page, 'en');
  await register.open();
  await register.fill({ company: 'Unverified d.o.o.', taxNumber: randomOib(), email, password: PASSWORD });
  await register.submit();
  await expect(register.success()).toBeVisible();
  await server.mail.waitForMail(email);

  const login = new LoginPage(page, 'en');
  await login.open();
  await login.logIn(email, PASSWORD);
  await expect(page).toHaveURL((url) => url.pathname === localizedPath('confirmEmail', 'en'));
  await expect(page.getByTestId('profile-link')).toHaveCount(0);
  await page.getByRole('button', { name: accountText('en', 'confirm.resendButton') }).click();
  await expect(page.getByTestId('resend-result')).toHaveText('Email sent!');
  await expect.poll(() => server.mail.mails.filter((m) => m.to.includes(email)).length).toBe(2);
});
