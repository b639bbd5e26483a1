/**
 * Client-side validation of the contact form. It runs the shared contactMessageSchema (the same one
 * the server uses), so the browser and the server always agree, and maps each zod issue to a
 * message key under 'contact.errors.' in pages.json.
 */
import type { z } from 'zod';
import { contactMessageSchema } from '../../../shared/schemas/contact';
import type { UiLocale } from '../../../shared/locales';

export const CONTACT_FIELDS = ['name', 'email', 'company', 'phone', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;

export const EMPTY_CONTACT_VALUES: ContactValues = { name: '', email: '', company: '', phone: '', message: '' };

/** A field message: a key under 'contact.errors.' with its parameters, or a text that is already localized (from the server). */
export type FieldMessage = { key: string; params?: Record<string, number> } | { text: string };
export type FieldErrors = Partial<Record<ContactField, FieldMessage>>;

type Issue = z.core.$ZodIssue;

export function isContactField(value: unknown): value is ContactField {
  return typeof value === 'string' && (CONTACT_FIELDS as readonly string[]).includes(value);
}

function limit(issue: Issue): Record<string, number> {
  if (issue.code === 'too_small') return { min: Number(issue.minimum) };
  if (issue.code === 'too_big') return { max: Number(issue.maximum) };
  return {};
}

/** The message for one schema issue of a field. `value` is what the user typed (to tell empty from too short). */
export function messageForIssue(field: ContactField, issue: Issue, value: string): FieldMessage {
  const empty = value.trim() === '';
  switch (field) {
    case 'name':
      if (empty) return { key: 'nameRequired' };
      if (issue.code === 'too_small') return { key: 'nameTooShort', params: limit(issue) };
      if (issue.code === 'too_big') return { key: 'nameTooLong', params: limit(issue) };
      break;
    case 'email':
      if (empty) return { key: 'emailRequired' };
      if (issue.code === 'too_big') return { key: 'emailTooLong', params: limit(issue) };
      return { key: 'emailInvalid' };
    case 'company':
      if (issue.code === 'too_big') return { key: 'companyTooLong', params: limit(issue) };
      break;
    case 'phone':
      if (issue.code === 'too_big') return { key: 'phoneTooLong', params: limit(issue) };
      break;
    case 'message':
      if (empty) return { key: 'messageRequired' };
      if (issue.code === 'too_small') return { key: 'messageTooShort', params: limit(issue) };
      if (issue.code === 'too_big') return { key: 'messageTooLong', params: limit(issue) };
      break;
  }
  return { key: 'invalid' };
}

/** Maps schema issues to one message per field (the first issue of a field wins). Issues of other paths are ignored. */
export function fieldErrorsFromIssues(issues: readonly Issue[], values: ContactValues): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (!isContactField(field) || errors[field]) continue;
    errors[field] = messageForIssue(field, issue, values[field]);
  }
  return errors;
}

export type ContactValidation =
  | { ok: true; data: z.infer<typeof contactMessageSchema> }
  | { ok: false; errors: FieldErrors };

/**
 * Validates the form values with the shared schema. The proof-of-work payload does not exist yet at
 * this point, so a placeholder stands in for it; the real one replaces it before sending.
 */
export function validateContact(values: ContactValues, locale: UiLocale): ContactValidation {
  const input = { ...values, email: values.email.trim(), locale, altcha: 'pending' };
  const result = contactMessageSchema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, errors: fieldErrorsFromIssues(result.error.issues, values) };
}

/**
 * Server validation details ({ path, message } with a localized message) mapped to fields.
 * A path may be 'email', 'body.email' or ['body', 'email'].
 */
export function fieldErrorsFromServer(details: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (!Array.isArray(details)) return errors;
  for (const d of details as unknown[]) {
    if (typeof d !== 'object' || d === null) continue;
    const { path, message } = d as { path?: unknown; message?: unknown };
    const parts = Array.isArray(path) ? path.map(String) : typeof path === 'string' ? path.split('.') : [];
    const field = parts.find(isContactField);
    if (field && typeof message === 'string' && message && !errors[field]) errors[field] = { text: message };
  }
  return errors;
}
