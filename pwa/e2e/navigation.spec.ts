import { expect, test } from './fixtures';
import { ShellPage } from './pages/shell-page';

test('dropdowns open on hover when the window is wider than 1200px', async ({ page }) => {
  await page.setViewportSize({ width: 1300, height: 800 });
  const shell = new ShellPage(page);
  await shell.goto('/en');
  await expect(shell.hamburger).toBeHidden();
  const research = shell.dropdown('research');
  await expect(research.details).not.toHaveAttribute('open');
  await research.button.hover();
  await expect(research.details).toHaveAttribute('open', '');
  await expect(research.menu.getByRole('link', { name: 'Conducting research' })).toBeVisible();
  // Moving the pointer away (to the bottom of the window, far from the menu) closes it again.
  await page.mouse.move(650, 790);
  await expect(research.menu).toBeHidden();
});

test('dropdowns open on click, not on hover, at 1200px and below', async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 800 });
  const shell = new ShellPage(page);
  await shell.goto('/en');
  await shell.openMobileMenu();
  const about = shell.dropdown('about');
  await about.button.hover();
  await expect(about.details).not.toHaveAttribute('open');
  await expect(about.menu).toBeHidden();
  await about.button.click();
  await expect(about.details).toHaveAttribute('open', '');
  await expect(about.menu.getByRole('link', { name: 'Project history' })).toBeVisible();
});

test('the keyboard opens a dropdown, moves through it and Escape closes it', async ({ page }) => {
  await page.setViewportSize({ width: 1300, height: 800 });
  const shell = new ShellPage(page);
  await shell.goto('/en');
  const research = shell.dropdown('research');
  await research.button.focus();
  await page.keyboard.press('ArrowDown');
  await expect(research.menu.getByRole('link').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(research.menu).toBeHidden();
  await expect(research.button).toBeFocused();
});

test('the hamburger at 900px opens the mobile menu with the navigation', async ({ page }) => {
  await page.setViewportSize({ width: 900, height: 800 });
  const shell = new ShellPage(page);
  await shell.goto('/');
  await expect(shell.siteMenu).toBeHidden();
  await shell.openMobileMenu();
  const nav = shell.siteMenu.getByRole('navigation', { name: 'Glavna navigacija' });
  await expect(nav).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Kalkulator' })).toBeVisible();
  await shell.hamburger.click();
  await expect(shell.siteMenu).toBeHidden();
});
