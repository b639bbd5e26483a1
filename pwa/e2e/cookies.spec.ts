import { expect, test } from './fixtures';
import { ShellPage } from './pages/shell-page';

test('accepting cookies deletes every other cookie', async ({ page, context }) => {
  const shell = new ShellPage(page);
  // On a nested page, so a cookie set on a sub-path (visible here) is covered too.
  await shell.goto('/en/blogs');
  await expect(shell.cookieBanner).toBeVisible();
  await page.evaluate(() => {
    document.cookie = '_ga=GA1.1.1234; path=/';
    document.cookie = 'tracker=abc; path=/; max-age=3600';
    document.cookie = 'deep=1; path=/en';
  });
  expect((await context.cookies()).map((c) => c.name).sort()).toEqual(['_ga', 'deep', 'tracker']);

  await shell.acceptAllCookies();

  const cookies = await context.cookies();
  expect(cookies.map((c) => c.name)).toEqual(['cookie_consent']);
  expect(cookies[0]?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 179 * 24 * 3600);

  // The choice is remembered: no banner after a reload.
  await page.reload();
  await shell.ready();
  await expect(shell.cookieBanner).toBeHidden();
});

test('cookie settings open from the footer as a modal; Escape closes it', async ({ page, context }) => {
  const shell = new ShellPage(page);
  await shell.goto('/en');
  await shell.acceptAllCookies();
  await page.evaluate(() => {
    document.cookie = 'later=1; path=/';
  });
  const opener = shell.footer.getByTestId('cookie-settings');
  // The home page runs without the app: its footer link opens the cookies page with the settings open.
  await opener.click();
  await expect(page).toHaveURL((url) => url.pathname === '/en/cookies' && url.hash === '#cookie-settings');
  const dialog = page.getByRole('dialog', { name: 'Cookie settings' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: 'Analytics cookies' })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // On a page the app runs, the same link opens them in place, and the focus comes back to it.
  await shell.waitForApp();
  await opener.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // Changing the choice deletes the other cookies again.
  await opener.click();
  await dialog.getByRole('checkbox', { name: 'Analytics cookies' }).uncheck();
  await dialog.getByRole('button', { name: 'Save choices' }).click();
  await expect(dialog).toBeHidden();
  expect((await context.cookies()).map((c) => c.name)).toEqual(['cookie_consent']);
});
