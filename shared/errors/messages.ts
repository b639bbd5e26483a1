/**
 * The error texts live in shared/i18n/<locale>/errors.json (`code.<ErrorCode>`: the API's error message,
 * `{{name}}` placeholders filled by i18next) and shared/i18n/<locale>/fields.json (`<FieldMessageKey>`: a
 * shared schema's field message). These lookups take the namespace's i18next `t` so that both sides share
 * them: the server reads the texts with textsFor (shared/errors/node.ts), the PWA from its statically
 * imported copies (pwa/lib/error-messages.ts, pwa/lib/field-messages.ts: two files, so that the first
 * load, which needs only the error messages, does not carry the field messages). English fills any text a
 * locale lacks (i18next's fallbackLng).
 */
import type { TFunction } from 'i18next';
import type { ErrorCode } from './codes.js';
import { FIELD_MESSAGE_PREFIX } from './field-messages.js';

/** The API's error message for `code`. */
export function errorMessageIn(t: TFunction, code: ErrorCode, vars: Record<string, string> = {}): string {
  return t(`code.${code}`, vars);
}

/** Turns a schema's 'field:<key>' message into its text (`t` of the 'fields' namespace); other messages (and unknown keys) pass through. */
export function fieldMessageIn(t: TFunction, message: string): string {
  if (!message.startsWith(FIELD_MESSAGE_PREFIX)) return message;
  return t(message.slice(FIELD_MESSAGE_PREFIX.length), { defaultValue: message });
}
