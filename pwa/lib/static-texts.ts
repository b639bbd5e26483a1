/**
 * An i18next instance over one namespace whose eight locale files are imported statically (the error and
 * field messages: read synchronously, so not loaded lazily like the screen namespaces in pwa/i18n).
 * The instance is made on the first message asked for, not when a module imports this: building it over eight
 * locales is ~20 ms of a slow phone's CPU that a respondent's first page does not need.
 */
import { createInstance, type i18n, type TFunction } from 'i18next';
import { FALLBACK_UI_LOCALE, UI_LOCALES, type UiLocale } from '../../shared/locales';

export function staticTexts(ns: string, files: Record<UiLocale, object>): (locale: UiLocale) => TFunction {
  let texts: i18n | null = null;
  const instance = (): i18n => {
    if (texts) return texts;
    texts = createInstance();
    void texts.init({
      resources: Object.fromEntries(UI_LOCALES.map((locale) => [locale, { [ns]: files[locale] }])),
      lng: FALLBACK_UI_LOCALE,
      fallbackLng: FALLBACK_UI_LOCALE,
      supportedLngs: [...UI_LOCALES],
      ns: [ns],
      defaultNS: ns,
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    return texts;
  };
  return (locale) => instance().getFixedT(locale, ns);
}
