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
import fs from 'node:fs';
import path from 'node:path';
import express, { Router, type Request, type RequestHandler, type Response, type NextFunction } from 'express';
import { CODE_ENTRY_ROUTES, localeOfPath, matchRoute, type RouteId, type RouteMatch } from '../../../shared/routes.js';
import type { UiLocale } from '../../../shared/locales.js';
import { CODE_FORM_STATE_KEY, PAGE_ALTERNATES_STATE_KEY, PAGE_NOT_FOUND_STATE_KEY } from '../../../shared/constants.js';
import type { CodeFormState } from '../../../shared/schemas/questionnaire.js';
import { textsFor } from '../../../shared/i18n/node.js';
import { escapeHtml } from '../../lib/html.js';
import type { CodeEntryForm, CodeFormOutcome } from '../questionnaire/index.js';
import type { PageRenderer } from './page-renderer.js';
import { createPreloads, type Preloads } from './preloads.js';
import { createIndexTemplate, renderIndexHtml, renderPageHtml, withDeferredApp, withInlineStylesheet, withPublicScript, withRenderedPage, type PageArticle } from './pages.service.js';
import { robotsTxt, routePage, SITEMAP_ROUTES, sitemapXml, type SitemapPage } from './sitemap.js';

/**
 * Purely public pages: complete as the server renders them (text, links, the header's disclosures, the consent form),
 * so the browser gets them with the public pages' small script instead of the app (pwa/public-page.ts), which it does
 * not hydrate. On a phone that is most of their first load's CPU time (Lighthouse's total blocking time); a link into
 * the app is an ordinary navigation that loads it.
 */
export const STATIC_PAGES: readonly RouteId[] = ['home', 'awardConditions', 'blogs', 'blogPost', 'pastWinners'];

/**
 * The server-rendered forms a guest reaches first (registration, the respondents' code entry): the browser gets them
 * with a small script that starts the app only once the visitor uses the page (pwa/deferred-app.ts), so loading the
 * page does not run the app; once started, the app hydrates the page as before.
 */
export const DEFERRED_APP_PAGES: readonly RouteId[] = ['register', ...CODE_ENTRY_ROUTES];

const NO_CACHE_FILES = new Set(['sw.js', 'index.html', 'manifest.webmanifest', 'manifest.json', 'registerSW.js']);

/** What a matched route's own content is: whether it exists, and the article its head names (a blog post). */
export interface PageLookup {
  exists: boolean;
  article?: PageArticle;
  /** Where the header's language switch goes in each language (a blog post: its version there, else that blog). */
  alternates?: Partial<Record<UiLocale, string>>;
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
  /** Renders public pages and the code entry on the server (page-renderer.ts); without it every page is the app's shell. */
  renderer?: PageRenderer;
  /** The code entry's plain form (a POST to a code-entry page before the app's JavaScript has arrived). */
  codeEntryForm?: CodeEntryForm;
  /** What a rendered page's head names (preloads.ts); the app's own, whose early script its CSP allows. */
  preloads?: Preloads;
}

/** The code form sends one field of at most 40 characters: its body is small, and a few fields at most. */
const CODE_FORM_BODY_LIMIT = '2kb';
const CODE_FORM_FIELD_LIMIT = 5;

/**
 * Reads the code form's body; null when it was read, else the 4xx status of why it could not be (the body parser's:
 * 413 too large or too many fields, 415 another charset or encoding, 400 aborted or malformed). Nothing else throws.
 */
function parseForm(parser: RequestHandler, req: Request, res: Response): Promise<number | null> {
  return new Promise((resolve, reject) => {
    parser(req, res, (error?: unknown) => {
      if (!error) return resolve(null);
      const status = (error as { status?: unknown }).status;
      if (typeof status === 'number' && status >= 400 && status < 500) {
        // A body refused before it was read (its charset) is drained, so the answer reaches the browser.
        req.resume();
        return resolve(status);
      }
      reject(error instanceof Error ? error : new Error(String(error)));
    });
  });
}

/** The page with a message in place of the app's content (a refusal answered without the page renderer). */
function messagePage(template: string | null, match: RouteMatch, origin: string, message: string): string {
  const body = `<main id="main" class="page container"><p class="notice notice-error" role="alert">${escapeHtml(message)}</p></main>`;
  if (template === null) return `<!doctype html><html lang="${match.locale}"><head><meta charset="utf-8"><title>${escapeHtml(message)}</title></head><body>${body}</body></html>`;
  return renderPageHtml(template, match, origin).replace(/<div id="root"><\/div>/, () => `<div id="root">${body}</div>`);
}

export function pagesRoutes(deps: PagesDeps): Router {
  const router = Router();
  const template = createIndexTemplate(deps.staticDir);
  const preloads = deps.preloads ?? createPreloads(deps.staticDir);
  const stylesheets = new Map<string, string | null>();
  const builtFile = (file: string) => {
    if (!stylesheets.has(file)) {
      try {
        stylesheets.set(file, fs.readFileSync(path.join(deps.staticDir, file), 'utf8'));
      } catch {
        stylesheets.set(file, null);
      }
    }
    return stylesheets.get(file) ?? null;
  };
  const origin = deps.origin ?? 'http://localhost';

  router.get('/sitemap.xml', async (_req: Request, res: Response) => {
    const pages = [...SITEMAP_ROUTES.map((id) => routePage(id)), ...((await deps.listedPages?.()) ?? [])];
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

  // The code form without JavaScript: the server checks the code and answers the page rendered with the outcome
  // (no-store: it may hold the questionnaire's token). Without the renderer, the app gets the code in the URL instead.
  // A body the form cannot have sent (too large, too many fields, another charset) is answered with the same page and
  // a clear message at the parser's 4xx status (413, 415, 400), never the API's JSON error, and nothing is logged at
  // error level.
  const formBody = express.urlencoded({ extended: false, limit: CODE_FORM_BODY_LIMIT, parameterLimit: CODE_FORM_FIELD_LIMIT });
  router.post('/{*splat}', async (req: Request, res: Response, next: NextFunction) => {
    const match = matchRoute(req.path);
    if (!match || !CODE_ENTRY_ROUTES.includes(match.id) || !deps.codeEntryForm) return next();
    const unreadable = await parseForm(formBody, req, res);
    const html = template.get();
    // express.urlencoded's fields (parseForm ran it), or nothing when the body was unreadable.
    const fields: Record<string, unknown> | undefined = req.body;
    const input = unreadable === null ? fields?.code : undefined;
    const outcome: CodeFormOutcome =
      unreadable === null
        ? await deps.codeEntryForm(req.ip, input, match.locale)
        : { ok: false, status: unreadable, error: { kind: 'refused', message: textsFor(match.locale, 'questionnaire')('entry.formUnreadable') } };
    const state: CodeFormState = outcome.ok ? { access: outcome.access } : { code: typeof input === 'string' ? input.slice(0, 40) : '', error: outcome.error };
    const rendered = html === null ? null : await deps.renderer?.render(req, { page: { [CODE_FORM_STATE_KEY]: state } });
    res.set('Cache-Control', 'no-store').set('Referrer-Policy', 'same-origin');
    if (unreadable !== null && (!rendered || html === null)) {
      // Without the rendered page the refusal still reads: the message in the app's page (or alone without a build).
      res.status(unreadable).type('text/html; charset=utf-8').send(messagePage(html, match, origin, outcome.ok ? '' : (outcome.error.message ?? '')));
      return;
    }
    if (!rendered || html === null) {
      const code = typeof input === 'string' ? input.slice(0, 40) : '';
      res.redirect(303, `${req.path}${code ? `?code=${encodeURIComponent(code)}` : ''}`);
      return;
    }
    if (!outcome.ok && outcome.error.retryAfterSeconds) res.set('Retry-After', String(outcome.error.retryAfterSeconds));
    res
      .status(outcome.ok ? 200 : outcome.status)
      .type('text/html; charset=utf-8')
      .send(withInlineStylesheet(withRenderedPage(renderPageHtml(html, match, origin), rendered, preloads.links(match.id, match.locale, rendered.namespaces), preloads.first(match.id)), builtFile));
  });

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
    if (!match) {
      let page = renderIndexHtml(html, locale, true);
      // A known route whose content does not exist (a winners year that is not published, a blog post that is not
      // public): the page server renders the route's own not-found page, told by the page state (the path), so the
      // 404 reads right before, or without, any script.
      if (route && deps.renderer?.wants(req, route)) {
        const rendered = await deps.renderer.render(req, { page: { [PAGE_NOT_FOUND_STATE_KEY]: req.path } });
        if (rendered) page = withRenderedPage(page, rendered, preloads.links(route.id, route.locale, rendered.namespaces));
      }
      res.status(404).type('text/html; charset=utf-8').set('Cache-Control', 'no-cache').send(page);
      return;
    }
    // The code form posts to the server before the app's JavaScript has arrived: with the site-wide 'no-referrer' a
    // browser sends `Origin: null` with it, which the origin check refuses; same-origin keeps the origin (and sends
    // nothing to other sites).
    if (CODE_ENTRY_ROUTES.includes(match.id)) res.set('Referrer-Policy', 'same-origin');
    let page = renderPageHtml(html, match, origin, content.article);
    if (deps.renderer?.wants(req, match)) {
      const rendered = await deps.renderer.render(req, content.alternates ? { page: { [PAGE_ALTERNATES_STATE_KEY]: content.alternates } } : undefined);
      // So is the cookie banner's plain form (POST /api/consent) on every page the server renders.
      if (rendered) res.set('Referrer-Policy', 'same-origin');
      const deferred = rendered && DEFERRED_APP_PAGES.includes(match.id) ? preloads.deferredApp(match.id, match.locale, rendered.namespaces) : null;
      if (rendered && STATIC_PAGES.includes(match.id)) page = withPublicScript(withRenderedPage(page, rendered), preloads.publicScript());
      else if (rendered && deferred) page = withDeferredApp(withRenderedPage(page, rendered, '', preloads.first(match.id)), deferred);
      else if (rendered) page = withRenderedPage(page, rendered, preloads.links(match.id, match.locale, rendered.namespaces), preloads.first(match.id));
      if (rendered && CODE_ENTRY_ROUTES.includes(match.id)) page = withInlineStylesheet(page, builtFile);
    }
    res.status(200).type('text/html; charset=utf-8').set('Cache-Control', 'no-cache').send(page);
  });

  return router;
}
