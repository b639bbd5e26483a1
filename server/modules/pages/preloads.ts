/**
 * `<link rel="modulepreload">` for what a server-rendered page's app needs to take the page over, read from Vite's
 * build manifest (dist/pwa/.vite/manifest.json): the texts the page used (its locale's: the PWA has no fallback
 * language, pwa/i18n/index.ts) and, on a
 * respondent's code entry, the route's module, and the code form's early submit script (before the app). The browser
 * fetches them while it parses the page, instead of one after another once the app runs: on a slow phone network that
 * is the difference between a few round trips and a dozen.
 *
 * The questionnaire that follows the code (local store, flow, question banks: ~100 kB) is not named here: on a narrow
 * link every file fetched at once shares it, and the app's own script would arrive last. The app asks for it as soon
 * as its script runs (pwa/main.tsx), while it takes the page over.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { UiLocale } from '../../../shared/locales.js';
import { CODE_ENTRY_ROUTES, type RouteId } from '../../../shared/routes.js';

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The parts (manifest keys) a code-entry route's page needs: a module by its path in pwa/, or `chunk:<name>`, a chunk
 * group of vite.config.ts (RESPONDENT_CHUNKS), whose modules have no chunk of their own.
 */
const ROUTE_SOURCES: Partial<Record<RouteId, string[]>> = {
  questionnaire: ['chunk:code-entry'],
  employeeSatisfactionPage: ['features/questionnaire/entry-page.tsx'],
  questionnairePuls: ['features/questionnaire/entry-page.tsx'],
  register: ['features/accounts/register-page.tsx'],
};

/** The manifest key of a part: a module's own, or the chunk of the named group. */
function keyOf(m: Manifest, part: string): string | undefined {
  if (!part.startsWith('chunk:')) return part;
  const name = part.slice('chunk:'.length);
  return Object.keys(m).find((key) => m[key]?.name === name && !m[key]?.isEntry);
}

/** The public pages' own script, an entry of its own in the build (vite.config.ts). */
const PUBLIC_PAGE = 'public-page.ts';

/** The script of the pages whose app starts once the visitor uses them (pwa/deferred-app.ts), an entry of the build. */
const DEFERRED_APP = 'deferred-app.ts';

/**
 * A page whose app starts once the visitor uses it: its own small script, the app's entry (which it imports then) and
 * what the app needs on this page beside it (the entry's own imports, the page's texts in its locale, the route's module).
 */
export interface DeferredApp {
  script: string;
  entry: string;
  files: string[];
}

/** The code form's early submit, an entry of its own in the build (vite.config.ts). */
const EARLY_CODE_FORM = 'early-code-form.ts';

/** The code form's early submit as the page carries it: its text, and the CSP source that allows exactly that text. */
export interface EarlyScript {
  text: string;
  /** `'sha256-…'` for the Content-Security-Policy's script-src (server/app.ts). */
  source: string;
}

export type Preloads = ReturnType<typeof createPreloads>;

export function createPreloads(staticDir: string) {
  const file = path.join(staticDir, '.vite', 'manifest.json');
  let manifest: Manifest | null = null;
  let early: EarlyScript | null | undefined;

  function read(): Manifest | null {
    if (manifest) return manifest;
    try {
      manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
    } catch {
      return null;
    }
    return manifest;
  }

  /** The chunk files of these parts (keyOf) and everything they import statically, without index.html's own. */
  function files(m: Manifest, keys: string[]): string[] {
    const entry = new Set<string>();
    const walk = (key: string, into: Set<string>) => {
      const chunk = m[key];
      if (!chunk || into.has(chunk.file)) return;
      into.add(chunk.file);
      for (const i of chunk.imports ?? []) walk(i, into);
    };
    walk('index.html', entry);
    const out = new Set<string>();
    for (const part of keys) {
      const key = keyOf(m, part);
      if (key) walk(key, out);
    }
    return [...out].filter((f) => !entry.has(f) && f.endsWith('.js'));
  }

  /**
   * The code form's early submit (pwa/early-code-form.ts), read once from the build (null without one: the page then
   * goes without it, and the plain form still works). Written into the page, not linked: it must listen before the
   * code field can be used, and a script file — even a deferred one, run once the page is parsed — was measured to
   * come after a fast respondent's tap on a slow phone (the browser then posts the form and loads the page again).
   */
  function earlyScript(): EarlyScript | null {
    if (early !== undefined) return early;
    const built = read()?.[EARLY_CODE_FORM]?.file;
    try {
      const text = built ? fs.readFileSync(path.join(staticDir, built), 'utf8').replace(/\n\/\/# sourceMappingURL=\S*\s*$/, '').replace(/<\//g, '<\\/') : null;
      early = text ? { text, source: `'sha256-${createHash('sha256').update(text).digest('base64')}'` } : null;
    } catch {
      early = null;
    }
    return early;
  }

  /** The public pages' script (pwa/public-page.ts, an entry of the build): its file, then the files it imports. */
  function publicScript(): string[] {
    const m = read();
    if (!m?.[PUBLIC_PAGE]) return [];
    const out = new Set<string>();
    const walk = (key: string) => {
      const chunk = m[key];
      if (!chunk || out.has(chunk.file)) return;
      out.add(chunk.file);
      for (const i of chunk.imports ?? []) walk(i);
    };
    walk(PUBLIC_PAGE);
    return [...out];
  }

  /**
   * What a page of this route, locale and these text namespaces needs to start its app later (pwa/deferred-app.ts);
   * null without a build manifest or without that entry (the page then keeps the app's own script).
   */
  function deferredApp(route: RouteId, locale: UiLocale, namespaces: string[]): DeferredApp | null {
    const m = read();
    const script = m?.[DEFERRED_APP]?.file;
    const entry = m?.['index.html'];
    if (!m || !script || !entry) return null;
    const own = new Set<string>();
    for (const i of entry.imports ?? []) {
      const file = m[i]?.file;
      if (file) own.add(file);
    }
    const page = files(m, [...namespaces.map((ns) => `../shared/i18n/${locale}/${ns}.json`), ...(ROUTE_SOURCES[route] ?? [])]);
    return { script: `/${script}`, entry: `/${entry.file}`, files: [...own, ...page].map((f) => `/${f}`) };
  }

  return {
    earlyScript,
    publicScript,
    deferredApp,
    /** The preload tags for a rendered page of this route, locale and these text namespaces. */
    links(route: RouteId, locale: UiLocale, namespaces: string[]): string {
      const m = read();
      if (!m) return '';
      const texts = namespaces.map((ns) => `../shared/i18n/${locale}/${ns}.json`);
      const page = files(m, [...texts, ...(ROUTE_SOURCES[route] ?? [])]);
      return page.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join('');
    },
    /** What goes at the very top of the page's head, before the app's own script: on a code entry, the early submit. */
    first(route: RouteId): string {
      const script = CODE_ENTRY_ROUTES.includes(route) ? earlyScript() : null;
      return script ? `<script data-early-code-form>${script.text}</script>` : '';
    },
  };
}
