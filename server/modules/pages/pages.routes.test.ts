import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_NOT_FOUND_STATE_KEY } from '../../../shared/constants.js';
import { SEED_BLOG_POSTS } from '../../seed/seed-blogs.js';
import { escapeHtml } from '../../lib/html.js';
import { FAKE_INDEX_HTML, makeFakeDistWithEchoRenderer, makeTempDir, renderedPageState, startTestServer, type TestServer } from '../../test/helpers.js';
import { matchRoute } from '../../../shared/routes.js';
import { renderIndexHtml, renderPageHtml } from './pages.service.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('page routes', () => {
  it.each([
    ['/', 'sl', 'Raziskava zadovoljstva zaposlenih'],
    ['/en', 'en', 'Employee Satisfaction Survey'],
    ['/blogi', 'sl', 'Blog | Raziskava zadovoljstva zaposlenih'],
    ['/en/blogs', 'en', 'Blog | Employee Satisfaction Survey'],
    ['/mk/calculator', 'mk', 'Калкулатор на цената | Истражување за задоволството на вработените'],
  ])('GET %s answers index.html with 200, lang=%s and the page’s own head', async (pathname, lang, title) => {
    const res = await t.fetch(pathname);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain(`<html lang="${lang}">`);
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toContain(`<meta property="og:title" content="${title}">`);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('noindex');
  });

  it('gives a public page its canonical URL, the alternates in all eight locales and a description in its language', async () => {
    const html = await (await t.fetch('/hr/award-conditions')).text();
    const origin = t.handle.config.origin;
    expect(html).toContain(`<link rel="canonical" href="${origin}/hr/award-conditions">`);
    for (const [l, p] of [['sl', '/pogoji-za-nagrado'], ['mk', '/mk/award-conditions'], ['x-default', '/pogoji-za-nagrado']]) {
      expect(html).toContain(`<link rel="alternate" hreflang="${l}" href="${origin}${p!}">`);
    }
    expect(html).toMatch(/<meta name="description" content="Svake godine biramo najbolje poslodavce[^"]*">/);
  });

  it.each([
    ['/profil/izz/12', 'sl', 'Raziskava zadovoljstva zaposlenih', 'Raziskava zadovoljstva zaposlenih in priznanje'],
    ['/hr/login', 'hr', 'Istraživanje zadovoljstva zaposlenika', 'Istraživanje zadovoljstva zaposlenika i nagrada'],
  ])('GET %s has the site’s name and description in its language (lang=%s), marked noindex', async (pathname, lang, title, description) => {
    const res = await t.fetch(pathname);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<html lang="${lang}">`);
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).not.toContain('Izbor zaposlovalca');
    expect(html).toMatch(new RegExp(`<meta name="description" content="${description}[^"]*">`));
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).toContain('<meta name="robots" content="noindex">');
  });

  // An invitation link's preview (chat apps and mail read the server's head) names the questionnaire in the
  // invitation's language, never the template's Slovenian title and English description.
  it.each([
    ['/vprasalnik?code=ABCDE-FGH23', 'sl'],
    ['/de/questionnaire?code=ABCDE-FGH23', 'de'],
    ['/mk/questionnaire', 'mk'],
    ['/en/questionnaire-puls?code=ABCDE-FGH23', 'en'],
  ] as const)('the code entry %s has its title and description in %s (and og: tags for link previews), noindex', async (pathname, lang) => {
    const html = await (await t.fetch(pathname)).text();
    const q = JSON.parse(fs.readFileSync(path.resolve('shared/i18n', lang, 'questionnaire.json'), 'utf8')) as { entry: Record<string, string> };
    const site = (JSON.parse(fs.readFileSync(path.resolve('shared/i18n', lang, 'common.json'), 'utf8')) as { siteName: string }).siteName;
    const puls = pathname.includes('puls');
    const title = escapeHtml(`${puls ? q.entry.pulsTitle! : q.entry.title!} | ${site}`);
    const description = escapeHtml(puls ? q.entry.pulsPreviewDescription! : q.entry.previewDescription!);
    expect(html).toContain(`<html lang="${lang}">`);
    expect(html).toContain(`<title>${title}</title>`);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain(`<meta name="description" content="${description}">`);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).toContain(`<meta property="og:title" content="${title}">`);
    expect(html).toContain(`<meta property="og:description" content="${description}">`);
    expect(html).toContain(`<meta property="og:locale" content="${lang}">`);
    expect(html).not.toContain('Employee satisfaction survey and Best Employer award platform.');
    expect(html).toContain('<meta name="robots" content="noindex">');
  });

  describe("a blog post's own head", () => {
    const enps = SEED_BLOG_POSTS.find((p) => p.key === 'enps');
    const paths = { sl: '/blogi/kaj-vam-pove-enps', en: '/en/blogs/what-enps-tells-you', hr: '/hr/blogs/sto-vam-govori-enps' } as const;

    it.each([
      ['sl', 'Raziskava zadovoljstva zaposlenih'],
      ['en', 'Employee Satisfaction Survey'],
    ] as const)('a seeded post in %s: its title, excerpt, URL, its versions in sl, en and hr as alternates, an article with its cover', async (locale, site) => {
      const version = enps?.versions[locale];
      if (!version) throw new Error(`the seeded eNPS post has no ${locale} version`);
      const origin = t.handle.config.origin;
      const res = await t.fetch(paths[locale]);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain(`<html lang="${locale}">`);
      const title = escapeHtml(`${version.title} | ${site}`);
      expect(html).toContain(`<title>${title}</title>`);
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html).toContain(`<meta name="description" content="${escapeHtml(version.excerpt)}">`);
      expect(html.match(/<meta name="description"/g)).toHaveLength(1);
      expect(html).toContain(`<link rel="canonical" href="${origin}${paths[locale]}">`);
      for (const [l, p] of Object.entries(paths)) expect(html).toContain(`<link rel="alternate" hreflang="${l}" href="${origin}${p}">`);
      expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${origin}${paths.sl}">`);
      expect(html.match(/hreflang=/g)).toHaveLength(4);
      expect(html).toContain('<meta property="og:type" content="article">');
      expect(html).toContain(`<meta property="og:title" content="${title}">`);
      expect(html).toContain(`<meta property="og:description" content="${escapeHtml(version.excerpt)}">`);
      expect(html).toContain(`<meta property="og:url" content="${origin}${paths[locale]}">`);
      expect(html).toContain(`<meta property="og:locale" content="${locale}">`);
      const image = new RegExp(`<meta property="og:image" content="${origin}(/api/assets/[0-9a-f-]+)">`).exec(html)?.[1];
      expect(image).toBeDefined();
      expect((await t.fetch(image ?? '')).headers.get('content-type')).toBe('image/svg+xml');
      expect(html).not.toContain('noindex');
    });

    it('an unknown slug is still the not-found page: 404, noindex, no canonical', async () => {
      const res = await t.fetch('/en/blogs/no-such-post');
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(html).not.toContain('rel="canonical"');
      expect(html).not.toContain('og:type');
    });
  });

  it('answers 404 with the English text for an unknown /en path', async () => {
    const res = await t.fetch('/en/no-such-page');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>This page could not be found</title>');
    expect(html).toContain('<meta name="robots" content="noindex">');
  });

  it('answers 404 with the Slovenian text for an unknown unprefixed path', async () => {
    const res = await t.fetch('/no-such');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('<html lang="sl">');
    expect(html).toContain('<title>Te strani ni bilo mogoče najti</title>');
  });

  it('answers 404 when a route parameter fails its pattern', async () => {
    expect((await t.fetch('/profil/izz/abc')).status).toBe(404);
    expect((await t.fetch('/en/blogs/Not_A_Slug')).status).toBe(404);
  });

  it('serves hashed assets as immutable and the service worker and manifest as no-cache', async () => {
    const asset = await t.fetch('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    for (const file of ['/sw.js', '/manifest.webmanifest']) {
      const res = await t.fetch(file);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
    expect(await (await t.fetch('/index.html')).text()).toBe(FAKE_INDEX_HTML);
  });

  it('keeps the template in memory once read', async () => {
    const file = path.join(t.handle.config.staticDir, 'index.html');
    fs.writeFileSync(file, '<html><head><title>changed</title></head></html>');
    const html = await (await t.fetch('/en/login')).text();
    expect(html).toContain('/assets/index-abc123.js');
    expect(html).not.toContain('changed');
    fs.writeFileSync(file, FAKE_INDEX_HTML);
  });
});

describe('a winners page of a year that is not published', () => {
  const year = (y: number, publishedAt: string | null) =>
    `INSERT INTO award_years (year, published_at, computed_at, results, created_at) VALUES (${String(y)}, ${publishedAt === null ? 'NULL' : `'${publishedAt}'`}, '2021-12-01T09:00:00.000Z', '[]', '2021-12-01T09:00:00.000Z')`;
  let rendered: TestServer;
  let root: string;
  beforeAll(async () => {
    await t.handle.db.run(year(2021, '2021-12-15T09:00:00.000Z'));
    await t.handle.db.run(year(2020, null));
    root = makeTempDir('izz-pages-');
    rendered = await startTestServer({ STATIC_DIR: makeFakeDistWithEchoRenderer(root) });
    await rendered.handle.db.run(year(2021, '2021-12-15T09:00:00.000Z'));
    await rendered.handle.db.run(year(2020, null));
  });
  afterAll(async () => {
    await rendered.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it.each([
    ['/en/past-winners/2020', 'en', 'This page could not be found'],
    ['/pretekli-nagrajenci/1999', 'sl', 'Te strani ni bilo mogoče najti'],
    ['/mk/past-winners/2031', 'mk', 'Оваа страница не може да се најде'],
    ['/de/past-winners/bestes-jahr', 'de', 'Diese Seite wurde nicht gefunden'],
  ])('GET %s (computed but unpublished, never held, not a year) is a 404 in %s, not indexed, with the not-found title', async (pathname, lang, title) => {
    const res = await t.fetch(pathname);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain(`<html lang="${lang}">`);
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('og:title');
  });

  it('a published year is 200 with its own head, and indexed', async () => {
    const res = await t.fetch('/en/past-winners/2021');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>Past winners 2021 | Employee Satisfaction Survey</title>');
    expect(html).not.toContain('noindex');
  });

  it('with the page renderer, the 404 is rendered as the page’s not-found page (page state: the path); a published year is not', async () => {
    const missing = await rendered.fetch('/hr/past-winners/2020');
    expect(missing.status).toBe(404);
    const html = await missing.text();
    expect(html).toContain('<div id="root"><main id="main">rendered</main></div>');
    expect(renderedPageState(html)).toEqual({ [PAGE_NOT_FOUND_STATE_KEY]: '/hr/past-winners/2020' });
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<html lang="hr">');

    const shown = await rendered.fetch('/hr/past-winners/2021');
    expect(shown.status).toBe(200);
    expect(renderedPageState(await shown.text())).toEqual({});
    // A blog post that is not public is rendered the same way.
    const post = await rendered.fetch('/en/blogs/no-such-post');
    expect(post.status).toBe(404);
    expect(renderedPageState(await post.text())).toEqual({ [PAGE_NOT_FOUND_STATE_KEY]: '/en/blogs/no-such-post' });
  });
});

describe('without a build', () => {
  it('answers 503 with a hint to run npm run build, while the API keeps working', async () => {
    const server = await startTestServer({ STATIC_DIR: '/nonexistent/izz-dist' });
    try {
      const res = await server.fetch('/en/blogs');
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await res.text()).toContain('npm run build');
      expect((await server.fetch('/api/health')).status).toBe(200);
      expect((await server.fetch('/api/nope')).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe('renderPageHtml with the app’s own template', () => {
  it('replaces the Slovenian title and the English description of a code entry in every locale', () => {
    const template = fs.readFileSync(path.resolve('pwa/index.html'), 'utf8');
    for (const [pathname, title] of [
      ['/fr/questionnaire', 'Questionnaire de satisfaction des salariés'],
      ['/hr/questionnaire', 'Upitnik o zadovoljstvu zaposlenika'],
    ] as const) {
      const match = matchRoute(pathname);
      if (!match) throw new Error(pathname);
      const html = renderPageHtml(template, match, 'https://izz.example');
      expect(html).toContain(`<title>${title} | `);
      expect(html).not.toContain('<title>Raziskava zadovoljstva zaposlenih</title>');
      expect(html).not.toContain('Employee satisfaction survey and Best Employer award platform.');
      expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    }
  });
});

describe('renderIndexHtml', () => {
  it('replaces an existing lang attribute and keeps the others', () => {
    const html = renderIndexHtml('<html class="x" lang="en" dir="ltr"><head><title>T</title></head></html>', 'de', false);
    expect(html).toBe('<html class="x" dir="ltr" lang="de"><head><title>T</title></head></html>');
  });
  it('adds a title when the template has none, escaping the text', () => {
    const html = renderIndexHtml('<html><head></head></html>', 'fr', true);
    expect(html).toContain('<title>Cette page est introuvable</title>');
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('lists the public pages in every locale with alternates, and each published winners year', async () => {
    await t.handle.db.run("INSERT INTO award_years (year, published_at, computed_at, results, created_at) VALUES (2024, '2024-12-15T09:00:00.000Z', '2024-12-15T09:00:00.000Z', '[]', '2024-12-15T09:00:00.000Z')");
    const res = await t.fetch('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await res.text();
    const origin = t.handle.config.origin;
    expect(xml).toContain(`<loc>${origin}/</loc>`);
    expect(xml).toContain(`<loc>${origin}/en/award-conditions</loc>`);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="mk" href="${origin}/mk/conducting-research"/>`);
    expect(xml).toContain(`<loc>${origin}/pretekli-nagrajenci/2024</loc>`);
    expect(xml).not.toContain('/profil');
    expect(xml).not.toContain('/admin');
  });

  it('keeps crawlers out of the profile, administration, questionnaire and reports', async () => {
    const res = await t.fetch('/robots.txt');
    expect(res.status).toBe(200);
    const text = await res.text();
    for (const rule of ['Disallow: /api/', 'Disallow: /profil', 'Disallow: /en/profile', 'Disallow: /admin', 'Disallow: /vprasalnik', 'Disallow: /porocilo']) expect(text).toContain(`${rule}\n`);
    expect(text).toContain(`Sitemap: ${t.handle.config.origin}/sitemap.xml`);
  });
});

