/**
 * The error texts for the server (Node only: it reads shared/i18n through shared/i18n/node.ts; the PWA
 * has its own copy in pwa/lib/error-messages.ts).
 */
import type { UiLocale } from '../locales.js';
import { textsFor } from '../i18n/node.js';
import type { ErrorCode } from './codes.js';
import { errorMessageIn, fieldMessageIn } from './messages.js';

export function errorMessage(code: ErrorCode, locale: UiLocale, vars: Record<string, string> = {}): string {
  return errorMessageIn(textsFor(locale, 'errors'), code, vars);
}

/** Turns a schema's 'field:<key>' message into text in the locale; other messages pass through. */
export function localizeFieldMessage(message: string, locale: UiLocale): string {
  return fieldMessageIn(textsFor(locale, 'fields'), message);
}
