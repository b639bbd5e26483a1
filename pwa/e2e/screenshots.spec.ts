import { test } from './fixtures';
import { ShellPage } from './pages/shell-page';
import { lookAt, screenshotsWanted } from './pages/look';

// Not asserted: pictures for a human look at the layout (test-results/screenshots), taken with E2E_SCREENSHOTS=1.
test.skip(!screenshotsWanted, 'pictures only: run with E2E_SCREENSHOTS=1');
const targets = [
  { name: 'home', path: '/' },
  { name: 'contact', path: '/en/contact' },
  { name: '404', path: '/ni-strani' },
];

for (const width of [390, 1280]) {
  test(`screenshots at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    const shell = new ShellPage(page);
    await shell.goto('/');
    await shell.screenshot(`home-banner-${width}`);
    await shell.acceptAllCookies();
    for (const t of targets) {
      await shell.goto(t.path);
      await shell.screenshot(`${t.name}-${width}`);
    }
    await lookAt(shell.header, `test-results/screenshots/header-${width}.png`);
    await lookAt(shell.footer, `test-results/screenshots/footer-${width}.png`);
    await shell.goto('/de');
    await lookAt(shell.header, `test-results/screenshots/header-de-${width}.png`);
    if (width === 390) {
      await shell.openMobileMenu();
      await shell.dropdown('research').button.click();
      await lookAt(page, 'test-results/screenshots/menu-390.png');
    } else {
      await shell.dropdown('research').button.hover();
      await lookAt(page, 'test-results/screenshots/menu-1280.png');
    }
  });
}
