/**
 * Turns a failed submit into what a form shows: the field errors (server 422 details or a field a
 * known error code belongs to) and the summary title. Works on the ApiError shape without importing it.
 */
import type { UiLocale } from '../../shared/locales';
import { fieldErrorsFromDetails, type FieldErrors } from './form-errors';

interface ApiErrorLike {
  status: number;
  code: string;
  message: string;
  details?: unknown;
  network?: boolean;
}

function isApiErrorLike(err: unknown): err is ApiErrorLike {
  return typeof err === 'object' && err !== null && 'status' in err && 'code' in err && 'message' in err;
}

export interface SubmitFailure {
  title: string;
  fields: FieldErrors;
}

/**
 * @param codeFields which field an error code belongs to, e.g. { 'email-taken': 'email', 'wrong-password': 'current_password' }
 */
export function submitFailure(
  err: unknown,
  locale: UiLocale,
  texts: { summary: string; network: string },
  codeFields: Record<string, string> = {},
): SubmitFailure {
  if (!isApiErrorLike(err) || err.network) return { title: texts.network, fields: {} };
  const fields = fieldErrorsFromDetails(err.details, locale);
  const field = codeFields[err.code];
  if (field && !fields[field]) fields[field] = err.message;
  if (err.code === 'validation-failed') return { title: texts.summary, fields };
  return { title: err.message, fields };
}
