/**
 * Data of a page the server rendered (pwa/entry-server.tsx), carried to the browser so the app takes the page over
 * without a visible jump.
 *
 * - On the server, `SsrDataContext` holds the request's loads: `useResource` calls `load(id, …)` and suspends on it
 *   (React's static rendering waits), keyed by the component's `useId()`, which is the same on the server and in the
 *   browser's hydration; what loaded is written into the page as JSON (`<script type="application/json" id="ssr-data">`,
 *   data only, never run, so the CSP stays as it is).
 * - In the browser, `readSsrPayload()` reads that once before hydrating; `takeHydratedData(id)` hands each resource
 *   its value for the first render (then forgets it, so a later mount loads afresh).
 */
import { createContext, useContext } from 'react';
import { useLocation } from 'react-router';
import { PAGE_NOT_FOUND_STATE_KEY } from '../../shared/constants';

export const SSR_DATA_ELEMENT_ID = 'ssr-data';

/** What the server writes into a rendered page beside the HTML. */
export interface SsrPayload {
  /** The route the server rendered, `<locale>:<routeId>` (the router's route id). */
  route: string;
  /** i18next namespaces the page used: loaded before hydrating. */
  namespaces: string[];
  /** Resource values by `useId()`. */
  data: Record<string, unknown>;
  /** The shell's data (shell-store) the page was rendered with. */
  shell: unknown;
  /** Page state the server decided (e.g. the code form's error after a plain form submit). */
  page?: Record<string, unknown>;
}

/** The server side of one render: every resource's load, started once and awaited by the render. */
export interface SsrDataCollector {
  load(id: string, start: () => Promise<unknown>): Promise<unknown>;
  /** Page state the server decided, read by the page (the same values reach the browser in the payload). */
  page: Record<string, unknown>;
  /** The request's Cookie header (the visitor's cookie choice); never written into the page. */
  cookies: string;
}

export const SsrDataContext = createContext<SsrDataCollector | null>(null);

let payload: SsrPayload | null | undefined;

/** The payload of the page the server rendered, or null (a page the app renders itself). Read once. */
export function readSsrPayload(): SsrPayload | null {
  if (payload !== undefined) return payload;
  payload = null;
  if (typeof document === 'undefined') return payload;
  const el = document.getElementById(SSR_DATA_ELEMENT_ID);
  if (!el?.textContent) return payload;
  try {
    payload = JSON.parse(el.textContent) as SsrPayload;
  } catch {
    payload = null;
  }
  // Read once and kept in memory: the element goes (it may hold a respondent's questionnaire token).
  el.remove();
  return payload;
}

/** The value the server rendered a resource with (once), or undefined. */
export function takeHydratedData(id: string): { value: unknown } | undefined {
  const data = readSsrPayload()?.data;
  if (!data || !Object.prototype.hasOwnProperty.call(data, id)) return undefined;
  const value = data[id];
  delete data[id];
  return { value };
}

/**
 * Page state the server decided (e.g. the code form's answer after a plain form submit): on the server from the
 * render's collector, in the browser from the payload (once: a later mount of the page starts afresh).
 */
export function useRenderedPageState(key: string): unknown {
  const server = useContext(SsrDataContext);
  if (server) return server.page[key];
  const page = readSsrPayload()?.page;
  return page?.[key];
}

/**
 * Whether the server answered this very path 404 because its content does not exist (a winners year that is not
 * published, a blog post that is not public): the page shows its not-found page from the first render on, on the
 * server and in the browser alike. Another path (a link followed from there) is the page's own again.
 */
export function useServerNotFound(): boolean {
  const { pathname } = useLocation();
  return useRenderedPageState(PAGE_NOT_FOUND_STATE_KEY) === pathname;
}

/** Forgets page state once the page has acted on it (e.g. the access the code form answered, after it is stored). */
export function forgetRenderedPageState(key: string): void {
  const page = readSsrPayload()?.page;
  if (page) delete page[key];
}

/** Whether this document was rendered by the server (its first render in the browser hydrates). */
export function serverRendered(): boolean {
  return readSsrPayload() !== null;
}

/** Test helper: forget the payload (the next read looks at the document again). */
export function resetSsrPayload(next?: SsrPayload | null): void {
  payload = next;
}
