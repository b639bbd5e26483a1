/** Blogs API: the public list and post, the administrator's writing, sanitisation, paging, 404s and slug uniqueness. */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminBlogListItemSchema, adminBlogPostSchema, BLOG_PAGE_SIZE, blogListSchema, blogPostSchema, type AdminBlogPost, type BlogList } from '../../../shared/schemas/blogs.js';
import { adminCookie, call, demoSessionCookie, json, startTestServer, type ErrorJson, type TestServer } from '../../test/helpers.js';
import sharp from 'sharp';
import { png, pngHeaderOnly } from '../../test/images.js';
import { ensureBlogPosts } from '../../seed/seed-blogs.js';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let t: TestServer;
let admin: string;
beforeAll(async () => {
  t = await startTestServer();
  admin = await adminCookie(t);
});
afterAll(() => t.close());

const version = (slug: string, extra: Record<string, unknown> = {}) => ({
  slug,
  title: `Title ${slug}`,
  excerpt: `Excerpt of ${slug}`,
  body_html: `<p>Body of ${slug}</p>`,
  ...extra,
});

async function createPost(body: Record<string, unknown>): Promise<AdminBlogPost> {
  const res = await call(t, 'POST', '/api/admin/blogs', { cookie: admin, body });
  expect(res.status).toBe(201);
  return adminBlogPostSchema.strict().parse((await json<{ data: unknown }>(res)).data);
}
const publish = (id: number) => call(t, 'POST', `/api/admin/blogs/${String(id)}/publish`, { cookie: admin });

describe('the seeded posts', () => {
  it('three published posts in sl, en and hr, newest first, with covers', async () => {
    for (const locale of ['sl', 'en', 'hr']) {
      const res = await t.fetch(`/api/blogs?locale=${locale}`);
      expect(res.status).toBe(200);
      const list = blogListSchema.strict().parse((await json<{ data: unknown }>(res)).data);
      expect(list.total).toBeGreaterThanOrEqual(3);
      const seeded = list.items.filter((i) => i.cover_url !== null);
      expect(seeded.length).toBe(3);
      const dates = list.items.map((i) => i.published_at);
      expect([...dates].sort().reverse()).toEqual(dates);
      const cover = await t.fetch(seeded[0]?.cover_url ?? '');
      expect(cover.headers.get('content-type')).toBe('image/svg+xml');
    }
    const sl = await json<{ data: BlogList }>(await t.fetch('/api/blogs?locale=sl'));
    expect(sl.data.items.map((i) => i.title)).toContain('Kako je zaščitena anonimnost anketirancev');
  });

  // A language without posts of its own lists the others' posts, each once, in the language it is read in
  // best (the card's locale marks it), instead of "no posts yet".
  it.each([
    ['de', 'en', 'what-enps-tells-you'],
    ['fr', 'en', 'what-enps-tells-you'],
    ['sr', 'hr', 'sto-vam-govori-enps'],
    ['bs', 'hr', 'sto-vam-govori-enps'],
    ['mk', 'hr', 'sto-vam-govori-enps'],
  ] as const)('the %s list shows the seeded posts in %s, each once', async (locale, shown, slug) => {
    const list = blogListSchema.strict().parse((await json<{ data: unknown }>(await t.fetch(`/api/blogs?locale=${locale}`))).data);
    const seeded = list.items.filter((i) => i.cover_url !== null);
    expect(seeded).toHaveLength(3);
    expect(seeded.every((i) => i.locale === shown)).toBe(true);
    expect(seeded.map((i) => i.slug)).toContain(slug);
    expect(new Set(list.items.map((i) => i.id)).size).toBe(list.items.length);
    // Each card opens: its slug is the post's in the card's locale.
    expect((await t.fetch(`/api/blogs/${seeded[0]!.locale}/${seeded[0]!.slug}`)).status).toBe(200);
  });

  it('a post written in the page’s language comes before the others’, and is shown in that language', async () => {
    const post = await createPost({ locale: 'de', ...version('nur-deutsch'), publish_at: '2020-01-01T09:00:00Z' });
    await publish(post.id);
    const de = await json<{ data: BlogList }>(await t.fetch('/api/blogs?locale=de'));
    expect(de.data.items[0]).toMatchObject({ slug: 'nur-deutsch', locale: 'de' });
    expect(de.data.items.slice(1).every((i) => i.locale !== 'de')).toBe(true);
    // In English it is one of the others' posts, after the English ones.
    const en = await json<{ data: BlogList }>(await t.fetch('/api/blogs?locale=en'));
    const locales = en.data.items.map((i) => i.locale);
    expect(locales).toContain('de');
    expect(locales.indexOf('de')).toBeGreaterThan(locales.lastIndexOf('en'));
    await call(t, 'DELETE', `/api/admin/blogs/${String(post.id)}`, { cookie: admin });
  });

  it('a post by locale and slug in one call, with its other languages', async () => {
    const res = await t.fetch('/api/blogs/hr/sto-vam-govori-enps');
    expect(res.status).toBe(200);
    const post = blogPostSchema.strict().parse((await json<{ data: unknown }>(res)).data);
    expect(post.title).toBe('Što vam govori eNPS, a što ne');
    expect(post.body_html).toContain('<h2>Kako se izračunava</h2>');
    expect(post.translations).toEqual([
      { locale: 'en', slug: 'what-enps-tells-you' },
      { locale: 'sl', slug: 'kaj-vam-pove-enps' },
    ]);
    // The Croatian slug is not an English post.
    expect((await t.fetch('/api/blogs/en/sto-vam-govori-enps')).status).toBe(404);
  });

  it('seeds once: a second start changes nothing', async () => {
    const before = await t.handle.db.all('SELECT id FROM blog_posts ORDER BY id');
    expect(await ensureBlogPosts(t.handle.db)).toBe(false);
    expect(await t.handle.db.all('SELECT id FROM blog_posts ORDER BY id')).toEqual(before);
  });
});

describe('public 404s and validation', () => {
  it('unknown slug, unknown locale and a malformed slug', async () => {
    const unknown = await t.fetch('/api/blogs/en/no-such-post', { headers: { 'Accept-Language': 'en' } });
    expect(unknown.status).toBe(404);
    expect((await json<ErrorJson>(unknown)).error).toEqual({ code: 'not-found', message: 'The requested item was not found.' });
    const sl = await t.fetch('/api/blogs/sl/ni-takega?lang=sl');
    expect((await json<ErrorJson>(sl)).error.message).toBe('Zahtevanega elementa ni bilo mogoče najti.');
    expect((await t.fetch('/api/blogs/xx/what-enps-tells-you')).status).toBe(422);
    expect((await t.fetch('/api/blogs/en/Bad_Slug')).status).toBe(422);
    expect((await t.fetch('/api/blogs?locale=en&page=0')).status).toBe(422);
    expect((await t.fetch('/api/blogs')).status).toBe(422);
  });
});

describe('the post pages the server answers', () => {
  it('a known post page is 200; an unknown, draft or other-language slug is a real 404 with noindex', async () => {
    const ok = await t.fetch('/blogi/kaj-vam-pove-enps');
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('<html lang="sl">');
    expect((await t.fetch('/hr/blogs/sto-vam-govori-enps')).status).toBe(200);
    const unknown = await t.fetch('/en/blogs/no-such-post');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('<meta name="robots" content="noindex">');
    expect((await t.fetch('/en/blogs/kaj-vam-pove-enps')).status).toBe(404);
    const draft = await createPost({ locale: 'en', ...version('draft-page') });
    const hidden = await t.fetch('/en/blogs/draft-page');
    expect(hidden.status).toBe(404);
    const hiddenHtml = await hidden.text();
    expect(hiddenHtml).toContain('<meta name="robots" content="noindex">');
    expect(hiddenHtml).not.toContain('Title draft-page');
    await publish(draft.id);
    const shown = await t.fetch('/en/blogs/draft-page');
    expect(shown.status).toBe(200);
    // Its own head: only in English and without a cover, so x-default is itself and there is no og:image.
    const html = await shown.text();
    const url = `${t.handle.config.origin}/en/blogs/draft-page`;
    expect(html).toContain('<title>Title draft-page | Employee Satisfaction Survey</title>');
    expect(html).toContain('<meta name="description" content="Excerpt of draft-page">');
    expect(html).toContain(`<link rel="canonical" href="${url}">`);
    expect(html).toContain(`<link rel="alternate" hreflang="en" href="${url}">`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${url}">`);
    expect(html.match(/hreflang=/g)).toHaveLength(2);
    expect(html).not.toContain('og:image');
    expect((await t.fetch('/en/blogs')).status).toBe(200);
  });

  it('the sitemap lists each public post once per language, with its own slug per language as alternates', async () => {
    const xml = await (await t.fetch('/sitemap.xml')).text();
    expect(xml).toContain('<loc>http://localhost:3000/blogi/kaj-vam-pove-enps</loc>'.replace('http://localhost:3000', new URL(t.handle.config.origin).origin));
    expect(xml).toMatch(/hreflang="hr" href="[^"]*\/hr\/blogs\/sto-vam-govori-enps"/);
    expect(xml).toMatch(/hreflang="en" href="[^"]*\/en\/blogs\/what-enps-tells-you"/);
    expect(xml).not.toContain('/de/blogs/what-enps-tells-you');
    expect(xml).not.toContain('draft-page-unlisted');
  });
});

describe('access: only the administrator writes', () => {
  const ROUTES: [string, string, unknown?][] = [
    ['GET', '/api/admin/blogs'],
    ['POST', '/api/admin/blogs', { locale: 'en', ...version('x') }],
    ['POST', '/api/admin/blogs/preview', { body_html: '<p>x</p>' }],
    ['GET', '/api/admin/blogs/1'],
    ['PUT', '/api/admin/blogs/1', { publish_at: null }],
    ['DELETE', '/api/admin/blogs/1'],
    ['PUT', '/api/admin/blogs/1/versions/en', version('x')],
    ['DELETE', '/api/admin/blogs/1/versions/en'],
    ['POST', '/api/admin/blogs/1/publish'],
    ['POST', '/api/admin/blogs/1/unpublish'],
    ['DELETE', '/api/admin/blogs/1/cover'],
    ['POST', '/api/admin/blogs/1/images'],
  ];
  it.each(ROUTES)('%s %s: 401 logged out, 403 for a company user, nothing changed', async (method, path, body) => {
    const cookie = await demoSessionCookie(t.handle);
    const snapshot = async () => JSON.stringify(await t.handle.db.all('SELECT * FROM blog_posts ORDER BY id')) + JSON.stringify(await t.handle.db.all('SELECT post_id, locale, slug, title, body_html FROM blog_post_versions ORDER BY post_id, locale'));
    const before = await snapshot();
    expect((await call(t, method, path, { body })).status).toBe(401);
    const company = await call(t, method, path, { body, cookie });
    expect(company.status).toBe(403);
    expect((await json<ErrorJson>(company)).error.code).toBe('forbidden');
    expect(await snapshot()).toBe(before);
  });
});

describe('writing, publishing and unpublishing', () => {
  it('a draft is not public; published it is; a future date waits; unpublished it is gone; every step audited', async () => {
    const post = await createPost({ locale: 'en', ...version('a-new-post') });
    expect(post).toMatchObject({ status: 'draft', publish_at: null, cover_url: null, versions: [{ locale: 'en', slug: 'a-new-post' }] });
    expect((await t.fetch('/api/blogs/en/a-new-post')).status).toBe(404);

    const published = adminBlogPostSchema.parse((await json<{ data: unknown }>(await publish(post.id))).data);
    expect(published.status).toBe('published');
    expect(published.publish_at).not.toBeNull();
    const visible = await json<{ data: { title: string; translations: unknown[] } }>(await t.fetch('/api/blogs/en/a-new-post'));
    expect(visible.data).toMatchObject({ title: 'Title a-new-post', translations: [] });
    const list = await json<{ data: BlogList }>(await t.fetch('/api/blogs?locale=en'));
    expect(list.data.items[0]?.slug).toBe('a-new-post');

    const future = await call(t, 'PUT', `/api/admin/blogs/${String(post.id)}`, { cookie: admin, body: { publish_at: '2999-01-01T08:00:00+01:00' } });
    expect((await json<{ data: AdminBlogPost }>(future)).data.publish_at).toBe('2999-01-01T07:00:00.000Z');
    expect((await t.fetch('/api/blogs/en/a-new-post')).status).toBe(404);
    await call(t, 'PUT', `/api/admin/blogs/${String(post.id)}`, { cookie: admin, body: { publish_at: '2020-01-01T00:00:00Z' } });
    expect((await t.fetch('/api/blogs/en/a-new-post')).status).toBe(200);

    const unpublished = await call(t, 'POST', `/api/admin/blogs/${String(post.id)}/unpublish`, { cookie: admin });
    expect((await json<{ data: AdminBlogPost }>(unpublished)).data.status).toBe('unpublished');
    expect((await t.fetch('/api/blogs/en/a-new-post')).status).toBe(404);

    const actions = await t.handle.db.all<{ action: string }>("SELECT action FROM audit_log WHERE target_type = 'blog_post' AND target_id = ? ORDER BY id", [String(post.id)]);
    expect(actions.map((a) => a.action)).toEqual(['blog.create', 'blog.publish', 'blog.update', 'blog.update', 'blog.unpublish']);
  });

  it('language versions: added, listed, each with its own slug; the last one cannot be removed; the post can be deleted', async () => {
    const post = await createPost({ locale: 'sl', ...version('dvojezicni-prispevek') });
    const saved = await call(t, 'PUT', `/api/admin/blogs/${String(post.id)}/versions/de`, { cookie: admin, body: version('zweisprachiger-beitrag') });
    expect(saved.status).toBe(200);
    expect((await json<{ data: AdminBlogPost }>(saved)).data.versions.map((v) => v.locale)).toEqual(['de', 'sl']);
    await publish(post.id);
    const de = await json<{ data: { translations: unknown[] } }>(await t.fetch('/api/blogs/de/zweisprachiger-beitrag'));
    expect(de.data.translations).toEqual([{ locale: 'sl', slug: 'dvojezicni-prispevek' }]);

    const list = await json<{ data: unknown[] }>(await call(t, 'GET', '/api/admin/blogs', { cookie: admin }));
    const item = list.data.map((i) => adminBlogListItemSchema.strict().parse(i)).find((i) => i.id === post.id);
    expect(item?.versions.map((v) => v.slug)).toEqual(['zweisprachiger-beitrag', 'dvojezicni-prispevek']);

    expect((await call(t, 'DELETE', `/api/admin/blogs/${String(post.id)}/versions/de`, { cookie: admin })).status).toBe(200);
    expect((await t.fetch('/api/blogs/de/zweisprachiger-beitrag')).status).toBe(404);
    const last = await call(t, 'DELETE', `/api/admin/blogs/${String(post.id)}/versions/sl`, { cookie: admin });
    expect(last.status).toBe(409);
    expect((await call(t, 'DELETE', `/api/admin/blogs/${String(post.id)}/versions/fr`, { cookie: admin })).status).toBe(404);

    expect((await call(t, 'DELETE', `/api/admin/blogs/${String(post.id)}`, { cookie: admin })).status).toBe(204);
    expect((await call(t, 'GET', `/api/admin/blogs/${String(post.id)}`, { cookie: admin })).status).toBe(404);
    expect((await t.fetch('/api/blogs/sl/dvojezicni-prispevek')).status).toBe(404);
  });

  it('a slug is unique per locale: 409 slug-taken in the user language; the same slug in another locale is fine', async () => {
    const first = await createPost({ locale: 'en', ...version('shared-slug') });
    const taken = await call(t, 'POST', '/api/admin/blogs', { cookie: admin, body: { locale: 'en', ...version('shared-slug') }, headers: { 'Accept-Language': 'en' } });
    expect(taken.status).toBe(409);
    expect((await json<ErrorJson>(taken)).error).toEqual({ code: 'slug-taken', message: 'Another post in this language already uses this URL slug. Choose a different one.' });
    const other = await createPost({ locale: 'hr', ...version('other-slug') });
    const onUpdate = await call(t, 'PUT', `/api/admin/blogs/${String(other.id)}/versions/en?lang=hr`, { cookie: admin, body: version('shared-slug') });
    expect(onUpdate.status).toBe(409);
    expect((await json<ErrorJson>(onUpdate)).error.message).toBe('Ovaj URL (slug) već koristi druga objava na ovom jeziku. Odaberite drugi.');
    // The same slug in another language, and the post's own slug saved again, are fine.
    expect((await call(t, 'PUT', `/api/admin/blogs/${String(other.id)}/versions/hr`, { cookie: admin, body: version('shared-slug') })).status).toBe(200);
    expect((await call(t, 'PUT', `/api/admin/blogs/${String(first.id)}/versions/en`, { cookie: admin, body: version('shared-slug', { title: 'Renamed' }) })).status).toBe(200);
  });

  it('validation errors name the fields, in the user language, and change nothing', async () => {
    const count = async () => (await t.handle.db.all('SELECT id FROM blog_posts')).length;
    const before = await count();
    const en = await call(t, 'POST', '/api/admin/blogs', { cookie: admin, body: { locale: 'xx', slug: 'Not A Slug', title: '', excerpt: 'x', body_html: '<p>x</p>' }, headers: { 'Accept-Language': 'en' } });
    expect(en.status).toBe(422);
    const body = await json<ErrorJson>(en);
    expect(body.error.code).toBe('validation-failed');
    const byPath = Object.fromEntries((body.error.details ?? []).map((d) => [d.path, d.message]));
    expect(byPath.slug).toBe('Use only lowercase letters without accents, digits and hyphens (e.g. how-to-raise-response).');
    expect(byPath.title).toBe('This field is required.');
    expect(byPath.locale).toBeDefined();
    const sl = await json<ErrorJson>(await call(t, 'POST', '/api/admin/blogs?lang=sl', { cookie: admin, body: { locale: 'sl', ...version('šumnik-č') } }));
    expect(sl.error.message).toBe('Nekateri podatki niso veljavni. Preverite označena polja.');
    expect(sl.error.details?.[0]?.message).toMatch(/male črke/);
    const date = await call(t, 'PUT', '/api/admin/blogs/1', { cookie: admin, body: { publish_at: 'tomorrow' } });
    expect(date.status).toBe(422);
    expect(await count()).toBe(before);
    expect((await call(t, 'GET', '/api/admin/blogs/999999', { cookie: admin })).status).toBe(404);
  });
});

describe('sanitisation on the way in and out', () => {
  const hostile =
    '<h2 onclick="x()">Safe</h2><script>alert(1)</script><p style="color:red">Text <a href="javascript:alert(1)">bad</a> <a href="https://ok.example/">ok</a></p>' +
    '<iframe src="https://evil.example/"></iframe><img src="https://evil.example/p.png" onerror="alert(1)">';

  it('stores the body sanitised, titles and excerpts as plain text; the preview shows the same', async () => {
    const post = await createPost({ locale: 'en', ...version('hostile-post', { title: '<b>Bold</b>  title<script>x</script>', body_html: hostile }) });
    const v = post.versions[0];
    // Plain text as written (white space collapsed): it is text on every output, never markup.
    expect(v?.title).toBe('<b>Bold</b> title<script>x</script>');
    expect(v?.body_html).toBe('<h2>Safe</h2><p>Text <a rel="noopener noreferrer">bad</a> <a href="https://ok.example/" rel="noopener noreferrer">ok</a></p>');
    const stored = await t.handle.db.get<{ body_html: string }>('SELECT body_html FROM blog_post_versions WHERE post_id = ?', [post.id]);
    expect(stored?.body_html).toBe(v?.body_html);
    const preview = await json<{ data: { body_html: string } }>(await call(t, 'POST', '/api/admin/blogs/preview', { cookie: admin, body: { body_html: hostile } }));
    expect(preview.data.body_html).toBe(v?.body_html);
  });

  it('sanitises again on output what reached the database by other means', async () => {
    const post = await createPost({ locale: 'en', ...version('raw-in-database') });
    await publish(post.id);
    await t.handle.db.run('UPDATE blog_post_versions SET body_html = ? WHERE post_id = ?', [hostile, post.id]);
    const out = await json<{ data: { body_html: string } }>(await t.fetch('/api/blogs/en/raw-in-database'));
    expect(out.data.body_html).not.toMatch(/script|onclick|onerror|javascript:|iframe|evil\.example|style=/i);
    expect(out.data.body_html).toContain('<h2>Safe</h2>');
    const adminView = await json<{ data: AdminBlogPost }>(await call(t, 'GET', `/api/admin/blogs/${String(post.id)}`, { cookie: admin }));
    expect(adminView.data.versions[0]?.body_html).toBe(out.data.body_html);
  });
});

describe('titles and excerpts are plain text, escaped once on output', () => {
  const title = 'Q&A: pay <and> "perks" & more';
  const excerpt = 'Tom & Jerry say 5 < 6 & 7 > 2';

  it('"Q&A" is "Q&A" in the list, the post and the editor, and escaped exactly once in the page head (en, sl)', async () => {
    const post = await createPost({ locale: 'en', ...version('q-and-a', { title, excerpt }) });
    await call(t, 'PUT', `/api/admin/blogs/${String(post.id)}/versions/sl`, { cookie: admin, body: version('vprasanja-in-odgovori', { title: 'V&O: plače <in> "ugodnosti"', excerpt }) });
    await publish(post.id);
    const stored = await t.handle.db.all<{ title: string; excerpt: string }>('SELECT title, excerpt FROM blog_post_versions WHERE post_id = ? ORDER BY locale', [post.id]);
    expect(stored).toEqual([
      { title, excerpt },
      { title: 'V&O: plače <in> "ugodnosti"', excerpt },
    ]);

    const list = await json<{ data: BlogList }>(await t.fetch('/api/blogs?locale=en'));
    expect(list.data.items.find((i) => i.slug === 'q-and-a')).toMatchObject({ title, excerpt });
    const one = await json<{ data: { title: string; excerpt: string } }>(await t.fetch('/api/blogs/en/q-and-a'));
    expect(one.data).toMatchObject({ title, excerpt });
    const editor = await json<{ data: AdminBlogPost }>(await call(t, 'GET', `/api/admin/blogs/${String(post.id)}`, { cookie: admin }));
    expect(editor.data.versions.find((v) => v.locale === 'en')).toMatchObject({ title, excerpt });
    const adminList = await json<{ data: { id: number; versions: { title: string }[] }[] }>(await call(t, 'GET', '/api/admin/blogs', { cookie: admin }));
    expect(adminList.data.find((p) => p.id === post.id)?.versions.map((v) => v.title)).toEqual([title, 'V&O: plače <in> "ugodnosti"']);

    const en = await (await t.fetch('/en/blogs/q-and-a')).text();
    const enTitle = 'Q&amp;A: pay &lt;and&gt; &quot;perks&quot; &amp; more | Employee Satisfaction Survey';
    expect(en).toContain(`<title>${enTitle}</title>`);
    expect(en).toContain(`<meta property="og:title" content="${enTitle}">`);
    expect(en).toContain('<meta name="description" content="Tom &amp; Jerry say 5 &lt; 6 &amp; 7 &gt; 2">');
    expect(en).toContain('<meta property="og:description" content="Tom &amp; Jerry say 5 &lt; 6 &amp; 7 &gt; 2">');
    expect(en).not.toContain('&amp;amp;');
    const sl = await (await t.fetch('/blogi/vprasanja-in-odgovori')).text();
    expect(sl).toContain('<title>V&amp;O: plače &lt;in&gt; &quot;ugodnosti&quot; | Raziskava zadovoljstva zaposlenih</title>');
    expect(sl).not.toContain('&amp;amp;');
  });
});

describe('cover upload through the assets store', () => {
  it('accepts a large enough PNG, replaces and removes it; refuses a small or non-image one', async () => {
    const post = await createPost({ locale: 'en', ...version('with-cover') });
    const put = (body: Buffer) => call(t, 'PUT', `/api/admin/blogs/${String(post.id)}/cover`, { cookie: admin, body, headers: { 'Content-Type': 'image/png' } });
    const first = await json<{ data: AdminBlogPost }>(await put(png(800, 400)));
    expect(first.data.cover_url).toMatch(/^\/api\/assets\/[0-9a-f-]{36}$/);
    // Stored re-encoded: an opaque image becomes a JPEG.
    expect((await t.fetch(first.data.cover_url ?? '')).headers.get('content-type')).toBe('image/jpeg');
    const second = await json<{ data: AdminBlogPost }>(await put(png(1200, 630)));
    expect(second.data.cover_url).not.toBe(first.data.cover_url);
    expect((await t.fetch(first.data.cover_url ?? '')).status).toBe(404);

    const small = await put(png(200, 100));
    expect(small.status).toBe(422);
    expect((await json<ErrorJson>(small)).error.code).toBe('image-dimensions');
    expect((await put(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).status).toBe(415);

    const removed = await json<{ data: AdminBlogPost }>(await call(t, 'DELETE', `/api/admin/blogs/${String(post.id)}/cover`, { cookie: admin }));
    expect(removed.data.cover_url).toBeNull();
    expect((await t.fetch(second.data.cover_url ?? '')).status).toBe(404);
  });
});

describe('images in the text: the assets store, bounded as covers are', () => {
  const post = (id: number, body: Buffer, lang = 'en', type = 'image/png') =>
    call(t, 'POST', `/api/admin/blogs/${String(id)}/images?lang=${lang}`, { cookie: admin, body, headers: { 'Content-Type': type } });

  it('stores a PNG scaled down inside 1600 px and answers what the body shows; the body keeps it as written', async () => {
    const created = await createPost({ locale: 'en', ...version('with-image') });
    const res = await post(created.id, png(2400, 1200));
    expect(res.status).toBe(201);
    const image = (await json<{ data: { src: string; width: number; height: number } }>(res)).data;
    expect(image.src).toMatch(/^\/api\/assets\/[0-9a-f-]{36}$/);
    expect([image.width, image.height]).toEqual([1600, 800]);
    const served = await t.fetch(image.src);
    expect(served.status).toBe(200);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(1600);
    const body = `<p>Look: <img src="${image.src}" alt="A chart" width="1600" height="800" loading="lazy" /></p>`;
    const saved = await json<{ data: AdminBlogPost }>(await call(t, 'PUT', `/api/admin/blogs/${String(created.id)}/versions/en`, { cookie: admin, body: { ...version('with-image'), body_html: body } }));
    expect(saved.data.versions[0]?.body_html).toBe(body);
    const audit = await t.handle.db.get<{ details: string }>("SELECT details FROM audit_log WHERE action = 'blog.image' AND target_id = ?", [String(created.id)]);
    expect(JSON.parse(audit?.details ?? '{}')).toMatchObject({ width: 2400, height: 1200, stored_width: 1600, stored_height: 800 });
  });

  it('refuses what a cover refuses, in the user language, storing nothing: too large a header, not an image, too big a file, an unknown post', async () => {
    const created = await createPost({ locale: 'en', ...version('image-refused') });
    const count = async () => (await t.handle.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM assets'))?.n;
    const before = await count();
    const huge = await post(created.id, pngHeaderOnly(60_000, 60_000), 'sl');
    expect(huge.status).toBe(422);
    expect((await json<ErrorJson>(huge)).error.message).toBe('Slika meri 60000 × 60000 slikovnih pik; največ sme meriti 8000 × 8000 slikovnih pik. Pomanjšajte jo in jo naložite znova.');
    expect((await post(created.id, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).status).toBe(415);
    const tooBig = await post(created.id, Buffer.alloc(3 * 1024 * 1024 + 64 * 1024, 1));
    expect(tooBig.status).toBe(413);
    expect((await post(created.id, png(8, 8))).status).toBe(422);
    expect((await post(999_999, png(100, 100))).status).toBe(404);
    expect(await count()).toBe(before);
  });
});

describe('cover dimensions: bounded, and stored re-encoded at a sane size', () => {
  const put = (id: number, body: Buffer, lang = 'en') =>
    call(t, 'PUT', `/api/admin/blogs/${String(id)}/cover?lang=${lang}`, { cookie: admin, body, headers: { 'Content-Type': 'image/png' } });
  const served = async (url: string | null) => {
    const res = await t.fetch(url ?? '');
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    return { type: res.headers.get('content-type'), bytes, meta: await sharp(bytes).metadata() };
  };

  it('refuses a crafted 60000×60000 PNG header (a few hundred bytes) with 422 in the user language, changing nothing', async () => {
    const post = await createPost({ locale: 'en', ...version('huge-header') });
    const crafted = pngHeaderOnly(60_000, 60_000);
    expect(crafted.length).toBeLessThan(1000);
    const res = await put(post.id, crafted);
    expect(res.status).toBe(422);
    expect((await json<ErrorJson>(res)).error).toMatchObject({
      code: 'image-dimensions-too-large',
      message: 'The image is 60000 × 60000 pixels; it may be at most 8000 × 8000 pixels. Make it smaller and upload it again.',
    });
    const sl = await json<ErrorJson>(await put(post.id, pngHeaderOnly(8001, 600), 'sl'));
    expect(sl.error.message).toBe('Slika meri 8001 × 600 slikovnih pik; največ sme meriti 8000 × 8000 slikovnih pik. Pomanjšajte jo in jo naložite znova.');
    expect((await put(post.id, pngHeaderOnly(900, 8001), 'de')).status).toBe(422);
    const after = await json<{ data: AdminBlogPost }>(await call(t, 'GET', `/api/admin/blogs/${String(post.id)}`, { cookie: admin }));
    expect(after.data.cover_url).toBeNull();
  });

  it('a header that passes but pixels that do not decode are 415 image-type', async () => {
    const post = await createPost({ locale: 'en', ...version('broken-pixels') });
    const res = await put(post.id, pngHeaderOnly(800, 400));
    expect(res.status).toBe(415);
    expect((await json<ErrorJson>(res)).error.code).toBe('image-type');
  });

  it('a real 5000×2000 photo is stored upright inside 1920×1920 px as a JPEG without its metadata; every visitor gets that', async () => {
    const post = await createPost({ locale: 'en', ...version('large-photo') });
    // A camera's JPEG: random pixels in blocks of 10 (a real, large file, quickly made), EXIF orientation 6 (turned 90°)
    // and a copyright note.
    const photo = await sharp(randomBytes(500 * 200 * 3), { raw: { width: 500, height: 200, channels: 3 } })
      .resize(5000, 2000, { kernel: 'nearest' })
      .jpeg({ quality: 70 })
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'SECRET-CAMERA-OWNER' } } })
      .toBuffer();
    expect(photo.length).toBeGreaterThan(500_000);
    expect(photo.length).toBeLessThan(3 * 1024 * 1024);
    const res = await call(t, 'PUT', `/api/admin/blogs/${String(post.id)}/cover`, { cookie: admin, body: photo, headers: { 'Content-Type': 'image/jpeg' } });
    expect(res.status).toBe(200);
    const cover = await served((await json<{ data: AdminBlogPost }>(res)).data.cover_url);
    expect(cover.type).toBe('image/jpeg');
    // Upright (the orientation applied), scaled down to fit 1920 px, nothing of the camera's metadata left.
    expect([cover.meta.width, cover.meta.height]).toEqual([768, 1920]);
    expect(cover.meta.exif).toBeUndefined();
    expect(cover.meta.orientation).toBeUndefined();
    expect(cover.bytes.includes('SECRET-CAMERA-OWNER')).toBe(false);
    expect(cover.bytes.length).toBeLessThan(photo.length);
    const audit = await t.handle.db.get<{ details: string }>("SELECT details FROM audit_log WHERE action = 'blog.cover' AND target_id = ? ORDER BY id DESC", [String(post.id)]);
    expect(JSON.parse(audit?.details ?? '{}')).toMatchObject({ width: 5000, height: 2000, stored_width: 768, stored_height: 1920 });
  });

  it('a large PNG with transparency stays a PNG; a small one is not enlarged', async () => {
    const post = await createPost({ locale: 'en', ...version('transparent-cover') });
    const transparent = await sharp({ create: { width: 4000, height: 1000, channels: 4, background: { r: 10, g: 120, b: 200, alpha: 0.5 } } }).png().toBuffer();
    const res = await put(post.id, transparent);
    expect(res.status).toBe(200);
    const cover = await served((await json<{ data: AdminBlogPost }>(res)).data.cover_url);
    expect(cover.type).toBe('image/png');
    expect([cover.meta.width, cover.meta.height, cover.meta.hasAlpha]).toEqual([1920, 480, true]);

    const small = await put(post.id, png(640, 320));
    const kept = await served((await json<{ data: AdminBlogPost }>(small)).data.cover_url);
    expect([kept.meta.width, kept.meta.height]).toEqual([640, 320]);
  });
});

describe('paging', () => {
  it('pages of BLOG_PAGE_SIZE, newest first, total pages; a page past the end is empty', async () => {
    for (let i = 0; i < BLOG_PAGE_SIZE + 1; i++) {
      const post = await createPost({ locale: 'fr', ...version(`article-${String(i)}`), publish_at: `2025-01-${String(10 + i).padStart(2, '0')}T09:00:00Z` });
      await publish(post.id);
    }
    // The list holds every public post (the French ones first, then the others'): its total is the English list's.
    const all = (await json<{ data: BlogList }>(await t.fetch('/api/blogs?locale=en'))).data.total;
    const pages = Math.ceil(all / BLOG_PAGE_SIZE);
    const first = await json<{ data: BlogList }>(await t.fetch('/api/blogs?locale=fr'));
    expect(first.data).toMatchObject({ page: 1, page_size: BLOG_PAGE_SIZE, total: all, total_pages: pages });
    expect(first.data.items).toHaveLength(BLOG_PAGE_SIZE);
    expect(first.data.items.map((i) => i.slug)).toEqual(Array.from({ length: BLOG_PAGE_SIZE }, (_, i) => `article-${String(BLOG_PAGE_SIZE - i)}`));
    const second = await json<{ data: BlogList }>(await t.fetch('/api/blogs?locale=fr&page=2'));
    expect(second.data.items[0]?.slug).toBe('article-0');
    expect(second.data.items.slice(1).every((i) => i.locale !== 'fr')).toBe(true);
    const past = await json<{ data: BlogList }>(await t.fetch(`/api/blogs?locale=fr&page=${String(pages + 1)}`));
    expect(past.data.items).toEqual([]);
  });
});

describe('the blog list in the sitemap', () => {
  it('is listed in every language while posts are public, and left out when none is', async () => {
    const origin = new URL(t.handle.config.origin).origin;
    const listed = await (await t.fetch('/sitemap.xml')).text();
    for (const path of ['/blogi', '/en/blogs', '/de/blogs', '/mk/blogs']) expect(listed).toContain(`<loc>${origin}${path}</loc>`);
    const published = await t.handle.db.all<{ id: number }>("SELECT id FROM blog_posts WHERE status = 'published'");
    await t.handle.db.run("UPDATE blog_posts SET status = 'unpublished' WHERE status = 'published'");
    try {
      const empty = await (await t.fetch('/sitemap.xml')).text();
      expect(empty).not.toContain('/blogi');
      expect(empty).not.toContain('/de/blogs');
      expect(empty).toContain(`<loc>${origin}/kalkulator</loc>`);
      expect((await json<{ data: BlogList }>(await t.fetch('/api/blogs?locale=de'))).data).toMatchObject({ items: [], total: 0, total_pages: 0 });
    } finally {
      for (const { id } of published) await t.handle.db.run("UPDATE blog_posts SET status = 'published' WHERE id = ?", [id]);
    }
  });
});
