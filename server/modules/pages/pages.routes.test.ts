import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_INDEX_HTML, startTestServer, type TestServer } from '../../test/helpers.js';
import { renderIndexHtml } from './pages.service.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('page routes', () => {
  it.each([
    ['/', 'sl'],
    ['/en', 'en'],
    ['/blogi', 'sl'],
    ['/en/blogs', 'en'],
    ['/hr', 'hr'],
    // A seeded post (an unknown slug is a 404: modules/blogs/blogs.routes.test.ts).
    ['/en/blogs/what-enps-tells-you', 'en'],
    ['/profil/izz/12', 'sl'],
    ['/mk/calculator', 'mk'],
  ])('GET %s answers index.html with 200 and lang=%s', async (pathname, lang) => {
    const res = await t.fetch(pathname);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain(`<html lang="${lang}">`);
    expect(html).toContain('<title>Izbor zaposlovalca</title>');
    expect(html).toContain('<div id="root"></div>');
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
    const html = await (await t.fetch('/en')).text();
    expect(html).toContain('<title>Izbor zaposlovalca</title>');
    fs.writeFileSync(file, FAKE_INDEX_HTML);
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
