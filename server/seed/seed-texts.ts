/**
 * The seed's texts in more than one language (shared/i18n/<locale>/seed.json, namespace 'seed'): the
 * operator's footer and the demo surveys' extra questions. A seeded row stores them as a multilingual
 * record ({ sl: '…', en: '…' }, read back with localizedText()); the record holds every UI locale that
 * has its own text, in UI_LOCALES order, and leaves out a locale that would only get English.
 *
 * The demo company's own data (its name, departments, locations, survey names, the respondents' written
 * answers) is Slovenian content of a Slovenian company, not text of the site, and stays in the seed.
 */
import { textsFor } from '../../shared/i18n/node.js';
import { FALLBACK_UI_LOCALE, UI_LOCALES, type UiLocale } from '../../shared/locales.js';

export function seedText(key: string): Partial<Record<UiLocale, string>> {
  const record: Partial<Record<UiLocale, string>> = {};
  for (const locale of UI_LOCALES) {
    const found = textsFor(locale, 'seed')(key, { returnDetails: true });
    if (found.usedLng === locale && found.res !== key) record[locale] = String(found.res);
  }
  if (!record[FALLBACK_UI_LOCALE]) throw new Error(`seed.json has no English text '${key}'`);
  return record;
}
