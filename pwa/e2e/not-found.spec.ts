import { expect, test } from './fixtures';
import { ShellPage } from './pages/shell-page';

const cases = [
  { path: '/ta-stran-ne-obstaja', lang: 'sl', text: 'Te strani ni bilo mogoče najti', home: '/' },
  { path: '/en/this-page-does-not-exist', lang: 'en', text: 'This page could not be found', home: '/en' },
  { path: '/en/blogs/Not_A_Valid_Slug', lang: 'en', text: 'This page could not be found', home: '/en' },
] as const;

for (const c of cases) {
  test(`404 in ${c.lang}: ${c.path}`, async ({ page }) => {
    const shell = new ShellPage(page);
    const response = await shell.goto(c.path);
    expect(response?.status()).toBe(404);
    await expect(shell.notFound.getByRole('heading', { level: 1 })).toHaveText(c.text);
    await expect(page.locator('html')).toHaveAttribute('lang', c.lang);
    await shell.notFound.getByRole('link').click();
    await expect(page).toHaveURL((url) => url.pathname === c.home);
  });
}
