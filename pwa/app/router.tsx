/**
 * The router: every route of the shared ROUTES table in every UI locale (the browser starts with its page's locale and
 * adds another when a path of it is opened), each rendering its lazily loaded page module (ROUTE_MODULES) inside the
 * root layout.
 *
 * - Route ids are '<locale>:<routeId>'; handle = { routeId, locale } drives the header/footer modes.
 * - A loader enforces ROUTES[id].access (guards.ts) and the PARAM_PATTERNS (a bad :slug/:id is a 404).
 * - The root loader switches i18next to the URL's locale before the page renders.
 * - A failed chunk load reloads the page at most once per minute (chunk-reload.ts).
 */
import { createBrowserRouter, data, matchRoutes, redirect, type DOMRouterOpts, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { ROUTES, ROUTE_IDS, localeOfPath, matchRoute, routePath, type RouteDef, type RouteId } from '../../shared/routes';
import { DEFAULT_UI_LOCALE, UI_LOCALES, type UiLocale } from '../../shared/locales';
import { ensureLocale } from '../i18n';
import { importWithReload } from './chunk-reload';
import { guardRoute } from './guards';
import { ROUTE_MODULES } from './route-modules';
import { loadUser } from './shell-store';
import { RootLayout } from './layout/root-layout';
import { AppLoading, NotFoundPage, RootErrorBoundary, RouteErrorBoundary } from './error-pages';

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

export function buildPageRoutes(locales: readonly UiLocale[] = UI_LOCALES): RouteObject[] {
  return locales.flatMap((locale) =>
    ROUTE_IDS.map((id): RouteObject => {
      const loader = pageLoader(id, locale);
      return {
        id: `${locale}:${id}`,
        path: routerPath(id, locale),
        handle: { routeId: id, locale } satisfies RouteHandle,
        ...(loader ? { loader } : {}),
        lazy: async () => {
          const mod = await importWithReload(ROUTE_MODULES[id]);
          return { Component: mod.default };
        },
      };
    }),
  );
}

/**
 * `server`: the server's renderer (pwa/entry-server.tsx), which brings its own texts per request and builds the
 * routes of one locale at a time (`locales`; matching ranks every route on each call, and 8 × 70 routes cost).
 */
export function buildRoutes(options: { server?: boolean; locales?: readonly UiLocale[] } = {}): RouteObject[] {
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
      shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
        defaultShouldRevalidate || localeOfPath(currentUrl.pathname) !== localeOfPath(nextUrl.pathname),
      children: [
        {
          id: 'content',
          ErrorBoundary: RouteErrorBoundary,
          children: [...buildPageRoutes(options.locales), { id: 'not-found', path: '*', Component: NotFoundPage }],
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
  // The routes of the page's locale only: react-router ranks every route on each match, and on a slow phone 8 × 70
  // routes cost a fifth of a second per navigation. A path of another locale (the language switcher, a link) adds
  // that locale's routes before it is matched.
  const locale = localeOfPath(window.location.pathname);
  const routes = buildRoutes({ locales: [locale] });
  const known = new Set<UiLocale>([locale]);
  const discover: DOMRouterOpts['patchRoutesOnNavigation'] = ({ path, patch }) => {
    const other = localeOfPath(path);
    if (known.has(other)) return;
    known.add(other);
    patch('content', buildPageRoutes([other]));
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
