/**
 * Layout details that can be measured: the profile navigation is one row at 1280 px in every locale and scrolls away on a
 * phone; the cookie banner and the 'available offline' note belong to public pages, not to the profile, reports or
 * administration.
 */
import { UI_LOCALES } from '../../shared/locales';
import { localizedPath } from '../../shared/routes';
import { expect, test } from './fixtures';
import { signIn } from './pages/account-pages';
import { ShellPage, waitForServiceWorker } from './pages/shell-page';

// The service worker is part of what these journeys check (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

test('the profile navigation is one row at 1280 px in every locale, and scrolls away on a phone', async ({ page, context, server }) => {
  test.slow(); // eight locales
  await signIn(context, server, 'demo@example.com');
  await page.setViewportSize({ width: 1280, height: 900 });
  const shell = new ShellPage(page);
  for (const locale of UI_LOCALES) {
    await shell.goto(localizedPath('profileIzz', locale));
    const links = page.locator('.profile-nav-link');
    await expect(links).toHaveCount(8);
    const tops = await links.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(new Set(tops).size, `${locale}: ${JSON.stringify(tops)}`).toBe(1);
    const right = await links.last().evaluate((el) => el.getBoundingClientRect().right);
    expect(right).toBeLessThanOrEqual(1280);
  }

  // Scrolling a long profile page: the header stays on a laptop; on a phone, where the navigation wraps to some 350 px,
  // it scrolls away instead of covering half the screen.
  await shell.goto(localizedPath('profileInstructions', 'en'));
  const header = page.locator('header.profile-header');
  const headerTopAfterScroll = async () => {
    await page.evaluate(() => window.scrollTo(0, 800));
    await page.waitForFunction(() => window.scrollY > 0);
    return header.evaluate((el) => el.getBoundingClientRect().top);
  };
  expect(await headerTopAfterScroll()).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shell.resizeTo(390);
  const height = await header.evaluate((el) => el.getBoundingClientRect().height);
  expect(await headerTopAfterScroll()).toBeLessThanOrEqual(-height);
});

test('the cookie banner and the "available offline" note show on public pages, not on the profile or a report', async ({ page, context, server }) => {
  const shell = new ShellPage(page);
  // A public page the app runs (the home page is served without it: pwa/public-page.ts shows no note).
  await shell.goto(localizedPath('calculator', 'sl'));
  await expect(shell.cookieBanner).toBeVisible();
  await waitForServiceWorker(page);
  await expect(page.getByTestId('pwa-update')).toBeVisible();

  await signIn(context, server, 'demo@example.com');
  for (const path of [localizedPath('profileIzz', 'en'), localizedPath('reportBasic', 'de')]) {
    await page.goto(path);
    await expect(page.locator('main h1').first()).toBeVisible();
    await shell.waitForApp();
    await expect(shell.cookieBanner).toHaveCount(0);
    await expect(page.getByTestId('pwa-update')).toHaveCount(0);
  }
  // Back on a public page the choice is still asked for.
  await shell.goto('/en');
  await expect(shell.cookieBanner).toBeVisible();
});
