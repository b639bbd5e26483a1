/**
 * The error texts live in shared/i18n/<locale>/errors.json: `code.<ErrorCode>` is the API's error message
 * (`{{name}}` placeholders filled by i18next), `field.<FieldMessageKey>` a shared schema's field message.
 * These lookups take the namespace's i18next `t` so that both sides share them: the server reads the
 * texts with textsFor (shared/errors/node.ts), the PWA from its statically imported copy
 * (pwa/lib/error-messages.ts). English fills any text a locale lacks (i18next's fallbackLng).
 */
import type { TFunction } from 'i18next';
import type { ErrorCode } from './codes.js';
import { FIELD_MESSAGE_PREFIX } from './field-messages.js';

/** The API's error message for `code`. */
export function errorMessageIn(t: TFunction, code: ErrorCode, vars: Record<string, string> = {}): string {
  return t(`code.${code}`, vars);
}

/** Turns a schema's 'field:<key>' message into its text; other messages (and unknown keys) pass through. */
export function fieldMessageIn(t: TFunction, message: string): string {
  if (!message.startsWith(FIELD_MESSAGE_PREFIX)) return message;
  return t(`field.${message.slice(FIELD_MESSAGE_PREFIX.length)}`, { defaultValue: message });
}
