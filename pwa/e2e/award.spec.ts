/**
 * The Best Employer award in a real browser, on the demo market the first start seeds and publishes:
 * the header's years menu, the past winners of the last published year in two locales at phone and desktop width
 * (axe, screenshots), the administrator's award page, and a winner downloading its certificate from its profile.
 * Screenshots go to test-results/screenshots/award-<page>-<locale>-<width>.png.
 */
import type { PublicAwardYear } from '../../shared/schemas/award';
import { pdfText } from '../../print/pdf-text';
import { localizedPath } from '../../shared/routes';
import { expect, test } from './fixtures';
import { createVerifiedAccount, signIn } from './pages/account-pages';
import { logInAs } from './pages/admin-page';
import { ShellPage } from './pages/shell-page';
import { localeText } from './pages/texts';
import { lookAt } from './pages/look';

// axe-core is injected as an inline script, which the server's CSP rightly forbids.
test.use({ bypassCSP: true });

async function lastPublished(server: { handle: { db: { get<T>(sql: string): Promise<T | undefined> } } }): Promise<number> {
  const row = await server.handle.db.get<{ year: number }>('SELECT max(year) AS year FROM award_years WHERE published_at IS NOT NULL');
  if (!row?.year) throw new Error('the demo market published no year');
  return row.year;
}

for (const [locale, width] of [
  ['sl', 390],
  ['mk', 1280],
] as const) {
  test(`past winners of the last published year in ${locale} at ${String(width)} px: every winner, the special categories, axe`, async ({ page, server }) => {
    await page.setViewportSize({ width, height: 900 });
    const year = await lastPublished(server);
    const api = ((await (await fetch(`${server.url}/api/leaderboards/${String(year)}`)).json()) as { data: PublicAwardYear }).data;
    await page.goto(localizedPath('pastWinners', locale, { slug: String(year) }));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(localeText(locale, 'pages', 'pastWinners.titleWithYear', { year }));
    const names = [...api.classes.flatMap((c) => c.winners), ...api.special.flatMap((s) => s.winners)].map((w) => w.company_name).filter((n): n is string => n !== null);
    expect(names.length).toBeGreaterThanOrEqual(9);
    for (const name of new Set(names)) await expect(page.getByTestId('winner').filter({ hasText: name }).first()).toBeVisible();
    // three places in each of the three classes, then the special categories' winners
    await expect(page.getByTestId('winner')).toHaveCount(api.classes.reduce((n, c) => n + c.winners.length, 0) + api.special.reduce((n, s) => n + s.winners.length, 0));
    await expect(page.getByRole('heading', { name: localeText(locale, 'pages', 'pastWinners.special.title') })).toBeVisible();
    const shell = new ShellPage(page);
    expect(await shell.axeViolations()).toEqual([]);
    await lookAt(page, `test-results/screenshots/award-past-winners-${locale}-${String(width)}.png`, { fullPage: true });
  });
}

test('the header lists the published years, newest first, and opens one', async ({ page, server }) => {
  const years = (await server.handle.db.all<{ year: number }>('SELECT year FROM award_years WHERE published_at IS NOT NULL ORDER BY year DESC')).map((r) => r.year);
  await new ShellPage(page).goto('/en');
  const menu = page.getByTestId('nav-winners');
  await menu.locator('summary', { hasText: localeText('en', 'common', 'nav.pastWinners') }).click();
  await expect(menu.getByRole('link')).toHaveText(years.map(String));
  await menu.getByRole('link', { name: String(years[1]) }).click();
  await expect(page).toHaveURL(new RegExp(`/en/past-winners/${String(years[1])}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(localeText('en', 'pages', 'pastWinners.titleWithYear', { year: years[1]! }));
});

test('the administrator sees a published year with its ranking and the not eligible with their reasons', async ({ page, context, server }) => {
  await logInAs(context, server);
  const year = await lastPublished(server);
  await page.goto(`${localizedPath('adminAward', 'en')}?year=${String(year)}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: localeText('en', 'admin', 'award.unpublish') })).toBeVisible();
  // a survey of the demo market finished in December: its reason in words
  await expect(page.getByText(/must be finished by 30\.11\./).first()).toBeVisible();
  expect(await new ShellPage(page).axeViolations()).toEqual([]);
  await lookAt(page, 'test-results/screenshots/award-admin-en-1280.png', { fullPage: true });
});

test('a winner sees its result in its profile and downloads the certificate', async ({ page, context, server }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  const year = await lastPublished(server);
  const winner = (((await (await fetch(`${server.url}/api/leaderboards/${String(year)}`)).json()) as { data: PublicAwardYear }).data.classes[0]!.winners[0]!);
  const company = await server.handle.db.get<{ id: number }>('SELECT id FROM companies WHERE name = ?', [winner.company_name]);
  // an HR user of the winning company (the demo market's companies have no accounts)
  const account = await createVerifiedAccount(server, 'sl', 'winner');
  await server.handle.db.run('UPDATE users SET company_id = ? WHERE email = ?', [company!.id, account.email]);
  await signIn(context, server, account.email);
  await page.goto(localizedPath('profileAward', 'sl'));
  const link = page.locator('a[download]', { hasText: localeText('sl', 'account', 'award.certificate') }).first();
  await expect(link).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const path = await download.path();
  const { readFileSync } = await import('node:fs');
  const text = pdfText(new Uint8Array(readFileSync(path))).replace(/\s+/g, ' ');
  expect(text).toContain(winner.company_name!);
  expect(text).toContain(String(year));
  expect(await new ShellPage(page).axeViolations()).toEqual([]);
  await lookAt(page, 'test-results/screenshots/award-profile-sl-390.png', { fullPage: true });
});
