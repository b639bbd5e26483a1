import { expect, test } from './fixtures';
import { ShellPage, waitForServiceWorker } from './pages/shell-page';
import { localeText } from './pages/texts';

// The service worker is part of what these journeys check (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

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

/**
 * Offline, a page whose content was never loaded on this device says the visitor is offline (in the page's
 * language), not that something went wrong; a page read before shows the copy the service worker kept; the footer
 * keeps the contact e-mail and phone (the configuration this browser had, not a failed request).
 */
test('offline, the blog and a winners year say "offline" or show the kept copy; the footer keeps its contact', async ({ page, context, request }) => {
  test.slow(); // four page loads with a service worker install on a shared machine
  const years = ((await (await request.get('/api/leaderboards/available-years')).json()) as { data: { available_years: number[] } }).data.available_years;
  const year = String(years[0]);
  const shell = new ShellPage(page);
  await shell.goto('/');
  await waitForServiceWorker(page);
  // The contact of the site's configuration (the footer's first column) and the operator's footer text.
  const contact = shell.footer.locator('.footer-list').first();
  await expect(contact.getByRole('link', { name: 'info@example.com' })).toBeVisible();
  await expect(shell.footer.getByTestId('footer-html')).toBeVisible();
  // Read online once, with the service worker in control: the English blog list.
  await shell.goto('/en/blogs');
  await expect(page.getByTestId('blog-card').first()).toBeVisible();
  const firstPost = await page.getByTestId('blog-card').first().locator('h2').innerText();

  await context.setOffline(true);
  // Read before: the kept copy, no error.
  await page.reload();
  await expect(page.getByTestId('blog-card').first().locator('h2')).toHaveText(firstPost);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(contact.getByRole('link', { name: 'info@example.com' })).toBeVisible();
  await expect(contact.getByRole('link', { name: '+386 1 234 56 78' })).toBeVisible();
  await expect(shell.footer.getByTestId('footer-html')).toBeVisible();

  // Never read on this device: "you are offline" in the page's language, in two locales.
  for (const [path, locale] of [
    ['/blogi', 'sl'],
    [`/pretekli-nagrajenci/${year}`, 'sl'],
    [`/en/past-winners/${year}`, 'en'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByTestId('offline-content')).toHaveText(localeText(locale, 'common', 'offline.pageUnavailable'));
    await expect(page.getByText(localeText(locale, 'errors', 'code.something-went-wrong'))).toHaveCount(0);
    await expect(contact.getByRole('link', { name: 'info@example.com' })).toBeVisible();
  }

  // Back online, the page loads what it could not by itself.
  await context.setOffline(false);
  await expect(page.getByTestId('offline-content')).toHaveCount(0);
  await expect(page.getByTestId('winner').first()).toBeVisible();
});
