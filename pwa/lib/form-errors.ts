/**
 * Form errors shared by every form: the shared zod schema's issues and the server's 422 details
 * become one map of field path -> text in the page's language. Paths are dotted ('employees.total').
 * The schema's 'field:<key>' messages are localized with the errors namespace (lib/error-messages.ts), exactly as
 * the server does, so the browser and the server always show the same text.
 */
import type { z } from 'zod';
import { FIELD_MESSAGE_PREFIX } from '../../shared/errors/field-messages';
import { localizeFieldMessage } from './field-messages';
import type { UiLocale } from '../../shared/locales';

export type FieldErrors = Record<string, string>;

type Issue = z.core.$ZodIssue;

export function issuePath(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

/**
 * One message per field (the first issue wins). An issue without a 'field:' key (a rule the user
 * cannot break through the form, such as an enum the page fills in) gets `fallback`.
 */
export function fieldErrorsFromIssues(issues: readonly Issue[], locale: UiLocale, fallback: string): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = issuePath(issue.path);
    if (errors[path]) continue;
    errors[path] = issue.message.startsWith(FIELD_MESSAGE_PREFIX) ? localizeFieldMessage(issue.message, locale) : fallback;
  }
  return errors;
}

export type Validation<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** Runs the shared schema over the form's values. */
export function validateWith<S extends z.ZodType>(schema: S, input: unknown, locale: UiLocale, fallback: string): Validation<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, errors: fieldErrorsFromIssues(result.error.issues, locale, fallback) };
}

/**
 * The server's validation details ([{ location, path, code, message }], message already localized)
 * as field errors. A path may be 'email', 'body.email', 'employees.total' or an array of parts.
 * Server messages that still carry a 'field:' key are localized here.
 */
export function fieldErrorsFromDetails(details: unknown, locale: UiLocale): FieldErrors {
  const errors: FieldErrors = {};
  if (!Array.isArray(details)) return errors;
  for (const d of details as unknown[]) {
    if (typeof d !== 'object' || d === null) continue;
    const { path, message } = d as { path?: unknown; message?: unknown };
    let parts = Array.isArray(path) ? path.map(String) : typeof path === 'string' ? path.split('.') : [];
    if (parts[0] === 'body') parts = parts.slice(1);
    const key = parts.join('.');
    if (!key || typeof message !== 'string' || !message || errors[key]) continue;
    errors[key] = localizeFieldMessage(message, locale);
  }
  return errors;
}

/** The DOM id of a field: ('register', 'employees.total') -> 'register-employees-total'. */
export function fieldId(form: string, path: string): string {
  return `${form}-${path.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

/** The first field (in form order) that has an error. */
export function firstErrorField(order: readonly string[], errors: FieldErrors): string | undefined {
  return order.find((f) => errors[f]) ?? Object.keys(errors)[0];
}
