/**
 * An anonymous visitor's first load of the public pages (the Lighthouse audit): no Content-Security-Policy
 * violation (zod's JIT probe was an eval the CSP refused, reported on every page that loads zod), and none of the
 * signed-in areas' texts (the admin, applications and account chunks were fetched after every public page).
 * Each page is opened in a fresh context and followed until the network is quiet, so anything the app fetches on its
 * own after taking the page over is seen.
 */
import type { Browser } from '@playwright/test';
import { localizedPath } from '../../shared/routes';
import { expect, test, type E2eServer } from './fixtures';
import { ShellPage } from './pages/shell-page';

/** A text namespace's chunk of the signed-in areas: assets/admin-<hash>.js, applications-…, account-…. */
const SIGNED_IN_TEXTS = /\/assets\/(admin|applications|account)-[\w-]{8}\.js$/;

async function firstLoad(browser: Browser, server: E2eServer, path: string) {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${String(e.lineNumber)}`));
  });
  const requested: string[] = [];
  const console: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  page.on('console', (m) => {
    if (m.type() === 'error') console.push(m.text());
  });
  await new ShellPage(page).goto(path);
  await page.waitForLoadState('networkidle');
  const violations = await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
  await context.close();
  return { requested, violations, console };
}

// The purely public pages are not hydrated (server/modules/pages/pages.routes.ts STATIC_PAGES): their one script is
// pwa/public-page.ts, without the app's entry or any texts.
for (const [name, path, app] of [
  ['the home page (sl)', localizedPath('home', 'sl'), false],
  ['the blog list (en)', localizedPath('blogs', 'en'), false],
  ['the award conditions (de)', localizedPath('awardConditions', 'de'), false],
  ['the code entry (mk), which loads zod', localizedPath('questionnaire', 'mk'), true],
] as const) {
  test(`${name}: no CSP violation, no signed-in areas' texts fetched`, async ({ browser, server }) => {
    const { requested, violations, console } = await firstLoad(browser, server, path);
    expect(requested.some((p) => /\/assets\/(common|pages)-[\w-]{8}\.js$/.test(p)), requested.join('\n')).toBe(app);
    expect(requested.some((p) => /\/assets\/index-[\w-]{8}\.js$/.test(p)), 'the app’s entry').toBe(app);
    expect(requested.some((p) => /\/assets\/public-page-[\w-]{8}\.js$/.test(p)), 'the public pages’ script').toBe(!app);
    expect(requested.filter((p) => SIGNED_IN_TEXTS.test(p))).toEqual([]);
    expect(violations).toEqual([]);
    expect(console.filter((c) => /Content Security Policy|unsafe-eval/i.test(c))).toEqual([]);
  });
}

test('registration loads its own texts (account) but not the administration or applications texts', async ({ browser, server }) => {
  const { requested, violations } = await firstLoad(browser, server, localizedPath('register', 'hr'));
  expect(requested.some((p) => /\/assets\/account-[\w-]{8}\.js$/.test(p))).toBe(true);
  expect(requested.filter((p) => /\/assets\/(admin|applications)-[\w-]{8}\.js$/.test(p))).toEqual([]);
  expect(violations).toEqual([]);
});
