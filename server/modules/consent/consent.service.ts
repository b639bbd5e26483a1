/**
 * The cookie consent given through the plain form (the banner's buttons and the cookie settings before, or without,
 * the app's JavaScript): the same cookie the browser writes itself (shared/consent.ts), and, as there, on every choice
 * every other cookie the request carried is expired, except the necessary ones (the consent itself and the session's).
 */
import { CONSENT_MAX_AGE_DAYS, consentChoice, consentCookieValue, makeConsent } from '../../../shared/consent.js';
import { COOKIE_CONSENT_NAME, SESSION_COOKIE_NAME, SESSION_HINT_COOKIE_NAME } from '../../../shared/constants.js';
import type { ConsentForm } from '../../../shared/schemas/consent.js';

const NECESSARY = new Set([COOKIE_CONSENT_NAME, SESSION_COOKIE_NAME, SESSION_HINT_COOKIE_NAME]);

export interface ConsentOutcome {
  /** The consent cookie's value. */
  value: string;
  maxAgeMs: number;
  /** The names of the request's other cookies, to expire. */
  clear: string[];
  /** Where the browser goes back to (a local path, checked by the form's schema). */
  back: string;
}

export function decideConsent(form: ConsentForm, cookieHeader: string, now = new Date()): ConsentOutcome {
  const names = new Set(
    cookieHeader
      .split(';')
      .map((part) => part.split('=')[0]?.trim() ?? '')
      .filter((name) => /^[\w!#$%&'*+.^`|~-]+$/.test(name) && !NECESSARY.has(name)),
  );
  return {
    value: consentCookieValue(makeConsent(consentChoice(form), now)),
    maxAgeMs: CONSENT_MAX_AGE_DAYS * 24 * 60 * 60 * 1000,
    clear: [...names],
    back: form.back,
  };
}
