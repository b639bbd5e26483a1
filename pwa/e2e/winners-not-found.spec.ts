/**
 * The winners page of a year that is not published: a real 404 — the status, `noindex`, the not-found title
 * and the site's not-found page in the path's language with the published years below it — before any script (the
 * server renders it) and after the app took the page over (no hydration error), never "Loading the results…".
 * From there a published year opens in the app.
 */
import { errorMessage } from '../../shared/errors/node';
import { localizedPath } from '../../shared/routes';
import { expect, test, type E2eServer } from './fixtures';
import { ShellPage } from './pages/shell-page';
import { localeText } from './pages/texts';

async function publishedYears(server: E2eServer): Promise<number[]> {
  const rows = await server.handle.db.all<{ year: number }>('SELECT year FROM award_years WHERE published_at IS NOT NULL ORDER BY year DESC');
  if (rows.length === 0) throw new Error('the demo market published no year');
  return rows.map((r) => r.year);
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const [locale, slug] of [
    ['en', '1999'],
    ['sl', '2031'],
    ['mk', 'najboljsi'],
  ] as const) {
    test(`a never-held year (${locale}, ${slug}) is a 404 page: not indexed, the not-found page, the published years`, async ({ page, server }) => {
      const years = await publishedYears(server);
      const shell = new ShellPage(page);
      const response = await page.goto(localizedPath('pastWinners', locale, { slug }));
      expect(response?.status()).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page).toHaveTitle(errorMessage('page-not-found', locale));
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
      await expect(shell.notFound.getByRole('heading', { level: 1 })).toHaveText(errorMessage('page-not-found', locale));
      const links = shell.notFound.getByRole('navigation', { name: localeText(locale, 'pages', 'pastWinners.years') }).getByRole('link');
      await expect(links).toHaveText(years.map(String));
      await expect(links.first()).toHaveAttribute('href', localizedPath('pastWinners', locale, { slug: String(years[0]) }));
      await expect(page.getByText(localeText(locale, 'pages', 'pastWinners.loading'))).toHaveCount(0);
      await expect(shell.footer).toBeVisible();
    });
  }
});

test('with JavaScript the app takes the 404 page over without an error, and a published year opens from it', async ({ page, server }) => {
  const [year] = await publishedYears(server);
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !msg.text().includes('404')) problems.push(msg.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const shell = new ShellPage(page);
  const response = await shell.goto(localizedPath('pastWinners', 'en', { slug: '2001' }));
  expect(response?.status()).toBe(404);
  await expect(shell.notFound.getByRole('heading', { level: 1 })).toHaveText(errorMessage('page-not-found', 'en'));
  await expect(page.getByText(localeText('en', 'pages', 'pastWinners.loading'))).toHaveCount(0);
  expect(problems).toEqual([]);

  await shell.notFound.getByRole('link', { name: String(year) }).click();
  await expect(page).toHaveURL((url) => url.pathname === localizedPath('pastWinners', 'en', { slug: String(year) }));
  await expect(shell.main.getByRole('heading', { level: 1 })).toHaveText(localeText('en', 'pages', 'pastWinners.titleWithYear', { year: year! }));
  await expect(page.getByTestId('winner').first()).toBeVisible();
  await expect(shell.notFound).toHaveCount(0);
  expect(problems).toEqual([]);
});
