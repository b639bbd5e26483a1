/**
 * The server's renderer of public pages (built by `vite build --ssr` to dist/ssr/entry-server.js and loaded by
 * server/modules/pages/page-renderer.ts): the same routes, layout and pages as the browser, rendered with React's
 * static rendering (`prerenderToNodeStream`, which waits for every resource) through React Router's static handler.
 *
 * - Texts: one i18next instance with every locale's files, cloned per request in the page's language.
 * - Data: the pages' `useResource` loads go to the server's own API through `fetch` (lib/api.ts `setServerFetch`) as
 *   a guest; what they loaded is returned as the payload the browser hydrates with (lib/ssr-data.ts).
 * - The shell's data (site config, winners years) is asked once per render, like the browser's shell store does.
 */
import { createInstance, type i18n as I18n, type Resource } from 'i18next';
import { prerenderToNodeStream } from 'react-dom/static';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { FALLBACK_UI_LOCALE, UI_LOCALES, type UiLocale } from '../shared/locales';
import { localeOfPath } from '../shared/routes';
import type { SiteConfig } from '../shared/schemas/config';
import { buildRoutes } from './app/router';
import { setRenderedShell } from './session/shell-store';
import { ALL_NAMESPACES, loadResource } from './i18n';
import { getData, withServerRequest } from './lib/api';
import { setDisplayTimeZone } from './lib/dates';
import { SsrDataContext, type SsrDataCollector, type SsrPayload } from './lib/ssr-data';

export interface RenderInput {
  /** The page's absolute URL (path and query as the visitor asked). */
  url: string;
  /** The request's Cookie header: the visitor's cookie choice. */
  cookies: string;
  /** Page state the server decided (e.g. the code form's error after a plain form submit). */
  page?: Record<string, unknown>;
  /** The server's own API: every request of the page goes through it (as a guest). */
  fetch: typeof fetch;
  /** Give up after this long (the server then answers the app's shell). */
  timeoutMs?: number;
}

export type RenderResult = { kind: 'page'; html: string; payload: SsrPayload } | { kind: 'redirect'; location: string; status: number } | { kind: 'none' };

let texts: Promise<I18n> | null = null;
/** The routes of each locale, made once (their page modules load once, on first use). */
const handlers = new Map<UiLocale, ReturnType<typeof createStaticHandler>>();

/** Every locale's texts, loaded once. */
function loadTexts(): Promise<I18n> {
  texts ??= (async () => {
    const resources: Resource = {};
    for (const locale of UI_LOCALES) {
      resources[locale] = {};
      for (const ns of ALL_NAMESPACES) resources[locale][ns] = await loadResource(locale, ns);
    }
    const instance = createInstance();
    await instance.use(initReactI18next).init({
      resources,
      lng: FALLBACK_UI_LOCALE,
      fallbackLng: FALLBACK_UI_LOCALE,
      supportedLngs: [...UI_LOCALES],
      ns: [...ALL_NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    });
    return instance;
  })();
  return texts;
}

/** Loads what the first render would otherwise wait for (every locale's texts): called once at the server's start. */
export async function warm(): Promise<void> {
  await loadTexts();
}

async function shellData(): Promise<{ config: SiteConfig | null; availableYears: number[] }> {
  const [config, years] = await Promise.all([
    getData<SiteConfig>('/api/config').catch(() => null),
    getData<{ available_years: number[] }>('/api/leaderboards/available-years').then(
      (d) => [...d.available_years].sort((a, b) => b - a),
      () => [] as number[],
    ),
  ]);
  return { config, availableYears: years };
}

async function streamToString(stream: AsyncIterable<string | Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

export async function render(input: RenderInput): Promise<RenderResult> {
  const url = new URL(input.url);
  const locale = localeOfPath(url.pathname);
  const server = { locale, fetch: input.fetch };
  const [base, shell] = await Promise.all([loadTexts(), withServerRequest(server, () => shellData())]);
  const i18n = base.cloneInstance({ lng: locale });
  if (shell.config) setDisplayTimeZone(shell.config.time_zone);
  setRenderedShell(shell);

  let handler = handlers.get(locale);
  if (!handler) {
    handler = createStaticHandler(buildRoutes({ server: true, locales: [locale] }));
    handlers.set(locale, handler);
  }
  const context = await handler.query(new Request(url.href, { headers: { cookie: input.cookies } }));
  if (context instanceof Response) {
    const location = context.headers.get('Location');
    return location ? { kind: 'redirect', location, status: context.status } : { kind: 'none' };
  }
  const leaf = context.matches[context.matches.length - 1];
  if (!leaf || context.statusCode !== 200 || context.errors) return { kind: 'none' };
  const router = createStaticRouter(handler.dataRoutes, context);

  const data: Record<string, unknown> = {};
  const loads = new Map<string, Promise<unknown>>();
  const collector: SsrDataCollector = {
    page: input.page ?? {},
    cookies: input.cookies,
    load(id, start) {
      let pending = loads.get(id);
      if (!pending) {
        pending = withServerRequest(server, start).then(
          (value) => {
            data[id] = value;
            return { ok: true, value };
          },
          () => ({ ok: false }),
        );
        loads.set(id, pending);
      }
      return pending;
    },
  };

  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), input.timeoutMs ?? 10_000);
  try {
    const { prelude } = await prerenderToNodeStream(
      <I18nextProvider i18n={i18n}>
        <SsrDataContext value={collector}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </SsrDataContext>
      </I18nextProvider>,
      { signal: abort.signal },
    );
    const html = await streamToString(prelude);
    if (abort.signal.aborted) return { kind: 'none' };
    return {
      kind: 'page',
      html,
      payload: {
        route: leaf.route.id,
        namespaces: (i18n as I18n & { reportNamespaces?: { getUsedNamespaces(): string[] } }).reportNamespaces?.getUsedNamespaces() ?? [],
        data,
        shell,
        ...(input.page ? { page: input.page } : {}),
      },
    };
  } finally {
    clearTimeout(timer);
  }
}
