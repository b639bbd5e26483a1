/**
 * The site header fits every locale at every laptop width: nothing of it reaches past the viewport, the
 * page does not scroll sideways, and the language switcher and the registration button are whole and on screen.
 * Where a locale's inline navigation does not fit, the header uses the menu button instead.
 */
import { UI_LOCALES } from '../../shared/locales';
import { localizedPath } from '../../shared/routes';
import { expect, test } from './fixtures';
import { resizeTo } from './pages/shell-page';

const WIDTHS = [1201, 1280, 1366, 1440];

test('the header fits every locale at 1201, 1280, 1366 and 1440 px', async ({ page }) => {
  test.setTimeout(120_000);
  for (const locale of UI_LOCALES) {
    await page.setViewportSize({ width: WIDTHS[0]!, height: 800 });
    await page.goto(localizedPath('home', locale));
    await expect(page.locator('.site-header .lang-button')).toBeVisible();
    for (const width of WIDTHS) {
      await resizeTo(page, width, 800);
      const measured = await page.evaluate(() => {
        const header = document.querySelector('.site-header')!;
        const visible = [...header.querySelectorAll<HTMLElement>('a, button')].filter((e) => e.offsetParent !== null && e.getClientRects().length > 0);
        return {
          scroll: document.documentElement.scrollWidth,
          rightmost: Math.max(...visible.map((e) => e.getBoundingClientRect().right)),
          leftmost: Math.min(...visible.map((e) => e.getBoundingClientRect().left)),
        };
      });
      const where = `${locale} at ${String(width)} px`;
      expect(measured.scroll, where).toBeLessThanOrEqual(width);
      expect(measured.rightmost, where).toBeLessThanOrEqual(width);
      expect(measured.leftmost, where).toBeGreaterThanOrEqual(0);
      // The language switcher is whole and on screen; so is a way to register (inline, or behind the menu button).
      const lang = await page.locator('.site-header .lang-button').boundingBox();
      expect(lang && lang.x + lang.width <= width, where).toBe(true);
      const menu = page.locator('.site-header .hamburger');
      if (!(await menu.isVisible())) {
        const register = await page.locator('.site-header .auth-links .btn-primary').boundingBox();
        expect(register && register.x + register.width <= width && register.x >= 0, where).toBe(true);
        // Inline items stay on one row: every nav link sits within the header's height.
        const rows = await page.locator('.site-header .main-nav > .nav-list > li').evaluateAll((els) => new Set(els.map((e) => Math.round(e.getBoundingClientRect().top))).size);
        expect(rows, where).toBe(1);
      }
    }
  }
});
