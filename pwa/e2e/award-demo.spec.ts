/**
 * The demo shows the award: the demo company wins the year before last's "most improved ESI" by the award's
 * own computation, and downloads its certificate and badge from its profile in the page's language (mk here; the demo
 * user's own language is sl). The administrator reads why a market company cannot be acted as. The past winners'
 * logos are drawn at the width their aspect ratio needs, not squeezed into a square.
 */
import fs from 'node:fs';
import { pdfText } from '../../print/pdf-text';
import { localizedPath } from '../../shared/routes';
import { expect, test } from './fixtures';
import { signIn } from './pages/account-pages';
import { logInAs } from './pages/admin-page';
import { localeText } from './pages/texts';

test('the demo company downloads the certificate and badge of the award it won, in the page\'s language', async ({ page, context, server }) => {
  const years = (await server.handle.db.all<{ year: number }>('SELECT year FROM award_years WHERE published_at IS NOT NULL ORDER BY year DESC')).map((r) => r.year);
  const lastYear = new Date().getUTCFullYear() - 1;
  const year = lastYear - 1;
  expect(years).toContain(year);
  await signIn(context, server, 'demo@example.com');
  await page.goto(localizedPath('profileAward', 'mk'));
  const certificate = page.locator(`a[download][href="/api/profile/award/${String(year)}/certificate?award=most_improved_esi&lang=mk"]`);
  await expect(certificate).toBeVisible();
  await expect(certificate).toHaveText(localeText('mk', 'account', 'award.certificate'));

  const [pdf] = await Promise.all([page.waitForEvent('download'), certificate.click()]);
  const text = pdfText(new Uint8Array(fs.readFileSync(await pdf.path()))).replace(/\s+/g, ' ');
  expect(text).toContain('Demo podjetje d.o.o.');
  expect(text).toContain(localeText('mk', 'print', 'award.title', { year }));
  expect(text).toContain(localeText('mk', 'print', 'award.specialLine', { category: localeText('mk', 'print', 'award.category.most_improved_esi') }));

  const badge = page.locator(`a[download][href="/api/profile/award/${String(year)}/badge?award=most_improved_esi&lang=mk"]`);
  const [svg] = await Promise.all([page.waitForEvent('download'), badge.click()]);
  const badgeText = fs.readFileSync(await svg.path(), 'utf8');
  expect(badgeText).toMatch(/^<svg/);
  expect(badgeText).toContain(String(year));
  expect(badgeText.toLowerCase()).toContain(localeText('mk', 'print', 'award.badge.categories.most_improved_esi').split(' ')[0]!.toLowerCase());
});

test('the administrator reads why a market company without users cannot be acted as', async ({ page, context, server }) => {
  await logInAs(context, server);
  const company = await server.handle.db.get<{ name: string }>('SELECT name FROM companies c WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.company_id = c.id) ORDER BY id LIMIT 1');
  await page.goto(localizedPath('loginAsClient', 'de'));
  await page.getByRole('searchbox').fill(company!.name);
  const button = page.getByRole('button', { name: localeText('de', 'admin', 'loginAsClient.actAs', { name: company!.name }) });
  await expect(button).toBeDisabled();
  const why = localeText('de', 'admin', 'loginAsClient.noUser');
  await expect(button).toHaveAccessibleDescription(why);
  // The reason is shown under the button it describes (every market company's row has one).
  const describedBy = await button.getAttribute('aria-describedby');
  await expect(page.locator(`[id="${describedBy ?? ''}"]`)).toHaveText(why);
});

for (const width of [390, 1280]) {
  test(`past winners at ${String(width)} px: every logo drawn with its own aspect ratio, at least 44 px high`, async ({ page, server }) => {
    await page.setViewportSize({ width, height: 900 });
    const row = await server.handle.db.get<{ year: number }>('SELECT max(year) AS year FROM award_years WHERE published_at IS NOT NULL');
    await page.goto(localizedPath('pastWinners', 'en', { slug: String(row!.year) }));
    const logos = page.locator('img.award-logo');
    await expect(logos.first()).toBeVisible();
    const boxes = await logos.evaluateAll(async (imgs) =>
      Promise.all(
        (imgs as HTMLImageElement[]).map(async (img) => {
          img.loading = 'eager';
          await img.decode();
          const r = img.getBoundingClientRect();
          return { width: r.width, height: r.height, ratio: img.naturalWidth / img.naturalHeight, reserved: Number(img.getAttribute('width')) / Number(img.getAttribute('height')) };
        }),
      ),
    );
    expect(boxes.length).toBeGreaterThan(0);
    for (const box of boxes) {
      // The box has the logo's own proportions (object-fit: contain then fills it), so the logo is drawn as large as the box.
      expect(Math.abs(box.width / box.height - box.ratio)).toBeLessThan(0.05);
      // The page reserved that box before the image arrived (its width and height attributes): nothing moves when it loads.
      expect(Math.abs(box.reserved - box.ratio)).toBeLessThan(0.01);
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThan(100);
    }
  });
}
