/** axe-core on the account pages (register, login, profile edit): no serious or critical violation. */
import { localizedPath } from '../../shared/routes';
import { expect, test } from './fixtures';
import { ProfileEditPage, RegisterPage, createVerifiedAccount, signIn, type Locale } from './pages/account-pages';
import { ShellPage } from './pages/shell-page';
import { screenshotsWanted } from './pages/look';

// axe-core is injected as an inline script, which the server's CSP rightly forbids.
test.use({ bypassCSP: true });

function severe(violations: Awaited<ReturnType<ShellPage['axeViolations']>>) {
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

for (const locale of ['sl', 'en'] as Locale[]) {
  test(`axe: register and login, also with errors shown (${locale})`, async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.goto(localizedPath('login', locale));
    expect(severe(await shell.axeViolations())).toEqual([]);

    const register = new RegisterPage(page, locale);
    await register.open();
    let found = severe(await shell.axeViolations());
    expect(found, JSON.stringify(found, null, 2)).toEqual([]);
    await register.submit();
    await expect(register.summary()).toBeFocused();
    found = severe(await shell.axeViolations());
    expect(found, JSON.stringify(found, null, 2)).toEqual([]);
  });

  test(`axe: profile edit (${locale})`, async ({ page, context, server }) => {
    const account = await createVerifiedAccount(server, locale, `axe-${locale}`);
    await signIn(context, server, account.email);
    const profile = new ProfileEditPage(page, locale);
    await profile.open();
    await expect(page.getByTestId('session-list')).toBeVisible();
    const found = severe(await profile.shell.axeViolations());
    expect(found, JSON.stringify(found, null, 2)).toEqual([]);
  });
}

/** A full-page picture from the top (a previous page's scroll position must not shift the sticky header). */
async function shot(shell: ShellPage, name: string) {
  await shell.page.evaluate(() => window.scrollTo(0, 0));
  await shell.screenshot(name);
}

// Not asserted: pictures for a human look at the layout (test-results/screenshots), taken with E2E_SCREENSHOTS=1 (the
// focus on the error summary is asserted by the axe test above).
for (const width of [390, 1280]) {
  test(`account screenshots at ${width}px`, async ({ page, context, server }) => {
    test.skip(!screenshotsWanted, 'pictures only: run with E2E_SCREENSHOTS=1');
    await page.setViewportSize({ width, height: 844 });
    const register = new RegisterPage(page, 'sl');
    await register.open();
    await shot(register.shell, `register-${width}`);
    await register.submit();
    await expect(register.summary()).toBeFocused();
    await register.shell.screenshot(`register-errors-${width}`); // scrolled to the focused summary
    await register.shell.goto(localizedPath('login', 'en'));
    await shot(register.shell, `login-${width}`);
    const account = await createVerifiedAccount(server, 'en', `shot-${width}`);
    await signIn(context, server, account.email);
    const profile = new ProfileEditPage(page, 'en');
    await profile.open();
    await expect(page.getByTestId('session-list')).toBeVisible();
    await shot(profile.shell, `profile-edit-${width}`);
  });
}
