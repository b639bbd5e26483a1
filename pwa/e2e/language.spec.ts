import { test } from './fixtures';
import { ShellPage } from './pages/shell-page';

const cases = [
  { from: '/blogi', to: 'en', expected: '/en/blogs' },
  { from: '/kontakt', to: 'hr', expected: '/hr/contact' },
  { from: '/en/award-conditions', to: 'sl', expected: '/pogoji-za-nagrado' },
] as const;

for (const { from, to, expected } of cases) {
  test(`switching ${from} to ${to} keeps the page (${expected})`, async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.goto(from);
    await shell.switchLanguage(to, expected);
  });
}
