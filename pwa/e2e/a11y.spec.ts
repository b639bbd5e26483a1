import { expect, test } from './fixtures';
import { ShellPage } from './pages/shell-page';

// axe-core is injected as an inline script, which the server's CSP rightly forbids.
test.use({ bypassCSP: true });

const pages = [
  { name: 'home', sl: '/', en: '/en' },
  { name: 'contact', sl: '/kontakt', en: '/en/contact' },
  { name: '404', sl: '/ni-strani', en: '/en/no-such-page' },
] as const;

for (const p of pages) {
  for (const locale of ['sl', 'en'] as const) {
    test(`axe: no serious or critical violations on ${p.name} (${locale})`, async ({ page }) => {
      const shell = new ShellPage(page);
      await shell.goto(p[locale]);
      const violations = await shell.axeViolations();
      const severe = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(severe, JSON.stringify(severe, null, 2)).toEqual([]);
    });
  }
}
