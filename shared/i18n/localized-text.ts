/**
 * The one fallback rule for multilingual content that is not a locale file: question banks, stored
 * footers, application texts (a `{ sl: '…', en: '…' }` record).
 *
 * Order: the text in `language`; else English (FALLBACK_UI_LOCALE); else the first non-empty text in the
 * record's own order. Every candidate is trimmed and an empty one is skipped; nothing found is ''.
 * The locale JSON files follow the same order through i18next (`fallbackLng: 'en'`).
 */
import { FALLBACK_UI_LOCALE } from '../locales';

export type LocalizedRecord = Readonly<Partial<Record<string, string | undefined>>>;

export function localizedText(text: LocalizedRecord | null | undefined, language: string): string {
  if (!text) return '';
  const own = text[language]?.trim();
  if (own) return own;
  const fallback = text[FALLBACK_UI_LOCALE]?.trim();
  if (fallback) return fallback;
  for (const v of Object.values(text)) {
    const s = v?.trim();
    if (s) return s;
  }
  return '';
}
