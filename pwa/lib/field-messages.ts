/**
 * The shared schemas' field messages (shared/i18n/<locale>/fields.json) for the PWA, through the lookup of
 * shared/errors/messages.ts: imported statically into one small i18next instance, like ./error-messages.ts,
 * because form validation reads them synchronously; a file of its own so that the first load (which needs
 * only the error messages) does not carry them.
 */
import { createInstance } from 'i18next';
import { fieldMessageIn } from '../../shared/errors/messages';
import { FALLBACK_UI_LOCALE, UI_LOCALES, type UiLocale } from '../../shared/locales';
import bs from '../../shared/i18n/bs/fields.json';
import de from '../../shared/i18n/de/fields.json';
import en from '../../shared/i18n/en/fields.json';
import fr from '../../shared/i18n/fr/fields.json';
import hr from '../../shared/i18n/hr/fields.json';
import mk from '../../shared/i18n/mk/fields.json';
import sl from '../../shared/i18n/sl/fields.json';
import sr from '../../shared/i18n/sr/fields.json';

const FILES: Record<UiLocale, object> = { sl, en, hr, sr, bs, mk, de, fr };

const texts = createInstance();
void texts.init({
  resources: Object.fromEntries(UI_LOCALES.map((locale) => [locale, { fields: FILES[locale] }])),
  lng: FALLBACK_UI_LOCALE,
  fallbackLng: FALLBACK_UI_LOCALE,
  supportedLngs: [...UI_LOCALES],
  ns: ['fields'],
  defaultNS: 'fields',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Turns a schema's 'field:<key>' message into text in the locale; other messages pass through. */
export function localizeFieldMessage(message: string, locale: UiLocale): string {
  return fieldMessageIn(texts.getFixedT(locale, 'fields'), message);
}
