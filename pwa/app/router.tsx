/**
 * The router: the routes of the shared ROUTES table in the UI locales, each rendering its lazily loaded page module (ROUTE_MODULES) inside the
 * root layout.
 *
 * - The browser's router holds only the pages opened so far (createAppRouter); the server's, one locale's pages.
 * - Route ids are '<locale>:<routeId>'; handle = { routeId, locale } drives the header/footer modes.
 * - A loader enforces ROUTES[id].access (guards.ts) and the PARAM_PATTERNS (a bad :slug/:id is a 404).
 * - The root loader switches i18next to the URL's locale before the page renders.
 * - A failed chunk load reloads the page at most once per minute (chunk-reload.ts).
 */
import { createBrowserRouter, data, matchRoutes, redirect, type DOMRouterOpts, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { ROUTES, ROUTE_IDS, localeOfPath, matchRoute, routePath, type RouteDef, type RouteId } from '../../shared/routes';
import { DEFAULT_UI_LOCALE, UI_LOCALES, type UiLocale } from '../../shared/locales';
import { ensureLocale, initI18n, loadNamespaces } from '../i18n';
import { routeNamespaces } from './route-texts';
import { importWithReload } from '../lib/chunk-reload';
import { guardRoute } from '../session/guards';
import { ROUTE_MODULES } from './route-modules';
import { loadUser } from '../session/shell-store';
import { RootLayout } from './layout/root-layout';
import { AppLoading, NotFoundPage, RootErrorBoundary, RouteErrorBoundary } from '../components/error-pages';

export interface RouteHandle {
  routeId: RouteId;
  locale: UiLocale;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'routeId' in value && 'locale' in value;
}

/** The react-router path of a route in a locale: ('blogPost', 'en') -> '/en/blogs/:slug'. */
export function routerPath(id: RouteId, locale: UiLocale): string {
  const path = routePath(id, locale);
  const prefix = locale === DEFAULT_UI_LOCALE ? '' : `/${locale}`;
  return `${prefix}/${path}`.replace(/\/$/, '') || '/';
}

function pageLoader(id: RouteId, locale: UiLocale) {
  const def: RouteDef = ROUTES[id];
  const hasParams = routePath(id, locale).includes(':');
  if (def.access === 'public' && !hasParams) return undefined;
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    // Failed route validation (a parameter that does not match its pattern) is a 404.
    if (hasParams && !matchRoute(url.pathname)) throw data(null, { status: 404 });
    if (def.access !== 'public') {
      const user = await loadUser();
      // Offline the session cannot be checked: a page made for offline work opens from the device's own data.
      if (!user && def.offline && typeof navigator !== 'undefined' && !navigator.onLine) return null;
      const result = guardRoute(def.access, user, locale, url.pathname + url.search);
      if (result.kind === 'redirect') throw redirect(result.to);
      if (result.kind === 'forbidden') throw data(null, { status: 403 });
    }
    return null;
  };
}

async function routeTexts(id: RouteId, locale: UiLocale): Promise<void> {
  // The server's renderer has every text already.
  if (typeof window === 'undefined') return;
  const namespaces = routeNamespaces(id);
  if (namespaces.length === 0) return;
  await initI18n(locale);
  await loadNamespaces(namespaces);
}

export function buildPageRoutes(locales: readonly UiLocale[] = UI_LOCALES, ids: readonly RouteId[] = ROUTE_IDS): RouteObject[] {
  return locales.flatMap((locale) =>
    ids.map((id): RouteObject => {
      const loader = pageLoader(id, locale);
      return {
        id: `${locale}:${id}`,
        path: routerPath(id, locale),
        handle: { routeId: id, locale } satisfies RouteHandle,
        ...(loader ? { loader } : {}),
        lazy: async () => {
          const [mod] = await Promise.all([importWithReload(ROUTE_MODULES[id]), routeTexts(id, locale)]);
          return { Component: mod.default };
        },
      };
    }),
  );
}

/**
 * `server`: the server's renderer (pwa/entry-server.tsx), which brings its own texts per request and builds the
 * routes of one locale at a time (`locales`; matching ranks every route on each call, and 8 × 70 routes cost).
 * `pages`: the page routes to hold instead (the browser's router, which adds the others as they are opened).
 */
export function buildRoutes(options: { server?: boolean; locales?: readonly UiLocale[]; pages?: RouteObject[] } = {}): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RootErrorBoundary,
      HydrateFallback: AppLoading,
      loader: async ({ request }) => {
        if (!options.server) await ensureLocale(localeOfPath(new URL(request.url).pathname));
        return null;
      },
      // Its only work is the URL's locale: again only when that changes (not when a query string does — the
      // invitation's ?code= going away on the way into the questionnaire was one more wait before its first screen).
      shouldRevalidate: ({ currentUrl, nextUrl }) => localeOfPath(currentUrl.pathname) !== localeOfPath(nextUrl.pathname),
      children: [
        {
          id: 'content',
          ErrorBoundary: RouteErrorBoundary,
          children: [...(options.pages ?? buildPageRoutes(options.locales)), { id: 'not-found', path: '*', Component: NotFoundPage }],
        },
      ],
    },
  ];
}

/**
 * The browser's router. Over a page the server rendered (lib/ssr-data.ts), the matched routes' lazy modules are
 * loaded first and the loaders' data (all null) is given as hydration data, so the first render is the server's HTML.
 */
export async function createAppRouter(hydrating: boolean) {
  // Only the pages opened so far: react-router compiles and ranks every route it holds on each match, and on a slow
  // phone the 70 routes of a locale cost a tenth of a second at start and again on each navigation. A path the router
  // does not hold yet matches the catch-all not-found route, and react-router then asks `patchRoutesOnNavigation`,
  // which adds the page the shared route table finds there (a path of no page stays the not-found page).
  const held = new Set<string>();
  const pageAt = (path: string): RouteObject[] => {
    const match = matchRoute(path);
    if (!match || held.has(`${match.locale}:${match.id}`)) return [];
    held.add(`${match.locale}:${match.id}`);
    return buildPageRoutes([match.locale], [match.id]);
  };
  const routes = buildRoutes({ pages: pageAt(window.location.pathname) });
  const discover: DOMRouterOpts['patchRoutesOnNavigation'] = ({ path, patch }) => {
    const page = pageAt(path);
    if (page.length > 0) patch('content', page);
  };
  if (!hydrating) return createBrowserRouter(routes, { patchRoutesOnNavigation: discover });
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async (m) => {
      const lazy = m.route.lazy;
      if (typeof lazy !== 'function') return;
      const loaded = await lazy();
      Object.assign(m.route, { ...loaded, lazy: undefined });
    }),
  );
  const loaderData = Object.fromEntries(matches.filter((m) => m.route.loader && m.route.id).map((m) => [m.route.id!, null]));
  return createBrowserRouter(routes, { hydrationData: { loaderData }, patchRoutesOnNavigation: discover });
}
