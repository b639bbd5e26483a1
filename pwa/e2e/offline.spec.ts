import { expect, test } from './fixtures';
import { ShellPage, waitForServiceWorker } from './pages/shell-page';

test('after one online visit the shell loads offline, in other locales too', async ({ page, context }) => {
  const shell = new ShellPage(page);
  await shell.goto('/');
  await waitForServiceWorker(page);

  await context.setOffline(true);
  await page.reload();
  await expect(shell.header).toBeVisible();
  await expect(shell.header.getByRole('navigation', { name: 'Glavna navigacija' })).toBeAttached();
  await expect(page.getByTestId('offline-notice')).toBeVisible();

  await page.goto('/en/blogs');
  await expect(shell.header).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(shell.header.getByRole('navigation', { name: 'Main navigation' })).toBeAttached();
  await expect(shell.main.locator('h1').first()).toBeVisible();

  await context.setOffline(false);
});
