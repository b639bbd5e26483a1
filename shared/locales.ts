/** UI locales and question languages. Shared by pwa/, server/ and print/. */

export const UI_LOCALES = ['sl', 'en', 'hr', 'sr', 'bs', 'mk', 'de', 'fr'] as const;
export type UiLocale = (typeof UI_LOCALES)[number];
/** Slovenian is the default locale and has no path prefix. */
export const DEFAULT_UI_LOCALE: UiLocale = 'sl';
/** A missing UI text falls back to English. */
export const FALLBACK_UI_LOCALE: UiLocale = 'en';

export function isUiLocale(value: unknown): value is UiLocale {
  return typeof value === 'string' && (UI_LOCALES as readonly string[]).includes(value);
}

/** Native names, used by the language switcher and the <html lang> attribute. */
export const UI_LOCALE_NAMES: Record<UiLocale, string> = {
  sl: 'Slovenščina',
  en: 'English',
  hr: 'Hrvatski',
  sr: 'Srpski',
  bs: 'Bosanski',
  mk: 'Македонски',
  de: 'Deutsch',
  fr: 'Français',
};

/** BCP 47 tags for Intl formatting (sr is written in Latin script, mk in Cyrillic). */
export const UI_LOCALE_TAGS: Record<UiLocale, string> = {
  sl: 'sl-SI',
  en: 'en-GB',
  hr: 'hr-HR',
  sr: 'sr-Latn-RS',
  bs: 'bs-BA',
  mk: 'mk-MK',
  de: 'de-DE',
  fr: 'fr-FR',
};

export const QUESTION_LANGUAGE_CODES = ['hr', 'en', 'sl', 'sr', 'bs', 'mk', 'de', 'fr'] as const;
export type QuestionLanguageCode = (typeof QUESTION_LANGUAGE_CODES)[number];

export interface QuestionLanguage {
  id: number;
  code: QuestionLanguageCode;
  name: string;
  short_name: string;
}

/** Question languages with stable numeric ids (ids never change once published). */
export const QUESTION_LANGUAGES: readonly QuestionLanguage[] = [
  { id: 1, code: 'hr', name: 'Hrvatski', short_name: 'HR' },
  { id: 2, code: 'en', name: 'English', short_name: 'EN' },
  { id: 3, code: 'sl', name: 'Slovenščina', short_name: 'SL' },
  { id: 4, code: 'sr', name: 'Srpski', short_name: 'SR' },
  { id: 5, code: 'bs', name: 'Bosanski', short_name: 'BS' },
  { id: 6, code: 'mk', name: 'Македонски', short_name: 'MK' },
  { id: 7, code: 'de', name: 'Deutsch', short_name: 'DE' },
  { id: 8, code: 'fr', name: 'Français', short_name: 'FR' },
];

/**
 * A question language by its own name ("Slovenščina", "English", "Македонски"), as every language choice shows
 * it; an unknown code stays as it is.
 */
export function questionLanguageName(code: string): string {
  return QUESTION_LANGUAGES.find((l) => l.code === code)?.name ?? code;
}

export const DEFAULT_QUESTION_LANGUAGE: QuestionLanguageCode = 'en';
export const DEFAULT_REPORT_LANGUAGE: QuestionLanguageCode = 'hr';

/**
 * Picks the best UI locale from an Accept-Language header or a ?lang= value.
 * Used by the server for error messages when the path carries no locale.
 */
export function pickLocale(input: string | undefined | null, fallback: UiLocale = FALLBACK_UI_LOCALE): UiLocale {
  if (!input) return fallback;
  for (const part of input.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    const base = tag.split('-')[0] ?? '';
    if (isUiLocale(base)) return base;
  }
  return fallback;
}
