/**
 * Public pages rendered on the server: the PWA's own renderer (pwa/entry-server.tsx, built by `vite build --ssr` to
 * dist/ssr/entry-server.js beside the PWA's build) turns a page into HTML with its content and the data it was
 * rendered with; this module decides which requests get it and puts the result into index.html.
 *
 * - Which: GET of a public content page (the sitemap's pages, a blog post, a winners year) or a respondent's code
 *   entry, from a visitor without the signed-in hint cookie (signed-in users get the app's shell as before: their
 *   header and pages are theirs, not a guest's).
 * - The page's requests go to this server's own API over the loopback address the request came in on, as a guest.
 * - Without the built renderer, or when rendering fails or takes too long, the page is the app's shell (the browser
 *   renders it, as before); a failure is logged.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Request } from 'express';
import type { Logger } from 'pino';
import { SESSION_HINT_COOKIE_NAME } from '../../../shared/constants.js';
import { CODE_ENTRY_ROUTES, type RouteId, type RouteMatch } from '../../../shared/routes.js';

/**
 * Guest forms a newcomer opens from the public pages, rendered for guests too (registration was an empty
 * shell until the app had loaded, its first paint seconds later than the pages around it). Its submit button stays
 * disabled until the app has taken the page over, so nothing is sent before the form's own checks run.
 */
const RENDERED_FORMS: readonly RouteId[] = ['register'];
import { isPublicContent } from './sitemap.js';

export interface RenderedPage {
  html: string;
  /** The JSON the browser hydrates with (already serialised). */
  payload: string;
  /** The text namespaces the page used (the browser loads them before hydrating). */
  namespaces: string[];
}

interface RendererModule {
  warm?(): Promise<void>;
  render(input: {
    url: string;
    cookies: string;
    fetch: typeof fetch;
    page?: Record<string, unknown>;
    timeoutMs?: number;
  }): Promise<{ kind: 'page'; html: string; payload: unknown } | { kind: 'redirect' | 'none' }>;
}

export interface PageRenderer {
  /** Whether this request is one the server renders. */
  wants(req: Request, match: RouteMatch): boolean;
  /** The page's HTML and payload, or null (the app's shell is answered). */
  render(req: Request, options?: { page?: Record<string, unknown> }): Promise<RenderedPage | null>;
  /** Loads the renderer and its texts now, so the first visitor after a start does not wait for them. */
  warm(): Promise<void>;
}

/** The renderer bundle built beside the PWA: <staticDir>/../ssr/entry-server.js. */
export function rendererFile(staticDir: string): string {
  return path.join(path.dirname(staticDir), 'ssr', 'entry-server.js');
}

/** JSON inside <script type="application/json">: nothing in it may close the element or open a comment. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

function signedIn(req: Request): boolean {
  return (req.headers.cookie ?? '').split(';').some((c) => c.trim().startsWith(`${SESSION_HINT_COOKIE_NAME}=`));
}

/** The request's own address, for the page's API calls (IPv6 in brackets). */
function loopbackOrigin(req: Request): string | null {
  const address = req.socket.localAddress;
  const port = req.socket.localPort;
  if (!address || !port) return null;
  let host = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  if (host.includes(':')) host = `[${host}]`;
  return `http://${host}:${String(port)}`;
}

export function createPageRenderer(options: { staticDir: string; logger?: Logger; timeoutMs?: number }): PageRenderer {
  const file = rendererFile(options.staticDir);
  let loading: Promise<RendererModule | null> | null = null;

  function load(): Promise<RendererModule | null> {
    if (loading) return loading;
    if (!fs.existsSync(file)) return Promise.resolve(null); // looked for again on the next request (a build may come)
    loading = import(pathToFileURL(file).href).then(
      (mod: RendererModule) => mod,
      (err: unknown) => {
        options.logger?.error({ err }, 'the page renderer could not be loaded');
        return null;
      },
    );
    return loading;
  }

  return {
    async warm() {
      const renderer = await load();
      try {
        await renderer?.warm?.();
      } catch (err) {
        options.logger?.error({ err }, 'the page renderer could not load its texts');
      }
    },

    wants(req, match) {
      if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'POST') return false;
      if (signedIn(req)) return false;
      // The results page a company shares with its employees is public too: opened from a poster's QR code.
      return isPublicContent(match.id) || CODE_ENTRY_ROUTES.includes(match.id) || RENDERED_FORMS.includes(match.id) || match.id === 'employeeResults';
    },

    async render(req, renderOptions = {}) {
      const renderer = await load();
      const origin = loopbackOrigin(req);
      if (!renderer || !origin) return null;
      const cookies = req.headers.cookie ?? '';
      // The page's API calls: to this server, as a guest (no cookies are sent).
      const loopback: typeof fetch = (input, init) => fetch(new URL(String(input), origin), { ...init, credentials: 'omit' });
      try {
        const result = await renderer.render({
          url: `${origin}${req.originalUrl}`,
          cookies,
          fetch: loopback,
          ...(renderOptions.page ? { page: renderOptions.page } : {}),
          timeoutMs: options.timeoutMs ?? 10_000,
        });
        if (result.kind !== 'page') return null;
        const namespaces = (result.payload as { namespaces?: unknown }).namespaces;
        return { html: result.html, payload: jsonForScript(result.payload), namespaces: Array.isArray(namespaces) ? namespaces.map(String) : [] };
      } catch (err) {
        options.logger?.error({ err, url: req.originalUrl }, 'a page could not be rendered on the server');
        return null;
      }
    },
  };
}
