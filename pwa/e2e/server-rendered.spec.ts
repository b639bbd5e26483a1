/**
 * Public pages rendered on the server, as a visitor meets them:
 * - without JavaScript, the home page, the blog and its posts, the user experiences, the calculator, a past winners
 *   year and the code entry show their real content in their language, with the header's navigation and the footer;
 * - with JavaScript, the app takes the server's page over where it is: the same elements in the same places, no error
 *   or warning in the console, and then it works (menus, client-side navigation, the calculator);
 * - a signed-in user gets the app's shell; a cookie choice made earlier means the server sends no banner;
 * - axe on the server-rendered pages after the app took them over.
 * Screenshots go to test-results/screenshots/ssr-<page>-<locale>-<width>[-nojs].png.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { APIResponse, Page } from '@playwright/test';
import { UI } from '../../shared/constants';
import type { PublicAwardYear } from '../../shared/schemas/award';
import { localizedPath } from '../../shared/routes';
import { expect, test, type E2eServer } from './fixtures';
import { signIn } from './pages/account-pages';
import { ShellPage } from './pages/shell-page';
import { localeText } from './pages/texts';

// The page's whole first load, the service worker's registration included, must log no warning.
test.use({ serviceWorkers: 'allow' });

type Locale = 'sl' | 'en' | 'hr' | 'de';

/** The posts the first start seeds (server/seed/seed-blog-posts.json), newest first as the blog lists them. */
interface SeedPost {
  key: string;
  days_ago: number;
  versions: Partial<Record<Locale, { slug: string; title: string; body_html: string }>>;
}
const SEEDED = (JSON.parse(fs.readFileSync(path.resolve('server/seed/seed-blog-posts.json'), 'utf8')) as { posts: SeedPost[] }).posts.sort((a, b) => a.days_ago - b.days_ago);

function seededPost(key: string, locale: Locale) {
  const version = SEEDED.find((p) => p.key === key)?.versions[locale];
  if (!version) throw new Error(`no seeded post ${key} in ${locale}`);
  const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim();
  return {
    ...version,
    path: localizedPath('blogPost', locale, { slug: version.slug }),
    heading: text(/<h2>(.*?)<\/h2>/.exec(version.body_html)?.[1] ?? ''),
    firstParagraph: text(/<p>(.*?)<\/p>/.exec(version.body_html)?.[1] ?? ''),
  };
}

async function lastPublishedYear(server: E2eServer): Promise<number> {
  const row = await server.handle.db.get<{ year: number }>('SELECT max(year) AS year FROM award_years WHERE published_at IS NOT NULL');
  if (!row?.year) throw new Error('the demo market published no year');
  return row.year;
}

async function winnersOf(server: E2eServer, year: number): Promise<PublicAwardYear> {
  return ((await (await fetch(`${server.url}/api/leaderboards/${String(year)}`)).json()) as { data: PublicAwardYear }).data;
}

const t = (locale: Locale, ns: string, key: string, vars: Record<string, string | number> = {}) => localeText(locale, ns, key, vars);

/** The page as the server sent it: rendered (its payload beside #root) or the app's empty shell. */
async function serverHtml(response: APIResponse) {
  expect(response.status()).toBe(200);
  const html = await response.text();
  return { html, rendered: html.includes('<script type="application/json" id="ssr-data">'), shell: html.includes('<div id="root"></div>') };
}

/**
 * Header and footer of a page in `locale`: the main navigation with its links, the footer with its links. On a phone
 * the navigation is in the page but behind the menu button, which (like the header's dropdowns, the language
 * switcher and the cookie banner's buttons) needs JavaScript.
 */
async function expectShell(shell: ShellPage, locale: Locale, { phone = false } = {}) {
  const nav = shell.header.getByRole('navigation', { name: t(locale, 'common', 'header.mainNav'), includeHidden: phone });
  await expect(nav).toBeAttached();
  await expect(nav.getByRole('link', { name: t(locale, 'common', 'nav.calculator'), includeHidden: phone })).toHaveAttribute('href', localizedPath('calculator', locale));
  if (phone) await expect(shell.hamburger).toBeVisible();
  else await expect(nav).toBeVisible();
  // The logo link's name holds its visible text ("IZZ", and the site's name where it shows) and says it goes home.
  const logo = shell.header.locator('a.logo');
  await expect(logo).toHaveAttribute('href', localizedPath('home', locale));
  const visible = (await logo.locator('.logo-text').innerText()).replace(/\s+/g, ' ').trim();
  expect(visible).toContain(t(locale, 'common', 'siteShortName'));
  await expect(logo).toHaveAccessibleName(`${visible} ${t(locale, 'common', 'header.logoHome')}`);
  await expect(shell.footer).toBeVisible();
  await expect(shell.footer.getByRole('heading', { name: t(locale, 'common', 'footer.contactTitle') })).toBeVisible();
  const footerNav = shell.footer.getByRole('navigation', { name: t(locale, 'common', 'footer.label') });
  await expect(footerNav.getByRole('link', { name: t(locale, 'common', 'footer.termsOfService') })).toHaveAttribute('href', localizedPath('termsOfService', locale));
  await expect(shell.footer).toContainText(t(locale, 'common', 'footer.copyright', { from: UI.copyrightFromYear, to: new Date().getFullYear() }));
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page in Slovenian at 390 px: its content, the header and the footer', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const shell = new ShellPage(page);
    expect((await page.goto('/'))?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'sl');
    await expect(shell.main.getByRole('heading', { level: 1 })).toHaveText(t('sl', 'pages', 'home.hero.title'));
    await expect(shell.main).toContainText(t('sl', 'pages', 'home.hero.lead'));
    await expect(shell.main.getByRole('heading', { level: 2, name: t('sl', 'pages', 'home.steps.title') })).toBeVisible();
    await expect(shell.main.getByRole('link', { name: t('sl', 'pages', 'home.hero.ctaRegister') })).toHaveAttribute('href', localizedPath('register', 'sl'));
    await expectShell(shell, 'sl', { phone: true });
    // a first visit: the cookie banner is in the server's page, in the page's language
    await expect(shell.cookieBanner).toContainText(t('sl', 'common', 'cookies.bannerTitle'));
    // the app shell's notice that the site needs JavaScript is not on a page that is there without it
    await expect(page.getByText('needs JavaScript')).toHaveCount(0);
    await shell.screenshot('ssr-home-sl-390-nojs');
  });

  test('the blog in English lists the seeded posts; a post in Slovenian and in English shows its text', async ({ page }) => {
    const shell = new ShellPage(page);
    expect((await page.goto('/en/blogs'))?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(shell.main.getByRole('heading', { level: 1 })).toHaveText(t('en', 'pages', 'blogs.title'));
    const cards = page.getByTestId('blog-card');
    await expect(cards.getByRole('heading')).toHaveText(SEEDED.map((p) => p.versions.en?.title ?? ''));
    await expect(cards.first().getByRole('link', { name: SEEDED[0]?.versions.en?.title ?? '' })).toHaveAttribute('href', seededPost(SEEDED[0]?.key ?? '', 'en').path);
    await expectShell(shell, 'en');
    await shell.screenshot('ssr-blogs-en-1280-nojs');

    for (const [locale, key, width] of [
      ['sl', 'anonymity', 390],
      ['en', 'enps', 1280],
    ] as const) {
      await page.setViewportSize({ width, height: 900 }); // JavaScript is off here: the navigation below draws it
      const post = seededPost(key, locale);
      expect((await page.goto(post.path))?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(shell.main.getByRole('heading', { level: 1 })).toHaveText(post.title);
      const body = page.getByTestId('blog-body');
      await expect(body.getByRole('heading', { level: 2 }).first()).toHaveText(post.heading);
      await expect(body.locator('p').first()).toHaveText(post.firstParagraph);
      await expect(shell.main.getByRole('link', { name: t(locale, 'pages', 'blogPost.back') })).toHaveAttribute('href', localizedPath('blogs', locale));
      await expectShell(shell, locale, { phone: width < 1000 });
      await shell.screenshot(`ssr-blog-post-${locale}-${String(width)}-nojs`);
    }
  });

  test('the user experiences (hr) and the calculator (de) with the server’s prices', async ({ page }) => {
    const shell = new ShellPage(page);
    expect((await page.goto(localizedPath('feedback', 'hr')))?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hr');
    await expect(shell.main.getByRole('heading', { level: 1 })).toHaveText(t('hr', 'pages', 'feedback.title'));
    // nothing is published on a new installation: the empty state, not a loading text
    await expect(shell.main.getByRole('heading', { level: 2 })).toHaveText(t('hr', 'pages', 'feedback.emptyTitle'));
    await expect(shell.main.getByRole('status')).toHaveCount(0);
    await expectShell(shell, 'hr');

    expect((await page.goto(localizedPath('calculator', 'de')))?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(shell.main.getByRole('heading', { level: 1 })).toHaveText(t('de', 'pages', 'calculator.title'));
    await expect(shell.main.getByLabel(t('de', 'pages', 'calculator.form.label'), { exact: true })).toBeVisible();
    await expect(page.getByTestId('calculator-result')).toHaveText(t('de', 'pages', 'calculator.result.prompt'));
    // the prices came from the server's API: no "prices could not be loaded" note
    await expect(shell.main.getByText(t('de', 'pages', 'calculator.offline'))).toHaveCount(0);
    await expectShell(shell, 'de');
    await shell.screenshot('ssr-calculator-de-1280-nojs');
  });

  test('a published past winners year in English lists its winners', async ({ page, server }) => {
    const year = await lastPublishedYear(server);
    const api = await winnersOf(server, year);
    const shell = new ShellPage(page);
    expect((await page.goto(localizedPath('pastWinners', 'en', { slug: String(year) })))?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(shell.main.getByRole('heading', { level: 1 })).toHaveText(t('en', 'pages', 'pastWinners.titleWithYear', { year }));
    const winners = [...api.classes.flatMap((c) => c.winners), ...api.special.flatMap((s) => s.winners)];
    await expect(page.getByTestId('winner')).toHaveCount(winners.length);
    for (const name of new Set(winners.map((w) => w.company_name).filter((n): n is string => n !== null))) {
      await expect(page.getByTestId('winner').filter({ hasText: name }).first()).toBeVisible();
    }
    await expect(shell.main.getByRole('heading', { name: t('en', 'pages', 'pastWinners.special.title') })).toBeVisible();
    await expectShell(shell, 'en');
    await shell.screenshot('ssr-past-winners-en-1280-nojs');
  });

  test('the code entry shows its form with the code from the link filled in (sl, en)', async ({ page }) => {
    const shell = new ShellPage(page);
    for (const locale of ['sl', 'en'] as const) {
      expect((await page.goto(`${localizedPath('questionnaire', locale)}?code=ABCDE-FGHJK`))?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      const entry = page.getByTestId('code-entry');
      await expect(entry.getByRole('heading')).toHaveText(t(locale, 'questionnaire', 'entry.title'));
      await expect(entry.getByLabel(t(locale, 'questionnaire', 'entry.codeLabel'), { exact: true })).toHaveValue('ABCDE-FGHJK');
      await expect(entry.getByRole('button', { name: t(locale, 'questionnaire', 'entry.submit') })).toBeVisible();
      await expect(shell.main.getByRole('heading', { level: 1 })).toHaveText(t(locale, 'questionnaire', 'info.title'));
    }
    await shell.screenshot('ssr-code-entry-en-1280-nojs');
  });
});

/** What the init script saw of the server's page before any of the app's code ran. */
interface Before {
  payload: boolean;
  /** Whether React had already taken the heading over (then "before" would not be the server's). */
  claimed: boolean;
  h1: Box | null;
  block: Box | null;
}
type Box = { x: number; y: number; width: number; height: number };
type Probe = Window & { __ssr?: { h1: Element | null; block: Element | null; payload?: boolean; before?: Before; page: string; banners: number } };

/**
 * Keeps the server's heading and first content block (by reference, the DOM is not touched) and their boxes on the
 * page from when the document is parsed, before the app's code runs; counts cookie banners that ever appear.
 */
async function watchServerPage(page: Page, block: string) {
  await page.addInitScript((selector: string) => {
    const w = window as Probe;
    const box = (el: Element | null): Box | null => {
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return { x: r.x + window.scrollX, y: r.y + window.scrollY, width: r.width, height: r.height };
    };
    w.__ssr = { h1: null, block: null, page: 'this document', banners: 0 };
    new MutationObserver((records) => {
      for (const r of records)
        for (const n of r.addedNodes) if (n instanceof Element && (n.matches('[data-testid="cookie-banner"]') || n.querySelector('[data-testid="cookie-banner"]'))) w.__ssr!.banners += 1;
    }).observe(document, { childList: true, subtree: true });
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive' || !w.__ssr) return;
      w.__ssr.h1 = document.querySelector('main h1');
      w.__ssr.block = document.querySelector(selector);
      // The app removes the payload element once it has read it (at its start, before DOMContentLoaded).
      w.__ssr.payload = document.getElementById('ssr-data') !== null;
    });
    // Module scripts run before DOMContentLoaded, after the stylesheets: the server's page as it is laid out.
    document.addEventListener('DOMContentLoaded', () => {
      if (!w.__ssr) return;
      const h1 = w.__ssr.h1;
      w.__ssr.before = {
        payload: w.__ssr.payload === true,
        claimed: h1 !== null && Object.keys(h1).some((k) => k.startsWith('__react')),
        h1: box(h1),
        block: box(w.__ssr.block),
      };
    });
  }, block);
}

/** Console errors and warnings and uncaught errors of the page. */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** The app has taken the page over: the language switcher (outside the menus, at every width) opens and closes. */
async function waitForApp(page: Page, locale: Locale) {
  const shell = new ShellPage(page);
  await shell.waitForApp();
  await expect(shell.languageButton).toHaveAccessibleName(new RegExp(t(locale, 'common', 'language.current', { language: '.+' })));
  await shell.languageButton.click();
  await expect(page.getByTestId('language-switcher')).toHaveAttribute('open', '');
  await expect(page.getByTestId('language-switcher').locator(`a[hreflang="${locale === 'sl' ? 'en' : 'sl'}"]`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('language-switcher')).not.toHaveAttribute('open');
}

/**
 * After the app took over (or, on a purely public page, which the app does not hydrate, after its own small script ran:
 * `hydrated` false): still the server's elements, in the same places as before any script ran.
 */
async function expectTakenOver(page: Page, { hydrated = true }: { hydrated?: boolean } = {}) {
  const after = await page.evaluate(() => {
    const w = window as Probe;
    const box = (el: Element | null): Box | null => {
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return { x: r.x + window.scrollX, y: r.y + window.scrollY, width: r.width, height: r.height };
    };
    const s = w.__ssr;
    return {
      before: s?.before ?? null,
      sameH1: s?.h1 != null && s.h1.isConnected && document.querySelector('main h1') === s.h1,
      sameBlock: s?.block != null && s.block.isConnected,
      h1: box(s?.h1 ?? null),
      block: box(s?.block ?? null),
      claimed: s?.h1 != null && Object.keys(s.h1).some((k) => k.startsWith('__react')),
      publicScript: document.documentElement.dataset.publicPage === 'ready',
    };
  });
  expect(after.before, 'the init script saw the page').not.toBeNull();
  expect(after.before?.payload, 'the server rendered the page').toBe(true);
  expect(after.before?.claimed, 'measured before the app ran').toBe(false);
  expect(after.before?.h1).not.toBeNull();
  expect(after.before?.block).not.toBeNull();
  expect(after.claimed, hydrated ? 'the app took the heading over' : 'the app did not run on a purely public page').toBe(hydrated);
  expect(after.publicScript, 'the public pages’ own script ran').toBe(!hydrated);
  expect(after.sameH1, 'the server’s heading is still the page’s heading').toBe(true);
  expect(after.sameBlock, 'the server’s first content block is still there').toBe(true);
  expect(after.h1, 'the heading did not move').toEqual(after.before?.h1);
  if (hydrated) expect(after.block, 'the first content block did not move').toEqual(after.before?.block);
  else {
    // No script touches a page that is not hydrated; its block may only grow by what loads into it later (the past
    // winners' logos, whose width is known once they have loaded).
    const { x, y, width } = after.block ?? {};
    expect({ x, y, width }, 'the first content block did not move').toEqual({ x: after.before?.block?.x, y: after.before?.block?.y, width: after.before?.block?.width });
  }
}

test.describe('registration is rendered by the server', () => {
  test('without JavaScript: the form in its language, its fields and button disabled (nothing sent in the address)', async ({ browser, server }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: server.url });
    const page = await context.newPage();
    for (const locale of ['sl', 'de'] as const) {
      expect((await page.goto(localizedPath('register', locale)))?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('main').getByRole('heading', { level: 1 })).toHaveText(t(locale, 'account', 'register.title'));
      await expect(page.getByLabel(t(locale, 'account', 'fields.email'))).toBeDisabled();
      await expect(page.getByRole('button', { name: t(locale, 'account', 'register.submit') })).toBeDisabled();
    }
    await context.close();
  });

  test('with JavaScript the app takes it over (no error) and the fields work', async ({ page }) => {
    const problems = collectProblems(page);
    await watchServerPage(page, '.account-form');
    await page.goto(localizedPath('register', 'en'));
    await waitForApp(page, 'en');
    await expectTakenOver(page);
    const email = page.getByLabel(t('en', 'account', 'fields.email'));
    await expect(email).toBeEnabled();
    await email.fill('new@example.com');
    await expect(email).toHaveValue('new@example.com');
    await expect(page.getByRole('button', { name: t('en', 'account', 'register.submit') })).toBeEnabled();
    expect(problems).toEqual([]);
  });
});

test.describe('with JavaScript the app takes the server’s page over', () => {
  test('home in Slovenian at 390 px (not hydrated): no jump, no error, then the mobile menu opens the app’s calculator', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const problems = collectProblems(page);
    await watchServerPage(page, '.home-facts');
    const shell = new ShellPage(page);
    await page.goto('/');
    await waitForApp(page, 'sl');
    await expectTakenOver(page, { hydrated: false });
    expect(problems).toEqual([]);

    // A link into the app is an ordinary navigation: the calculator's page loads the app, which takes it over.
    await page.evaluate(() => {
      (window as { __homeDocument?: boolean }).__homeDocument = true;
    });
    await shell.openMobileMenu();
    await shell.siteMenu.getByRole('link', { name: t('sl', 'common', 'nav.calculator') }).click();
    await expect(page).toHaveURL((url) => url.pathname === localizedPath('calculator', 'sl'));
    await expect(shell.main.getByRole('heading', { level: 1 })).toHaveText(t('sl', 'pages', 'calculator.title'));
    expect(await page.evaluate(() => (window as { __homeDocument?: boolean }).__homeDocument ?? false), 'a page load, not the app’s navigation').toBe(false);
    await waitForApp(page, 'sl');
    expect(await page.evaluate(() => document.documentElement.dataset.publicPage ?? null), 'the app runs the calculator').toBeNull();
    expect(problems).toEqual([]);
  });

  test('a blog post in English at 1280 px (not hydrated): no jump, no error, then “back” lists the posts', async ({ page }) => {
    const problems = collectProblems(page);
    await watchServerPage(page, '[data-testid="blog-body"]');
    const post = seededPost('enps', 'en');
    const shell = new ShellPage(page);
    await page.goto(post.path);
    await waitForApp(page, 'en');
    await expectTakenOver(page, { hydrated: false });
    await expect(page.getByTestId('blog-body').getByRole('heading', { level: 2 }).first()).toHaveText(post.heading);
    expect(problems).toEqual([]);

    await shell.main.getByRole('link', { name: t('en', 'pages', 'blogPost.back') }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/en/blogs');
    await expect(page.getByTestId('blog-card')).toHaveCount(SEEDED.length);
    await waitForApp(page, 'en');
    expect(problems).toEqual([]);
  });

  test('the calculator in German at 1280 px: no jump, no error, then it prices what is typed', async ({ page }) => {
    const problems = collectProblems(page);
    await watchServerPage(page, '.calculator-panel');
    await page.goto(localizedPath('calculator', 'de'));
    await waitForApp(page, 'de');
    await expectTakenOver(page);
    expect(problems).toEqual([]);

    await page.getByLabel(t('de', 'pages', 'calculator.form.label'), { exact: true }).fill('120');
    await expect(page.getByTestId('calculator-total')).toContainText('€');
    await expect(page.getByTestId('calculator-billed')).toContainText('120');
    expect(problems).toEqual([]);
  });

  test('a past winners year in English at 1280 px (not hydrated): no jump, no error, then another year opens', async ({ page, server }) => {
    const years = (await server.handle.db.all<{ year: number }>('SELECT year FROM award_years WHERE published_at IS NOT NULL ORDER BY year DESC')).map((r) => r.year);
    const [year, earlier] = years;
    if (year === undefined || earlier === undefined) throw new Error('the demo market published fewer than two years');
    const problems = collectProblems(page);
    await watchServerPage(page, '.award-classes');
    const shell = new ShellPage(page);
    await page.goto(localizedPath('pastWinners', 'en', { slug: String(year) }));
    await waitForApp(page, 'en');
    await expectTakenOver(page, { hydrated: false });
    expect(problems).toEqual([]);

    await shell.main.getByRole('navigation', { name: t('en', 'pages', 'pastWinners.years') }).getByRole('link', { name: String(earlier) }).click();
    await expect(shell.main.getByRole('heading', { level: 1 })).toHaveText(t('en', 'pages', 'pastWinners.titleWithYear', { year: earlier }));
    const api = await winnersOf(server, earlier);
    await expect(page.getByTestId('winner')).toHaveCount(api.classes.reduce((n, c) => n + c.winners.length, 0) + api.special.reduce((n, s) => n + s.winners.length, 0));
    expect(problems).toEqual([]);
  });
});

test('a signed-in user gets the app’s shell, and the page works', async ({ page, context, server, request }) => {
  // a guest's request: the rendered page
  expect((await serverHtml(await request.get('/'))).rendered).toBe(true);

  await signIn(context, server, 'demo@example.com');
  const signedIn = await serverHtml(await page.request.get('/'));
  expect(signedIn.rendered).toBe(false);
  expect(signedIn.shell).toBe(true);

  const problems = collectProblems(page);
  const shell = new ShellPage(page);
  await shell.goto('/');
  await expect(shell.main.getByRole('heading', { level: 1 })).toHaveText(t('sl', 'pages', 'home.hero.title'));
  await expect(page.getByTestId('profile-link')).toHaveText(t('sl', 'common', 'header.profile'));
  await shell.languageButton.click();
  await page.getByTestId('language-switcher').locator('a[hreflang="en"]').click();
  await expect(page).toHaveURL((url) => url.pathname === '/en');
  await expect(shell.main.getByRole('heading', { level: 1 })).toHaveText(t('en', 'pages', 'home.hero.title'));
  await expect(page.getByTestId('profile-link')).toHaveText(t('en', 'common', 'header.profile'));
  expect(problems).toEqual([]);
});

test('after the cookie choice, the server’s page has no banner, and none appears', async ({ page, context, request }) => {
  // a first visit: the banner is in the server's HTML, in the page's language
  const first = await serverHtml(await request.get('/en/blogs'));
  expect(first.rendered).toBe(true);
  expect(first.html).toContain('data-testid="cookie-banner"');
  expect(first.html).toContain(t('en', 'common', 'cookies.bannerTitle'));

  const shell = new ShellPage(page);
  await shell.goto('/en');
  await shell.acceptAllCookies();

  const next = await serverHtml(await context.request.get('/en/blogs'));
  expect(next.rendered).toBe(true);
  expect(next.html).not.toContain('data-testid="cookie-banner"');
  expect(next.html).not.toContain(t('en', 'common', 'cookies.bannerTitle'));

  // and the page's script does not bring one
  const problems = collectProblems(page);
  await watchServerPage(page, '[data-testid="blog-card"]');
  await page.goto('/en/blogs');
  await waitForApp(page, 'en');
  await expectTakenOver(page, { hydrated: false });
  expect(await page.evaluate(() => (window as Probe).__ssr?.banners)).toBe(0);
  await expect(shell.cookieBanner).toHaveCount(0);
  expect(problems).toEqual([]);
});

test.describe('axe on the server-rendered pages after their scripts ran', () => {
  // axe-core is injected as an inline script, which the server's CSP rightly forbids.
  test.use({ bypassCSP: true });

  const pages = [
    { name: 'home', locale: 'sl', path: '/' },
    { name: 'blogs', locale: 'en', path: '/en/blogs' },
    { name: 'blog-post', locale: 'hr', path: seededPost('response-rate', 'hr').path },
  ] as const;

  // Each page once, checked at 390 px and then widened to 1280 px.
  test('home (sl), blog (en) and a post (hr) at 390 and 1280 px', async ({ page }) => {
    const shell = new ShellPage(page);
    for (const p of pages) {
      await page.setViewportSize({ width: 390, height: 900 }); // before a navigation, which draws it
      const response = await page.goto(p.path);
      expect(await response?.text()).toContain('id="ssr-data"');
      await waitForApp(page, p.locale);
      await expect(page.locator('html')).toHaveAttribute('lang', p.locale);
      for (const width of [390, 1280]) {
        await shell.resizeTo(width);
        const severe = (await shell.axeViolations()).filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(severe, `${p.path} at ${String(width)} px: ${JSON.stringify(severe, null, 2)}`).toEqual([]);
        await shell.screenshot(`ssr-${p.name}-${p.locale}-${String(width)}`);
      }
    }
  });
});
