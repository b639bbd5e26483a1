/**
 * The API's error messages (shared/i18n/<locale>/errors.json) for the PWA, through the lookup of
 * shared/errors/messages.ts. The shared schemas' field messages are in ./field-messages.ts, which the
 * first load does not need.
 *
 * Unlike the screen namespaces (loaded lazily per locale by pwa/i18n), these eight files are imported
 * statically into one small i18next instance of their own: they are read synchronously (form validation,
 * the network-failure message, the error pages; also before pwa/i18n has loaded anything and in tests that
 * build their own i18n), and the whole set is about 10 kB gzipped — what the TypeScript tables it replaces
 * cost the bundle before. Lazy loading would make every caller wait for a namespace to save a few kB.
 */
import type { ErrorCode } from '../../shared/errors/codes';
import { errorMessageIn } from '../../shared/errors/messages';
import type { UiLocale } from '../../shared/locales';
import { staticTexts } from './static-texts';
import bs from '../../shared/i18n/bs/errors.json';
import de from '../../shared/i18n/de/errors.json';
import en from '../../shared/i18n/en/errors.json';
import fr from '../../shared/i18n/fr/errors.json';
import hr from '../../shared/i18n/hr/errors.json';
import mk from '../../shared/i18n/mk/errors.json';
import sl from '../../shared/i18n/sl/errors.json';
import sr from '../../shared/i18n/sr/errors.json';

const textsIn = staticTexts('errors', { sl, en, hr, sr, bs, mk, de, fr });

export function errorMessage(code: ErrorCode, locale: UiLocale, vars: Record<string, string> = {}): string {
  return errorMessageIn(textsIn(locale), code, vars);
}
