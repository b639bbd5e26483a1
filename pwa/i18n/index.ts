/**
 * i18next setup. Every shared/i18n/<locale>/<namespace>.json file becomes its own lazily loaded
 * chunk (import.meta.glob), which the service worker precaches, so a first offline use works
 * in every language. There is no fallback language: every locale has every text (shared/i18n/completeness.test.ts),
 * so a page loads its own locale's texts only (English beside them was two more files on a respondent's slow first load).
 */
import i18next, { type BackendModule, type i18n as I18n, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { UI_LOCALES, type UiLocale } from '../../shared/locales';

export const NAMESPACES = ['common', 'pages', 'account', 'admin', 'applications'] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const DEFAULT_NAMESPACE: Namespace = 'common';

type JsonModule = { default: ResourceKey };
// errors.json and fields.json are imported statically (pwa/lib/error-messages.ts, field-messages.ts); the server's own namespaces (mail, seed, print) are
// not the PWA's, so they are neither chunks nor precached.
const loaders = import.meta.glob<JsonModule>([
  '../../shared/i18n/*/*.json',
  '!../../shared/i18n/*/errors.json',
  '!../../shared/i18n/*/fields.json',
  '!../../shared/i18n/*/mail.json',
  '!../../shared/i18n/*/seed.json',
  '!../../shared/i18n/*/print.json',
]);

/** Every namespace the PWA has texts in (the server's renderer loads them all). */
export const ALL_NAMESPACES: string[] = [...new Set(Object.keys(loaders).map((file) => /([^/]+)\.json$/.exec(file)?.[1] ?? ''))].filter(Boolean).sort();

/** Loads one locale's namespace; a missing file is an empty bundle. */
export async function loadResource(locale: string, ns: string): Promise<ResourceKey> {
  const load = loaders[`../../shared/i18n/${locale}/${ns}.json`];
  if (!load) return {};
  const mod = await load();
  return mod.default;
}

const globBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    loadResource(language, namespace).then(
      (data) => callback(null, data),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), null),
    );
  },
};

let initPromise: Promise<I18n> | null = null;

/**
 * `namespaces`: the ones to load first (a server-rendered page names the ones it used; the rest follow with
 * `loadNamespaces` once it runs). By default the shell's.
 */
export function initI18n(locale: UiLocale, namespaces: readonly string[] = NAMESPACES): Promise<I18n> {
  initPromise ??= i18next
    .use(globBackend)
    .use(initReactI18next)
    .init({
      lng: locale,
      fallbackLng: false,
      supportedLngs: [...UI_LOCALES],
      load: 'languageOnly',
      ns: [...namespaces],
      defaultNS: DEFAULT_NAMESPACE,
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    })
    .then(() => i18next);
  return initPromise;
}

/** Switches the language and waits until its texts are loaded. */
export async function ensureLocale(locale: UiLocale): Promise<void> {
  await initI18n(locale);
  if (i18next.resolvedLanguage !== locale || i18next.language !== locale) {
    await i18next.changeLanguage(locale);
  }
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/** Loads namespaces a page needs before its first render (a server-rendered page names the ones it used). */
export async function loadNamespaces(namespaces: string[]): Promise<void> {
  const known = namespaces.filter((ns) => ALL_NAMESPACES.includes(ns));
  if (known.length) await i18next.loadNamespaces(known);
}

export { i18next };
