/**
 * The locale files for the server and print (Node only; the PWA loads them lazily through pwa/i18n).
 * All files are read once, at first use, into one i18next instance with English as the fallback.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInstance, type i18n as I18n, type Resource, type TFunction } from 'i18next';
import { FALLBACK_UI_LOCALE, UI_LOCALES } from '../locales';
import { TEXT_NAMESPACES, type TextNamespace } from './namespaces';

const here = path.dirname(fileURLToPath(import.meta.url));
/** shared/i18n itself; the compiled server (build/server.js, one level below the project) reads the same folder. */
export const LOCALE_DIR = fs.existsSync(path.join(here, 'en')) ? here : path.resolve(here, '..', 'shared', 'i18n');

/** Every locale file, as i18next resources. */
export function readLocaleFiles(dir = LOCALE_DIR): Resource {
  const resources: Resource = {};
  for (const locale of UI_LOCALES) {
    const bundle: Resource[string] = {};
    for (const ns of TEXT_NAMESPACES) {
      const file = path.join(dir, locale, `${ns}.json`);
      if (fs.existsSync(file)) bundle[ns] = JSON.parse(fs.readFileSync(file, 'utf8')) as Resource[string][string];
    }
    resources[locale] = bundle;
  }
  return resources;
}

let instance: I18n | null = null;

function texts(): I18n {
  if (instance) return instance;
  const created = createInstance();
  void created.init({
    resources: readLocaleFiles(),
    lng: FALLBACK_UI_LOCALE,
    fallbackLng: FALLBACK_UI_LOCALE,
    supportedLngs: [...UI_LOCALES],
    ns: [...TEXT_NAMESPACES],
    defaultNS: false,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  instance = created;
  return created;
}

/**
 * The texts of one namespace in one language (a language without UI texts, e.g. a question language
 * that is not a UI locale, reads English). `t('key', { name })`, plurals with `count`.
 */
export function textsFor(language: string, ns: TextNamespace): TFunction {
  const i = texts();
  const lng = (UI_LOCALES as readonly string[]).includes(language) ? language : FALLBACK_UI_LOCALE;
  return i.getFixedT(lng, ns);
}
