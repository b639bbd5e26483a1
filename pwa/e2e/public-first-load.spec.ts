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
for (const [name, path] of [
  ['the home page (sl)', localizedPath('home', 'sl')],
  ['the blog list (en)', localizedPath('blogs', 'en')],
  ['the award conditions (de)', localizedPath('awardConditions', 'de')],
] as const) {
  test(`${name}: no CSP violation, no signed-in areas' texts fetched`, async ({ browser, server }) => {
    const { requested, violations, console } = await firstLoad(browser, server, path);
    expect(requested.some((p) => /\/assets\/(common|pages)-[\w-]{8}\.js$/.test(p)), requested.join('\n')).toBe(false);
    expect(requested.some((p) => /\/assets\/index-[\w-]{8}\.js$/.test(p)), 'the app’s entry').toBe(false);
    expect(requested.some((p) => /\/assets\/public-page-[\w-]{8}\.js$/.test(p)), 'the public pages’ script').toBe(true);
    expect(requested.filter((p) => SIGNED_IN_TEXTS.test(p))).toEqual([]);
    expect(violations).toEqual([]);
    expect(console.filter((c) => /Content Security Policy|unsafe-eval/i.test(c))).toEqual([]);
  });
}

/**
 * Registration and the code entry start the app only once the visitor uses the page (pwa/deferred-app.ts): loading
 * them runs a script of a few hundred bytes, never the app's bundle (React, the router, the texts: hundreds of kB,
 * most of a phone's first-load CPU time). The app's files are only fetched into the cache once the page is idle, not
 * run. Then a key pressed: the app takes the page over with this page's texts only (zod on the code entry, the
 * account texts on registration), never the administration's or applications' texts, and without a CSP violation.
 */
for (const [name, path, texts] of [
  ['registration (hr)', localizedPath('register', 'hr'), /\/assets\/account-[\w-]{8}\.js$/],
  ['the code entry (mk), which loads zod', localizedPath('questionnaire', 'mk'), /\/assets\/zod-[\w-]{8}\.js$/],
] as const) {
  test(`${name}: the first load runs a small script, not the app; the app once the visitor uses the page`, async ({ browser, server }) => {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    // Recorded when each script has arrived; its size is read later (sizes() answers asynchronously).
    const scripts: { path: string; bytes: Promise<number> }[] = [];
    page.on('requestfinished', (r) => {
      if (r.resourceType() !== 'script') return;
      scripts.push({ path: new URL(r.url()).pathname, bytes: r.sizes().then((sizes) => sizes.responseBodySize) });
    });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('html')).toHaveAttribute('data-app', 'deferred');
    const claimed = () => page.evaluate(() => Object.keys(document.querySelector('main') ?? {}).some((k) => k.startsWith('__react')));
    expect(await claimed(), 'the app has not taken the page over').toBe(false);
    const first = scripts.map((s) => s.path);
    expect(first.some((p) => /\/assets\/index-[\w-]{8}\.js$/.test(p)), `the app’s entry run on the first load:\n${first.join('\n')}`).toBe(false);
    expect(first.some((p) => texts.test(p) || /\/assets\/(common|react)[\w-]*\.js$/.test(p)), first.join('\n')).toBe(false);
    expect(first.some((p) => /\/assets\/deferred-app-[\w-]{8}\.js$/.test(p)), 'the page’s own script').toBe(true);
    // The app's bundle is over 100 kB compressed; what the first load runs stays a few kB.
    const bytes = (await Promise.all(scripts.map((s) => s.bytes))).reduce((sum, b) => sum + b, 0);
    expect(bytes, first.join('\n')).toBeLessThan(8_000);

    // The visitor starts: the app takes the page over.
    await page.keyboard.press('Tab');
    await expect.poll(claimed, { timeout: 30_000 }).toBe(true);
    // The texts arrive once the app's entry has run and asked for them.
    await expect.poll(() => scripts.some((s) => texts.test(s.path)), { timeout: 30_000 }).toBe(true);
    await page.waitForLoadState('networkidle');
    const all = scripts.map((s) => s.path);
    expect(all.some((p) => /\/assets\/index-[\w-]{8}\.js$/.test(p)), 'the app’s entry').toBe(true);
    expect(all.filter((p) => /\/assets\/(admin|applications)-[\w-]{8}\.js$/.test(p))).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).toEqual([]);
    await context.close();
  });
}
