/**
 * The PWA's index.html for page routes: <html lang> from the path's locale, a public page's own head (a blog post's
 * from the article its module gives), and for unknown paths the localized 'page-not-found' text as the <title> (so a
 * 404 reads right without JS). The template is read once and kept in memory.
 */
import fs from 'node:fs';
import path from 'node:path';
import { errorMessage } from '../../../shared/errors/node.js';
import type { UiLocale } from '../../../shared/locales.js';
import { textsFor } from '../../../shared/i18n/node.js';
import { UI_LOCALES } from '../../../shared/locales.js';
import { CODE_ENTRY_ROUTES, type RouteMatch } from '../../../shared/routes.js';
import { escapeHtml } from '../../lib/html.js';
import { INDEXED_ROUTES, isPublicContent, routePage } from './sitemap.js';

/** What a public page's <head> says before any script runs: its title and description in the page's locale, and its URLs. */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL of this page. */
  canonical: string;
  /** The page in every locale it exists in (absolute URLs), for hreflang. */
  alternates: { locale: string; href: string }[];
  locale: string;
  /** Open Graph type: an article (a blog post) or the site's own page. */
  type: 'website' | 'article';
  /** Absolute URL of the page's image (a blog post's cover). */
  image?: string;
}

/**
 * A page's own content that its head names instead of the route's texts (a blog post), as its module gives it: in
 * the page's locale, URLs as paths on this origin.
 */
export interface PageArticle {
  title: string;
  /** A blog post's excerpt. */
  description: string;
  /** The article's path in each locale it exists in, the page's own included. */
  paths: Partial<Record<UiLocale, string>>;
  /** The path of its image (a blog post's cover), or null. */
  image: string | null;
}

/** The `pages` namespace key of each public page (its title and lead). */
const HEAD_KEYS: Partial<Record<RouteMatch['id'], string>> = {
  blogs: 'blogs',
  calculator: 'calculator',
  contact: 'contact',
  feedback: 'feedback',
  awardConditions: 'awardConditions',
  conductingResearch: 'conductingResearch',
  projectHistory: 'projectHistory',
  reports: 'reports',
  puls: 'puls',
  cookies: 'cookies',
  gdpr: 'gdpr',
  termsOfService: 'termsOfService',
};

/** A URL on this origin for a path ('/…'); an absolute URL stays as it is. */
const absolute = (origin: string, url: string) => (url.startsWith('/') ? `${origin}${url}` : url);

/** The head of an article (a blog post): its title with the site's name, its excerpt, its versions' URLs and its image. */
function articleHead(match: RouteMatch, origin: string, article: PageArticle): PageHead {
  const site = textsFor(match.locale, 'common')('siteName');
  const own = article.paths[match.locale] ?? routePage(match.id, match.params).paths[match.locale] ?? '';
  return {
    title: `${article.title} | ${site}`,
    description: article.description,
    canonical: absolute(origin, own),
    alternates: UI_LOCALES.filter((l) => article.paths[l]).map((l) => ({ locale: l, href: absolute(origin, article.paths[l]!) })),
    locale: match.locale,
    type: 'article',
    ...(article.image ? { image: absolute(origin, article.image) } : {}),
  };
}

/**
 * The head of a public content page (the sitemap's pages, a winners year, and a blog post given its `article`); null
 * for every other route, which gets `noindex` instead (profile, administration, questionnaire, reports, account screens).
 */
export function pageHead(match: RouteMatch, origin: string, article?: PageArticle): PageHead | null {
  if (article) return articleHead(match, origin, article);
  const t = textsFor(match.locale, 'pages');
  const site = textsFor(match.locale, 'common')('siteName');
  let title: string;
  let description: string;
  if (match.id === 'home') {
    title = site;
    description = t('home.hero.lead');
  } else if (match.id === 'pastWinners' && /^\d{4}$/.test(match.params.slug ?? '')) {
    title = `${t('pastWinners.titleWithYear', { year: match.params.slug })} | ${site}`;
    description = t('pastWinners.lead', { year: match.params.slug });
  } else {
    const key = INDEXED_ROUTES.includes(match.id) ? HEAD_KEYS[match.id] : undefined;
    if (!key) return null;
    title = `${t(`${key}.title`)} | ${site}`;
    description = t(`${key}.lead`);
  }
  const paths = routePage(match.id, match.params).paths;
  return {
    title,
    description,
    canonical: `${origin}${paths[match.locale] ?? ''}`,
    alternates: UI_LOCALES.filter((l) => paths[l]).map((l) => ({ locale: l, href: `${origin}${paths[l]!}` })),
    locale: match.locale,
    type: 'website',
  };
}

/** The tags of a page head (title replaced, description, canonical, hreflang with x-default = the Slovenian page or else this one, Open Graph). */
function headTags(head: PageHead): string {
  const a = (v: string) => escapeHtml(v);
  const xDefault = head.alternates.find((x) => x.locale === 'sl')?.href ?? head.canonical;
  return [
    `<title>${a(head.title)}</title>`,
    `<meta name="description" content="${a(head.description)}">`,
    `<link rel="canonical" href="${a(head.canonical)}">`,
    ...head.alternates.map((x) => `<link rel="alternate" hreflang="${x.locale}" href="${a(x.href)}">`),
    `<link rel="alternate" hreflang="x-default" href="${a(xDefault)}">`,
    `<meta property="og:type" content="${head.type}">`,
    `<meta property="og:title" content="${a(head.title)}">`,
    `<meta property="og:description" content="${a(head.description)}">`,
    `<meta property="og:url" content="${a(head.canonical)}">`,
    `<meta property="og:locale" content="${a(head.locale)}">`,
    ...(head.image ? [`<meta property="og:image" content="${a(head.image)}">`] : []),
  ].join('');
}

/**
 * The head of a page that is not for search engines, in its locale: the code entry of an invitation link says what it
 * is (its preview in a chat or mail names the questionnaire in the invitation's language), every other page
 * the site's name and description (never the template's Slovenian title and English description).
 */
export function privateHead(match: RouteMatch): { title: string; description: string } {
  const site = textsFor(match.locale, 'common')('siteName');
  if (CODE_ENTRY_ROUTES.includes(match.id)) {
    const t = textsFor(match.locale, 'questionnaire');
    const puls = match.id === 'questionnairePuls';
    return { title: `${t(puls ? 'entry.pulsTitle' : 'entry.title')} | ${site}`, description: t(puls ? 'entry.pulsPreviewDescription' : 'entry.previewDescription') };
  }
  return { title: site, description: textsFor(match.locale, 'common')('siteDescription') };
}

function withHeadTags(html: string, tags: string): string {
  const withoutDescription = html.replace(/<meta\s+name="description"[^>]*>/i, '');
  if (/<title\b[^>]*>[\s\S]*?<\/title>/i.test(withoutDescription)) return withoutDescription.replace(/<title\b[^>]*>[\s\S]*?<\/title>/i, () => tags);
  return withoutDescription.replace(/<\/head>/i, `${tags}</head>`);
}

/**
 * index.html with a public page's head in place of the template's title and description (a blog post's from its
 * `article`); for a page that is not public its own title and description in its locale (privateHead), with `noindex`.
 */
export function renderPageHtml(template: string, match: RouteMatch, origin: string, article?: PageArticle): string {
  const html = renderIndexHtml(template, match.locale, false);
  const head = pageHead(match, origin, article);
  if (!head) {
    // A public page whose content was not given (a blog post without its article) keeps the template's head; every
    // other page is not for search engines.
    if (isPublicContent(match.id)) return html;
    const own = privateHead(match);
    const a = (v: string) => escapeHtml(v);
    const tags = [
      `<title>${a(own.title)}</title>`,
      `<meta name="description" content="${a(own.description)}">`,
      `<meta property="og:type" content="website">`,
      `<meta property="og:title" content="${a(own.title)}">`,
      `<meta property="og:description" content="${a(own.description)}">`,
      `<meta property="og:locale" content="${a(match.locale)}">`,
      '<meta name="robots" content="noindex">',
    ].join('');
    return withHeadTags(html, tags);
  }
  return withHeadTags(html, headTags(head));
}

export function renderIndexHtml(template: string, locale: UiLocale, notFound: boolean): string {
  let html = template;
  const htmlTag = /<html\b([^>]*)>/i;
  if (htmlTag.test(html)) {
    html = html.replace(htmlTag, (_m, attrs: string) => `<html${attrs.replace(/\s+lang\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/i, '')} lang="${locale}">`);
  } else {
    html = `<html lang="${locale}">${html}</html>`;
  }
  if (notFound) {
    const title = escapeHtml(errorMessage('page-not-found', locale));
    const extraHead = '<meta name="robots" content="noindex">';
    if (/<title\b[^>]*>[\s\S]*?<\/title>/i.test(html)) {
      html = html.replace(/<title\b[^>]*>[\s\S]*?<\/title>/i, `<title>${title}</title>${extraHead}`);
    } else if (/<\/head>/i.test(html)) {
      html = html.replace(/<\/head>/i, `<title>${title}</title>${extraHead}</head>`);
    }
  }
  return html;
}

export function createIndexTemplate(staticDir: string) {
  const file = path.join(staticDir, 'index.html');
  let cached: string | null = null;
  return {
    file,
    /** The template, or null while the build is missing (checked again on the next call). */
    get(): string | null {
      if (cached !== null) return cached;
      try {
        cached = fs.readFileSync(file, 'utf8');
      } catch {
        return null;
      }
      return cached;
    },
  };
}

/**
 * index.html with a page the server rendered (page-renderer.ts): its HTML inside #root and the data it was rendered
 * with beside it as JSON (never run as a script, so the CSP stays as it is). The template's <noscript> notice that
 * the site needs JavaScript is dropped: this page is there and readable without it. `headTags` go at the end of the
 * head, `firstHeadTags` at its start (before the app's own script).
 */
export function withRenderedPage(html: string, page: { html: string; payload: string }, headTags = '', firstHeadTags = ''): string {
  const root = /<div id="root"><\/div>/;
  if (!root.test(html)) return html;
  // The template's notice goes first (the page's own HTML may hold a <noscript> of its own).
  const withBody = html
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/i, '')
    .replace(root, () => `<div id="root">${page.html}</div><script type="application/json" id="ssr-data">${page.payload}</script>`);
  const withLast = headTags ? withBody.replace(/<\/head>/i, () => `${headTags}</head>`) : withBody;
  return firstHeadTags ? withLast.replace(/<head>/i, (tag) => `${tag}${firstHeadTags}`) : withLast;
}

/**
 * The respondent's code entry on a slow phone: the first stylesheet written into the page instead of linked, which
 * saves the round trip before the code field can be shown (the CSP allows inline styles). `read` gives a built file's
 * text (null when missing: the link stays).
 *
 * The link stays too, disabled (a disabled stylesheet link is not fetched): it says which file the page already holds.
 * The app's lazily loaded chunks name the entry's stylesheet among their dependencies, and Vite's loader fetches (and
 * waits for) every stylesheet the page has no link to — on the respondent's way to the questionnaire, a round trip.
 */
export function withInlineStylesheet(html: string, read: (file: string) => string | null): string {
  return html.replace(/<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/index-[\w-]+\.css)">/, (tag, file: string) => {
    const css = read(file);
    return css === null ? tag : `<style>${css.replace(/<\/style/gi, '<\\/style')}</style><link rel="stylesheet" href="/${file}" disabled>`;
  });
}

/**
 * A purely public page the server rendered and the browser does not hydrate (pages.routes.ts `STATIC_PAGES`): the app's
 * entry script and its preloads give way to the public pages' own small script (pwa/public-page.ts; `files` is its
 * built file first, then what it imports). Without those files (no build manifest) the page keeps the app's script.
 */
export function withPublicScript(html: string, files: string[]): string {
  const [entry, ...imports] = files;
  if (!entry) return html;
  return withAppScriptReplaced(html, `<script type="module" crossorigin src="/${entry}"></script>${imports.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join('')}`);
}

/** The app's entry script and its preloads removed from a page, and `tags` put at the end of its head instead. */
function withAppScriptReplaced(html: string, tags: string): string {
  return html
    .replace(/<script type="module"[^>]*\ssrc="\/assets\/index-[\w-]+\.js"><\/script>\s*/i, '')
    .replace(/<link rel="modulepreload"[^>]*>\s*/gi, '')
    .replace(/<\/head>/i, () => `${tags}</head>`);
}

/**
 * A page the server rendered whose app starts only once the visitor uses it (pages.routes.ts `DEFERRED_APP_PAGES`):
 * the app's entry script and its preloads give way to the small script that starts it (pwa/deferred-app.ts), which is
 * told the entry and the files the app needs on this page. Without that script (no build manifest) the page keeps the
 * app's script.
 */
export function withDeferredApp(html: string, app: { script: string; entry: string; files: string[] } | null): string {
  if (!app) return html;
  const a = (v: string) => escapeHtml(v);
  return withAppScriptReplaced(html, `<script type="module" crossorigin src="${a(app.script)}" data-app="${a(app.entry)}" data-app-files="${a(app.files.join(' '))}"></script>`);
}
