/**
 * The shared schemas' field messages (shared/i18n/<locale>/fields.json) for the PWA, through the lookup of
 * shared/errors/messages.ts: imported statically into one small i18next instance, like ./error-messages.ts,
 * because form validation reads them synchronously; a file of its own so that the first load (which needs
 * only the error messages) does not carry them.
 */
import { fieldMessageIn } from '../../shared/errors/messages';
import type { UiLocale } from '../../shared/locales';
import { staticTexts } from './static-texts';
import bs from '../../shared/i18n/bs/fields.json';
import de from '../../shared/i18n/de/fields.json';
import en from '../../shared/i18n/en/fields.json';
import fr from '../../shared/i18n/fr/fields.json';
import hr from '../../shared/i18n/hr/fields.json';
import mk from '../../shared/i18n/mk/fields.json';
import sl from '../../shared/i18n/sl/fields.json';
import sr from '../../shared/i18n/sr/fields.json';

const textsIn = staticTexts('fields', { sl, en, hr, sr, bs, mk, de, fr });

/** Turns a schema's 'field:<key>' message into text in the locale; other messages pass through. */
export function localizeFieldMessage(message: string, locale: UiLocale): string {
  return fieldMessageIn(textsIn(locale), message);
}
