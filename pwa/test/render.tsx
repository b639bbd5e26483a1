/**
 * The PWA test kit: render a page as the app does (a router at the page's localized URL and an
 * i18next instance with the real texts of shared/i18n/<locale>/<namespace>.json), and stub the API
 * with a small fake fetch (method + path -> response) that records every request.
 *
 *   const api = stubApi({ 'GET /api/prices': () => json(200, { data: prices }) });
 *   renderPage(<PricesPage />, { route: 'adminPrices', locale: 'en', ns: ['admin'] });
 *   expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);
 *
 * Tests call vi.unstubAllGlobals() (and cleanup()) in their afterEach as before.
 */
import { render } from '@testing-library/react';
import i18next, { type i18n as I18n, type ResourceKey } from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { TextNamespace } from '../../shared/i18n/namespaces';
import { DEFAULT_UI_LOCALE, UI_LOCALES, type UiLocale } from '../../shared/locales';
import { localizedPath, routePath, type RouteId, type RouteParams } from '../../shared/routes';

const texts = import.meta.glob<ResourceKey>('../../shared/i18n/*/*.json', { eager: true, import: 'default' });

export interface TestI18n {
  i18n: I18n;
  /** 'locale:ns:key' of every text a component asked for that does not exist. */
  missing: string[];
}

/**
 * An i18next instance with the namespaces' real texts in every locale, set to `locale`. There is no
 * fallback language, so a text missing in Slovenian shows up as missing instead of English.
 */
export function createTestI18n(locale: UiLocale, ns: readonly TextNamespace[] = ['common']): TestI18n {
  const missing: string[] = [];
  const resources = Object.fromEntries(
    UI_LOCALES.map((lng) => [lng, Object.fromEntries(ns.map((n) => [n, texts[`../../shared/i18n/${lng}/${n}.json`] ?? {}]))]),
  );
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources,
    ns: [...ns],
    defaultNS: ns[0],
    interpolation: { escapeValue: false },
    initAsync: false,
    saveMissing: true,
    missingKeyHandler: (lngs, n, key) => missing.push(`${lngs.join(',')}:${n}:${key}`),
    react: { useSuspense: false },
  });
  return { i18n, missing };
}

/** Shows the router's current path and query (data-testid="location"), for tests that follow navigation. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export interface RenderPageOptions {
  /** The page's locale; its URL carries it as in the app. Default 'en'. */
  locale?: UiLocale;
  /** The text namespaces the page reads; the first is the default one. Default ['common']. */
  ns?: readonly TextNamespace[];
  /** The route the page is mounted at (so useParams works); without it the page renders at `url` as it is. */
  route?: RouteId;
  params?: RouteParams;
  /** The URL opened first; the route's localized URL by default. */
  url?: string;
  /** Rendered inside the router before the page (a banner). */
  before?: ReactNode;
  /** Rendered inside the router after the page (e.g. <LocationProbe />). */
  after?: ReactNode;
}

/** Renders `element` with the router and the texts; any other URL it navigates to shows "elsewhere". */
export function renderPage(element: ReactElement, options: RenderPageOptions = {}) {
  const { locale = 'en', ns = ['common'], route, params = {}, before = null, after = null } = options;
  const t = createTestI18n(locale, ns);
  const prefix = locale === DEFAULT_UI_LOCALE ? '' : `/${locale}`;
  const url = options.url ?? (route ? localizedPath(route, locale, params) : `${prefix}/`);
  const result = render(
    <I18nextProvider i18n={t.i18n}>
      <MemoryRouter initialEntries={[url]}>
        {before}
        {route ? (
          <Routes>
            <Route path={`${prefix}/${routePath(route, locale)}`} element={element} />
            <Route path="*" element={<p>elsewhere</p>} />
          </Routes>
        ) : (
          element
        )}
        {after}
      </MemoryRouter>
    </I18nextProvider>,
  );
  return { ...result, ...t };
}

/** A JSON response. */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export interface ApiCall {
  method: string;
  /** The URL as the page passed it. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** A JSON body parsed; any other body as it was sent. */
  body: unknown;
}

/** Answers one request; throwing makes fetch reject as when the network is down. */
export type ApiHandler = (call: ApiCall) => Response | Promise<Response>;

export interface FakeApi {
  /** Every request, in order. */
  calls: ApiCall[];
  /** 'METHOD /path' -> handler, '*' for every other request; tests may add or replace routes at any time. */
  routes: Record<string, ApiHandler>;
  fetch: ReturnType<typeof vi.fn>;
}

function parseBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/** Replaces the global fetch with a router over `routes`; an unknown route answers routes['*'], else 404 'not-found'. */
export function stubApi(routes: Record<string, ApiHandler> = {}): FakeApi {
  const calls: ApiCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const parsed = new URL(url, 'http://localhost');
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      url,
      path: parsed.pathname,
      query: parsed.searchParams,
      headers: new Headers(init?.headers),
      body: parseBody(init?.body),
    };
    calls.push(call);
    const handler = routes[`${call.method} ${call.path}`] ?? routes['*'];
    return handler ? handler(call) : json(404, { error: { code: 'not-found', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetch);
  return { calls, routes, fetch };
}
