/**
 * An i18next instance over one namespace whose eight locale files are imported statically (the error and
 * field messages: read synchronously, so not loaded lazily like the screen namespaces in pwa/i18n).
 */
import { createInstance, type TFunction } from 'i18next';
import { FALLBACK_UI_LOCALE, UI_LOCALES, type UiLocale } from '../../shared/locales';

export function staticTexts(ns: string, files: Record<UiLocale, object>): (locale: UiLocale) => TFunction {
  const texts = createInstance();
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
  return (locale) => texts.getFixedT(locale, ns);
}
