/**
 * /sitemap.xml and /robots.txt, from the shared route table so they cannot drift from the app's paths.
 *
 * - The sitemap lists every public content page in every UI locale, each with its `hreflang` alternates (all eight
 *   locales, and `x-default` = Slovenian, the default without prefix; a page without a Slovenian version: its English one), every published winners year and whatever further
 *   pages a source adds (blog posts: a post is listed in the locales it exists in, alternates among them).
 * - robots.txt keeps crawlers out of everything that is not such a page: the profile, the administration, the
 *   questionnaire and kiosk, reports, account screens and the API.
 */
import { UI_LOCALES, type UiLocale } from '../../../shared/locales.js';
import { localizedPath, ROUTES, type RouteId, type RouteParams } from '../../../shared/routes.js';
import { escapeHtml } from '../../lib/html.js';

/** The public pages a search engine should find (no parameters), in the route table's order. */
export const INDEXED_ROUTES: readonly RouteId[] = [
  'home',
  'blogs',
  'calculator',
  'contact',
  'feedback',
  'awardConditions',
  'conductingResearch',
  'projectHistory',
  'reports',
  'puls',
  'cookies',
  'gdpr',
  'termsOfService',
];

/**
 * The public pages of the sitemap's fixed part: every indexed page but the blog list, which its source lists while
 * there are posts (an empty list is not a page to find).
 */
export const SITEMAP_ROUTES: readonly RouteId[] = INDEXED_ROUTES.filter((id) => id !== 'blogs');

/** Routes with a parameter whose pages are listed by a source (winners years, blog posts). */
const LISTED_PARAM_ROUTES: readonly RouteId[] = ['pastWinners', 'blogPost'];

/** A page for search engines: a public content page, or one of the listed pages with a parameter. */
export function isPublicContent(id: RouteId): boolean {
  return INDEXED_ROUTES.includes(id) || LISTED_PARAM_ROUTES.includes(id);
}

/** One page of the sitemap with its versions: locale → absolute path. */
export interface SitemapPage {
  paths: Partial<Record<UiLocale, string>>;
  /** ISO date of the last change, when known. */
  lastmod?: string | null;
}

/** A page in every locale of a route (with the same parameters in each). */
export function routePage(id: RouteId, params: RouteParams = {}, lastmod?: string | null): SitemapPage {
  const paths: Partial<Record<UiLocale, string>> = {};
  for (const locale of UI_LOCALES) paths[locale] = localizedPath(id, locale, params);
  return { paths, lastmod: lastmod ?? null };
}

export function sitemapXml(origin: string, pages: readonly SitemapPage[]): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">'];
  for (const page of pages) {
    const versions = UI_LOCALES.filter((l) => page.paths[l] !== undefined).map((l) => [l, `${origin}${page.paths[l]!}`] as const);
    const alternates = versions.map(([l, url]) => `    <xhtml:link rel="alternate" hreflang="${l}" href="${escapeHtml(url)}"/>`);
    const fallback = versions.find(([l]) => l === 'sl') ?? versions[0];
    if (fallback) alternates.push(`    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeHtml(fallback[1])}"/>`);
    for (const [, url] of versions) {
      out.push('  <url>', `    <loc>${escapeHtml(url)}</loc>`);
      if (page.lastmod) out.push(`    <lastmod>${escapeHtml(page.lastmod.slice(0, 10))}</lastmod>`);
      out.push(...alternates, '  </url>');
    }
  }
  out.push('</urlset>', '');
  return out.join('\n');
}

/** The first path segment of every route that is not a public content page, per locale ('/profil', '/en/profile', ...). */
export function disallowedPrefixes(): string[] {
  const indexed = new Set<string>();
  const other = new Set<string>();
  for (const [id, def] of Object.entries(ROUTES) as [RouteId, (typeof ROUTES)[RouteId]][]) {
    const open = isPublicContent(id);
    for (const locale of UI_LOCALES) {
      const path = def.paths[locale] ?? def.paths.en;
      const first = path.split('/')[0] ?? '';
      if (first === '') continue;
      const prefixed = locale === 'sl' ? `/${first}` : `/${locale}/${first}`;
      (open ? indexed : other).add(prefixed);
    }
  }
  // A segment shared with a public page stays open. Robots rules match by prefix: '/en/report' would also close the
  // public '/en/reports', so such a segment is closed as itself ('$') and as a folder ('/') only.
  const rules: string[] = [];
  for (const p of [...other].filter((x) => !indexed.has(x)).sort()) {
    if ([...indexed].some((i) => i.startsWith(p))) rules.push(`${p}$`, `${p}/`);
    else rules.push(p);
  }
  return rules;
}

export function robotsTxt(origin: string): string {
  const lines = ['User-agent: *', 'Disallow: /api/', ...disallowedPrefixes().map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin}/sitemap.xml`, ''];
  return lines.join('\n');
}
