/**
 * Serving the built PWA (STATIC_DIR, default dist/pwa):
 * - hashed files under /assets/ are immutable; sw.js, index.html, the manifest and registerSW.js are no-cache;
 * - any other GET outside /api resolves through the shared route table: a known route gets
 *   index.html with 200, an unknown one index.html with 404 (both with the right <html lang>); a known route whose
 *   content does not exist (`lookup`: a blog post that is not public in that locale) is a 404 too; a public page
 *   gets its own head (pages.service.ts), a blog post the head of its article (`lookup`'s article);
 * - without a build, pages answer 503 with a hint to run `npm run build`;
 * - /sitemap.xml and /robots.txt come from the route table (./sitemap.ts), with or without a build.
 */
import path from 'node:path';
import express, { Router, type Request, type Response, type NextFunction } from 'express';
import { localeOfPath, matchRoute, type RouteMatch } from '../../../shared/routes.js';
import { createIndexTemplate, renderIndexHtml, renderPageHtml, type PageArticle } from './pages.service.js';
import { INDEXED_ROUTES, robotsTxt, routePage, sitemapXml, type SitemapPage } from './sitemap.js';

const NO_CACHE_FILES = new Set(['sw.js', 'index.html', 'manifest.webmanifest', 'manifest.json', 'registerSW.js']);

/** What a matched route's own content is: whether it exists, and the article its head names (a blog post). */
export interface PageLookup {
  exists: boolean;
  article?: PageArticle;
}

export interface PagesDeps {
  staticDir: string;
  /** The origin the sitemap's and robots.txt's URLs are built on (config.origin). */
  origin?: string;
  /** Pages with parameters for the sitemap (published winners years, blog posts), read on every request. */
  listedPages?: () => Promise<SitemapPage[]>;
  /**
   * A matched route's content (a blog post's slug): `exists: false` answers the not-found page with 404; an `article`
   * gives the page its head. Without it every matched route exists, with the route's own head.
   */
  lookup?: (match: RouteMatch) => Promise<PageLookup>;
}

export function pagesRoutes(deps: PagesDeps): Router {
  const router = Router();
  const template = createIndexTemplate(deps.staticDir);
  const origin = deps.origin ?? 'http://localhost';

  router.get('/sitemap.xml', async (_req: Request, res: Response) => {
    const pages = [...INDEXED_ROUTES.map((id) => routePage(id)), ...((await deps.listedPages?.()) ?? [])];
    res.type('application/xml; charset=utf-8').set('Cache-Control', 'public, max-age=3600').send(sitemapXml(origin, pages));
  });
  router.get('/robots.txt', (_req: Request, res: Response) => {
    res.type('text/plain; charset=utf-8').set('Cache-Control', 'public, max-age=3600').send(robotsTxt(origin));
  });

  router.use(
    express.static(deps.staticDir, {
      index: false,
      redirect: false,
      setHeaders(res, filePath) {
        const rel = path.relative(deps.staticDir, filePath).split(path.sep).join('/');
        if (rel.startsWith('assets/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        else if (NO_CACHE_FILES.has(rel) || rel.startsWith('workbox-')) res.setHeader('Cache-Control', 'no-cache');
        else res.setHeader('Cache-Control', 'public, max-age=3600');
      },
    }),
  );

  router.get('/{*splat}', async (req: Request, res: Response, next: NextFunction) => {
    if (req.path === '/api' || req.path.startsWith('/api/')) return next();
    const html = template.get();
    if (html === null) {
      res
        .status(503)
        .type('text/plain; charset=utf-8')
        .set('Cache-Control', 'no-store')
        .send(`The web app has not been built yet: ${template.file} is missing.\nRun \`npm run build\` and reload this page.\n`);
      return;
    }
    const route = matchRoute(req.path);
    const content = route && deps.lookup ? await deps.lookup(route) : { exists: true };
    const match = content.exists ? route : null;
    const locale = route?.locale ?? localeOfPath(req.path);
    res
      .status(match ? 200 : 404)
      .type('text/html; charset=utf-8')
      .set('Cache-Control', 'no-cache')
      .send(match ? renderPageHtml(html, match, origin, content.article) : renderIndexHtml(html, locale, true));
  });

  return router;
}
