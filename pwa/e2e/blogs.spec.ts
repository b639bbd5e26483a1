/**
 * Blogs in a real browser: a visitor reads the posts the first start seeds, in sl and hr at phone and
 * desktop width (axe, screenshots); an unknown slug is a real 404; the administrator writes a post in English,
 * publishes it, a visitor reads it, the administrator withdraws it and it is gone (404); a title with "&" and "<" reads
 * as written everywhere.
 * Screenshots go to test-results/screenshots/blogs-<page>-<locale>-<width>.png.
 */
import { localizedPath } from '../../shared/routes';
import type { Browser, Page } from '@playwright/test';
import { expect, test, type E2eServer } from './fixtures';
import { logInAs } from './pages/admin-page';
import { ShellPage } from './pages/shell-page';
import { localeText } from './pages/texts';
import { png } from '../../server/test/images';
import { lookAt } from './pages/look';

// axe-core is injected as an inline script, which the server's CSP rightly forbids.
test.use({ bypassCSP: true });

const SEEDED = {
  sl: { title: 'Kako je zaščitena anonimnost anketirancev', slug: 'kako-je-zascitena-anonimnost', heading: 'Dostopne kode namesto imen' },
  hr: { title: 'Kako je zaštićena anonimnost ispitanika', slug: 'kako-je-zasticena-anonimnost', heading: 'Pristupni kodovi umjesto imena' },
} as const;

/** The page at 390 px and again widened to 1280 px (the same page: the layout follows the width): axe at both. */
async function axeAtBothWidths(page: Page, shell: ShellPage, name: string) {
  for (const width of [390, 1280]) {
    await shell.resizeTo(width);
    expect(await shell.axeViolations(), `${name} at ${String(width)} px`).toEqual([]);
    await lookAt(page, `test-results/screenshots/${name}-${String(width)}.png`, { fullPage: true });
  }
  await shell.resizeTo(390);
}

for (const locale of ['sl', 'hr'] as const) {
  test(`a visitor reads the seeded posts in ${locale} at 390 and 1280 px (axe)`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 900 });
    const shell = new ShellPage(page);
    const list = await shell.goto(localizedPath('blogs', locale));
    expect(list?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(localeText(locale, 'pages', 'blogs.title'));
    const cards = page.getByTestId('blog-card');
    await expect(cards).toHaveCount(3);
    // Newest first: the anonymity post was published last.
    await expect(cards.first().getByRole('heading')).toHaveText(SEEDED[locale].title);
    await expect(cards.first().locator('img')).toBeVisible();
    await axeAtBothWidths(page, shell, `blogs-list-${locale}`);

    await cards.first().getByRole('link', { name: SEEDED[locale].title }).click();
    await expect(page).toHaveURL((url) => url.pathname === localizedPath('blogPost', locale, { slug: SEEDED[locale].slug }));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(SEEDED[locale].title);
    await expect(page.getByRole('heading', { level: 2, name: SEEDED[locale].heading })).toBeVisible();
    await expect(page.locator('.blog-post-cover')).toBeVisible();
    await axeAtBothWidths(page, shell, `blogs-post-${locale}`);
    await page.getByRole('link', { name: localeText(locale, 'pages', 'blogPost.back') }).click();
    await expect(page).toHaveURL((url) => url.pathname === localizedPath('blogs', locale));
  });
}

test("the header's language switch on a post opens the post's own version, or that language's blog when it has none", async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.goto(localizedPath('blogPost', 'sl', { slug: SEEDED.sl.slug }));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SEEDED.sl.title);
  // Croatian has its own version with its own slug.
  await shell.switchLanguage('hr', localizedPath('blogPost', 'hr', { slug: SEEDED.hr.slug }));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SEEDED.hr.title);
  // German has none: the German blog, not a 404.
  await shell.switchLanguage('de', localizedPath('blogs', 'de'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(localeText('de', 'pages', 'blogs.title'));
  await expect(shell.notFound).toHaveCount(0);
});

test('an unknown slug is a real 404 with the way back to the posts', async ({ page }) => {
  const shell = new ShellPage(page);
  const response = await shell.goto(localizedPath('blogPost', 'hr', { slug: 'ne-postoji' }));
  expect(response?.status()).toBe(404);
  await expect(shell.notFound.getByRole('heading', { level: 1 })).toHaveText(localeText('hr', 'pages', 'blogPost.emptyTitle'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'hr');
  expect(await shell.axeViolations()).toEqual([]);
  await shell.notFound.getByRole('link', { name: localeText('hr', 'pages', 'blogPost.emptyLink') }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/hr/blogs');
});

test('the administrator writes a post in English with the rich-text editor (bold, a list, a link, an image) and publishes it; a visitor reads it; withdrawn it is a 404', async ({
  page,
  context,
  browser,
  server,
}) => {
  // A long journey (two pages, an upload, a visitor): three times the usual budget on a busy machine.
  test.slow();
  await logInAs(context, server);
  const t = (key: string, vars: Record<string, string | number> = {}) => localeText('en', 'admin', key, vars);
  await page.goto(localizedPath('adminBlogs', 'en'));
  await expect(page.getByTestId('blog-row')).toHaveCount(3);
  expect(await new ShellPage(page).axeViolations()).toEqual([]);
  await page.getByRole('link', { name: t('blogs.newPost') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('blogs.editor.newTitle'));
  await page.getByLabel(t('blogs.editor.locale')).selectOption('en');
  await page.getByLabel(t('blogs.editor.title'), { exact: true }).fill('What a pulse survey adds');
  await expect(page.getByLabel(t('blogs.editor.slug'))).toHaveValue('what-a-pulse-survey-adds');
  await page.getByLabel(t('blogs.editor.excerpt')).fill('Between two yearly surveys, a short PULS survey shows whether the actions you chose are working.');

  // The body: typed, formatted with the keyboard and the toolbar.
  const body = page.getByRole('textbox', { name: t('blogs.editor.body') });
  const toolbar = page.getByRole('toolbar', { name: t('blogs.editor.toolbar') });
  await body.click();
  await page.keyboard.type('A short survey between two large ones, with ');
  await page.keyboard.press('Control+B');
  await expect(toolbar.getByRole('button', { name: t('blogs.editor.tools.strong') })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('three questions');
  await page.keyboard.press('Control+B');
  await page.keyboard.type('. <script>alert(1)</script>');
  await page.keyboard.press('Enter');
  await toolbar.getByRole('button', { name: t('blogs.editor.tools.ul') }).click();
  await expect(toolbar.getByRole('button', { name: t('blogs.editor.tools.ul') })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('Pick the actions');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Ask again in three months');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Read the guide');
  // The editor has taken the typed text in before the selection moves (on a busy machine an arrow key can otherwise
  // arrive while the editor still reads the last letters, and the selection starts one letter short).
  await expect(body.locator('p').last()).toHaveText('Read the guide');
  // "guide" selected with the keyboard, then a link (Ctrl+K): the address is typed without its https://.
  for (let i = 0; i < 'guide'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
  await expect.poll(() => page.evaluate(() => window.getSelection()?.toString())).toBe('guide');
  await page.keyboard.press('Control+K');
  const address = page.getByLabel(t('blogs.editor.linkAddress'));
  await expect(address).toBeFocused();
  await address.fill('javascript:alert(1)');
  await address.press('Enter');
  await expect(page.getByText(t('blogs.editor.linkInvalid'))).toBeVisible();
  await address.fill('izz.example/puls');
  await address.press('Enter');
  await expect(body).toBeFocused();
  await expect(body.getByRole('link', { name: 'guide' })).toHaveAttribute('href', 'https://izz.example/puls');
  await expect(body.locator('strong')).toHaveText('three questions');
  await expect(body.locator('ul > li')).toHaveCount(2);
  // A new post has no images yet: the image button says why.
  await toolbar.getByRole('button', { name: t('blogs.editor.tools.img') }).click();
  await expect(page.getByText(t('blogs.editor.imageAfterCreate'))).toBeVisible();
  await page.keyboard.press('Escape');
  await lookAt(page, 'test-results/screenshots/blogs-admin-new-en-1280.png', { fullPage: true });
  await page.getByRole('button', { name: t('blogs.editor.create') }).click();

  await expect(page).toHaveURL(/\/en\/admin\/blogs\/\d+\?locale=en$/);
  await expect(page.getByTestId('blog-status')).toHaveText(t('blogs.statuses.draft'));
  // The draft as saved: the editor shows it again, formatted.
  await expect(body.locator('strong')).toHaveText('three questions');
  // An image at the end of the text, through the toolbar's image form (keyboard only).
  await body.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await toolbar.getByRole('button', { name: t('blogs.editor.tools.img') }).focus();
  await page.keyboard.press('Enter');
  const file = page.getByLabel(t('blogs.editor.imageFile'));
  await expect(file).toBeFocused();
  await file.setInputFiles({ name: 'chart.png', mimeType: 'image/png', buffer: png(640, 320) });
  await page.getByLabel(t('blogs.editor.imageAlt')).fill('A pulse chart');
  await page.getByLabel(t('blogs.editor.imageAlt')).press('Enter');
  const inserted = body.getByRole('img', { name: 'A pulse chart' });
  await expect(inserted).toHaveJSProperty('naturalWidth', 640);
  expect(await new ShellPage(page).axeViolations()).toEqual([]);
  await page.getByRole('button', { name: t('blogs.editor.save'), exact: true }).click();
  await expect(page.getByText(t('blogs.editor.saved'))).toBeVisible();

  const visitor = await browser.newPage({ baseURL: server.url });
  expect((await visitor.goto('/en/blogs/what-a-pulse-survey-adds'))?.status()).toBe(404);

  await page.getByRole('button', { name: t('blogs.editor.publish'), exact: true }).click();
  await expect(page.getByTestId('blog-status')).toHaveText(t('blogs.statuses.published'));
  await lookAt(page, 'test-results/screenshots/blogs-admin-editor-en-1280.png', { fullPage: true });

  await visitor.goto('/en/blogs');
  await expect(visitor.getByTestId('blog-card').first().getByRole('heading')).toHaveText('What a pulse survey adds');
  await visitor.getByRole('link', { name: 'What a pulse survey adds' }).click();
  const published = visitor.locator('.blog-body');
  await expect(published.locator('strong')).toHaveText('three questions');
  await expect(published.locator('ul > li')).toHaveText(['Pick the actions', 'Ask again in three months']);
  await expect(published.getByRole('link', { name: 'guide' })).toHaveAttribute('href', 'https://izz.example/puls');
  await expect(published.getByRole('img', { name: 'A pulse chart' })).toHaveJSProperty('naturalWidth', 640);
  // What was typed as "<script>" is text, never an element.
  await expect(published).toContainText('<script>alert(1)</script>');
  await expect(published.locator('script')).toHaveCount(0);

  await page.getByRole('button', { name: t('blogs.editor.unpublish') }).click();
  await expect(page.getByTestId('blog-status')).toHaveText(t('blogs.statuses.unpublished'));
  const gone = await visitor.goto('/en/blogs/what-a-pulse-survey-adds');
  expect(gone?.status()).toBe(404);
  await expect(visitor.getByTestId('not-found')).toBeVisible();
  await visitor.goto('/en/blogs');
  await expect(visitor.getByTestId('blog-card')).toHaveCount(3);
  await visitor.close();
});

for (const locale of ['sl', 'de'] as const) {
  test(`the address hint shows a readable "…" before a title is typed, then the address (${locale})`, async ({ page, context, server }) => {
    await logInAs(context, server);
    const t = (key: string, vars: Record<string, string | number> = {}) => localeText(locale, 'admin', key, vars);
    await page.goto(localizedPath('adminBlogNew', locale));
    await page.getByLabel(t('blogs.editor.locale')).selectOption(locale);
    const slug = page.getByLabel(t('blogs.editor.slug'));
    const hint = page.locator(`[id="${(await slug.getAttribute('id')) ?? ''}-hint"]`);
    await expect(hint).toHaveText(t('blogs.editor.slugHint', { path: localizedPath('blogs', locale) + '/…' }));
    await expect(hint).not.toContainText('%E2');
    await page.getByLabel(t('blogs.editor.title'), { exact: true }).fill('Anketa 2026');
    await expect(hint).toHaveText(t('blogs.editor.slugHint', { path: localizedPath('blogPost', locale, { slug: 'anketa-2026' }) }));
  });
}

test('a title and excerpt with "&", "<" and quotes read as written: the editor, the list, the post, the tab title and the head', async ({ page, context, browser, server }) => {
  const title = 'Q&A: pay <and> "perks"';
  const excerpt = 'Tom & Jerry say 5 < 6 & 7 > 2.';
  // Two pages, the editor's own chunk and a visitor: three times the usual budget on a busy machine.
  test.slow();
  await logInAs(context, server);
  try {
    await writeAndRead(page, browser, server, title, excerpt);
  } finally {
    // The worker's server is shared with the other blog tests, which count the posts: this one goes again.
    await server.handle.db.run("DELETE FROM blog_posts WHERE id IN (SELECT post_id FROM blog_post_versions WHERE slug = 'q-a-pay-and-perks')");
  }
});

async function writeAndRead(page: Page, browser: Browser, server: E2eServer, title: string, excerpt: string) {
  const t = (key: string) => localeText('en', 'admin', key);
  await page.goto(localizedPath('adminBlogNew', 'en'));
  await page.getByLabel(t('blogs.editor.locale')).selectOption('en');
  await page.getByLabel(t('blogs.editor.title'), { exact: true }).fill(title);
  await expect(page.getByLabel(t('blogs.editor.slug'))).toHaveValue('q-a-pay-and-perks');
  await page.getByLabel(t('blogs.editor.excerpt')).fill(excerpt);
  await page.getByRole('textbox', { name: t('blogs.editor.body') }).fill('Answers.');
  await page.getByRole('button', { name: t('blogs.editor.create') }).click();
  await expect(page.getByTestId('blog-status')).toHaveText(t('blogs.statuses.draft'));
  await page.getByRole('button', { name: t('blogs.editor.publish'), exact: true }).click();
  await expect(page.getByTestId('blog-status')).toHaveText(t('blogs.statuses.published'));
  // The editor, opened again, holds the text as written.
  await page.reload();
  await expect(page.getByLabel(t('blogs.editor.title'), { exact: true })).toHaveValue(title);
  await expect(page.getByLabel(t('blogs.editor.excerpt'))).toHaveValue(excerpt);
  await page.goto(localizedPath('adminBlogs', 'en'));
  await expect(page.getByTestId('blog-row').filter({ hasText: 'perks' }).getByRole('link')).toHaveText(title);

  const visitor = await browser.newPage({ baseURL: server.url });
  const shell = new ShellPage(visitor);
  await shell.goto('/en/blogs');
  const card = visitor.getByTestId('blog-card').filter({ hasText: 'perks' });
  await expect(card.getByRole('heading')).toHaveText(title);
  await expect(card).toContainText(excerpt);
  const response = await shell.goto('/en/blogs/q-a-pay-and-perks');
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(visitor).toHaveTitle(`${title} | ${localeText('en', 'common', 'siteName')}`);
  // The server's head: escaped once (the browser reads it back as the text), never twice.
  const head = (await response?.text()) ?? '';
  expect(head).toContain('<title>Q&amp;A: pay &lt;and&gt; &quot;perks&quot; | Employee Satisfaction Survey</title>');
  expect(head).toContain('<meta name="description" content="Tom &amp; Jerry say 5 &lt; 6 &amp; 7 &gt; 2.">');
  expect(head).not.toContain('&amp;amp;');
  await expect(visitor.locator('meta[property="og:title"]')).toHaveAttribute('content', `${title} | Employee Satisfaction Survey`);
  await visitor.close();
}

// German and Macedonian have no posts of their own: their blog lists the seeded posts in the language a
// reader of theirs reads best, each marked (lang and a visible label), and a card opens the post in its language.
for (const [locale, shown, label] of [
  ['de', 'en', 'blogs.writtenIn.en'],
  ['mk', 'hr', 'blogs.writtenIn.hr'],
] as const) {
  test(`the ${locale} blog lists the other languages' posts, marked, at 390 px (axe)`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 900 });
    const shell = new ShellPage(page);
    await shell.goto(localizedPath('blogs', locale));
    const cards = page.getByTestId('blog-card');
    await expect(cards).toHaveCount(3);
    await expect(page.getByText(localeText(locale, 'pages', 'blogs.emptyTitle'))).toHaveCount(0);
    for (const card of await cards.all()) {
      await expect(card.getByTestId('blog-card-language')).toHaveText(localeText(locale, 'pages', label));
      await expect(card.getByRole('heading', { level: 2 })).toHaveAttribute('lang', shown);
    }
    expect(await shell.axeViolations()).toEqual([]);
    await lookAt(page, `test-results/screenshots/blogs-list-${locale}-390.png`, { fullPage: true });
    const first = cards.first().getByRole('link');
    const title = await first.innerText();
    await first.click();
    await expect(page).toHaveURL((url) => url.pathname.startsWith(`/${shown}/blogs/`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  });
}
