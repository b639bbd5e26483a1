/**
 * `<link rel="modulepreload">` for what a server-rendered page's app needs next, read from Vite's build manifest
 * (dist/pwa/.vite/manifest.json): the texts the page used (its locale and the fallback's) and, on a respondent's code
 * entry, the route's module and the questionnaire that follows the code (local store, flow, question banks), and the
 * code form's early submit script (async, before the app). The
 * browser fetches them while it parses the page, instead of one after another once the app runs: on a slow phone
 * network that is the difference between a few round trips and a dozen.
 */
import fs from 'node:fs';
import path from 'node:path';
import { FALLBACK_UI_LOCALE, type UiLocale } from '../../../shared/locales.js';
import { CODE_ENTRY_ROUTES, type RouteId } from '../../../shared/routes.js';

interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The page modules (paths in pwa/) a code-entry route needs, and what follows an accepted code. */
const QUESTIONNAIRE_NEXT = ['features/questionnaire/entry-actions.ts', 'features/questionnaire/journey-pages.tsx'];
const ROUTE_SOURCES: Partial<Record<RouteId, string[]>> = {
  questionnaire: ['app/questionnaire-route.tsx', ...QUESTIONNAIRE_NEXT],
  employeeSatisfactionPage: ['features/questionnaire/entry-page.tsx', ...QUESTIONNAIRE_NEXT],
  questionnairePuls: ['features/questionnaire/entry-page.tsx', ...QUESTIONNAIRE_NEXT],
};

/** The code form's early submit, an entry of its own in the build (vite.config.ts). */
const EARLY_CODE_FORM = 'early-code-form.ts';

export function createPreloads(staticDir: string) {
  const file = path.join(staticDir, '.vite', 'manifest.json');
  let manifest: Manifest | null = null;

  function read(): Manifest | null {
    if (manifest) return manifest;
    try {
      manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
    } catch {
      return null;
    }
    return manifest;
  }

  /** The chunk files of these manifest keys and everything they import statically, without index.html's own. */
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
    for (const key of keys) walk(key, out);
    return [...out].filter((f) => !entry.has(f) && f.endsWith('.js'));
  }

  return {
    /** The preload tags for a rendered page of this route, locale and these text namespaces. */
    links(route: RouteId, locale: UiLocale, namespaces: string[]): string {
      const m = read();
      if (!m) return '';
      const locales = locale === FALLBACK_UI_LOCALE ? [locale] : [locale, FALLBACK_UI_LOCALE];
      const texts = locales.flatMap((l) => namespaces.map((ns) => `../shared/i18n/${l}/${ns}.json`));
      const sources = ROUTE_SOURCES[route] ?? [];
      const page = files(m, [...texts, ...sources.filter((s) => !QUESTIONNAIRE_NEXT.includes(s))]);
      const later = sources.length ? files(m, QUESTIONNAIRE_NEXT).filter((f) => !page.includes(f)) : [];
      // What hydrates the page comes first; the questionnaire after the code after it (low priority: it must not slow
      // down the app's own scripts on a narrow link).
      return [
        ...page.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
        ...later.map((f) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${f}">`),
      ].join('');
    },
    /**
     * What goes at the very top of the page's head, before the app's own script: on a code entry, the code form's early
     * submit (pwa/early-code-form.ts; async and high priority, so it runs as soon as it is there, long before the app).
     */
    first(route: RouteId): string {
      const file = CODE_ENTRY_ROUTES.includes(route) ? read()?.[EARLY_CODE_FORM]?.file : undefined;
      return file ? `<script type="module" async fetchpriority="high" crossorigin src="/${file}"></script>` : '';
    },
  };
}
