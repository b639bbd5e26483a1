/**
 * A public page without JavaScript, on a phone (390 × 844): the cookie banner is small and its buttons are a real form
 * (the server sets the consent and brings the visitor back), the hamburger opens the menu, a dropdown opens, and a menu
 * link goes to its page. Menus are <details>/<summary>; the banner posts to POST /api/consent.
 */
import { UI_LOCALES } from '../../shared/locales';
import { localizedPath } from '../../shared/routes';
import { expect, test } from './fixtures';
import { lookAt } from './pages/look';
import { ShellPage } from './pages/shell-page';
import { localeText } from './pages/texts';

test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

test('the banner covers at most 15 % of a phone’s screen in every locale', async ({ page }) => {
  const shell = new ShellPage(page);
  for (const locale of UI_LOCALES) {
    await page.goto(localizedPath('home', locale));
    await expect(shell.cookieBanner).toContainText(localeText(locale, 'common', 'cookies.acceptAll'));
    const box = await shell.cookieBanner.boundingBox();
    expect(box?.height ?? Infinity, `${locale}: banner height`).toBeLessThanOrEqual(844 * 0.15);
  }
});

for (const locale of ['sl', 'de'] as const) {
  test(`the banner is small and accepting it works without scripts (${locale})`, async ({ page, context }) => {
    const shell = new ShellPage(page);
    const home = localizedPath('home', locale);
    await page.goto(home);
    await expect(shell.main.locator('h1').first()).toBeVisible();
    await expect(shell.cookieBanner).toContainText(localeText(locale, 'common', 'cookies.bannerText'));
    const box = await shell.cookieBanner.boundingBox();
    expect(box?.height ?? Infinity, 'banner height').toBeLessThanOrEqual(844 * 0.15);
    await lookAt(page, `test-results/screenshots/no-js-banner-${locale}-390.png`);

    // Accepting posts the form: the server answers 303 back to this page, which no longer has the banner.
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/consent') && r.request().method() === 'POST'),
      shell.cookieBanner.getByRole('button', { name: localeText(locale, 'common', 'cookies.acceptAll') }).click(),
    ]);
    expect(answer.status()).toBe(303);
    await expect(page).toHaveURL((url) => url.pathname === home);
    await expect(shell.main.locator('h1').first()).toBeVisible();
    await expect(shell.cookieBanner).toHaveCount(0);
    const consent = (await context.cookies()).find((c) => c.name === 'cookie_consent');
    expect(JSON.parse(decodeURIComponent(consent?.value ?? '{}'))).toMatchObject({ analytics: true, marketing: true });

    // The next page has no banner either.
    await page.goto(localizedPath('blogs', locale));
    await expect(shell.main.locator('h1').first()).toBeVisible();
    await expect(shell.cookieBanner).toHaveCount(0);
  });
}

test('the hamburger opens the menu, a dropdown opens and a menu link navigates, without scripts', async ({ page }) => {
  const shell = new ShellPage(page);
  await page.goto('/en');
  await expect(shell.main.locator('h1').first()).toBeVisible();
  await expect(shell.siteMenu).toBeHidden();
  await shell.hamburger.click();
  await expect(shell.siteMenu).toBeVisible();

  const about = shell.dropdown('about');
  await expect(about.menu).toBeHidden();
  await about.button.click();
  await expect(about.details).toHaveAttribute('open', '');
  await expect(about.menu.getByRole('link', { name: localeText('en', 'common', 'nav.projectHistory') })).toBeVisible();
  await lookAt(page, 'test-results/screenshots/no-js-menu-en-390.png');

  // The language switcher is a disclosure too.
  await shell.languageButton.click();
  await expect(page.getByTestId('language-switcher').locator('a[hreflang="de"]')).toBeVisible();
  await shell.languageButton.click();
  await expect(page.getByTestId('language-switcher').locator('a[hreflang="de"]')).toBeHidden();

  await shell.siteMenu.getByRole('link', { name: localeText('en', 'common', 'nav.calculator') }).click();
  await expect(page).toHaveURL((url) => url.pathname === localizedPath('calculator', 'en'));
  await expect(shell.main.locator('h1').first()).toBeVisible();
});

test('the banner’s settings open and save a choice without scripts', async ({ page, context }) => {
  const shell = new ShellPage(page);
  await page.goto('/fr');
  await expect(shell.main.locator('h1').first()).toBeVisible();
  await shell.cookieBanner.locator('summary', { hasText: localeText('fr', 'common', 'cookies.settings') }).click();
  await shell.cookieBanner.getByLabel(localeText('fr', 'common', 'cookies.analyticsTitle')).check();
  await shell.cookieBanner.getByRole('button', { name: localeText('fr', 'common', 'cookies.save') }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/fr');
  await expect(shell.cookieBanner).toHaveCount(0);
  const consent = (await context.cookies()).find((c) => c.name === 'cookie_consent');
  expect(JSON.parse(decodeURIComponent(consent?.value ?? '{}'))).toMatchObject({ analytics: true, marketing: false });
});
