/**
 * The error catalogue (spec section 8) as shared codes. Every API error body is
 * { error: { code, message, details? } } with `code` from this list and `message`
 * in the request's language (see messages.ts).
 */
export const ERROR_CODES = [
  'internal-error',
  'not-found',
  'page-not-found',
  'unknown-middleware',
  'validation-failed',
  'unauthenticated',
  'forbidden',
  'invalid-origin',
  'payload-too-large',
  'unsupported-media-type',
  'rate-limited',
  'bot-check-failed',
  'invalid-token',
  'email-not-found',
  'something-went-wrong',
  'reminder-failed',
  'report-cannot-be-generated',
  'report-generation-failed',
  'report-unavailable',
  'group-report-all-years-unavailable',
  'image-dimensions',
  'image-dimensions-too-large',
  'image-too-big',
  'question-mandatory',
  'mail-send-failed',
  'email-taken',
  'invalid-credentials',
  'account-disabled',
  'company-disabled',
  'wrong-password',
  'image-type',
  'photo-ratio',
  'email-not-verified',
  'invalid-state',
  'application-open',
  'access-code-invalid',
  'access-code-used',
  'survey-closed',
  'award-year-published',
  'award-not-won',
  'award-not-published',
  'slug-taken',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The HTTP status each code is answered with unless a handler chooses otherwise. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  'internal-error': 500,
  'not-found': 404,
  'page-not-found': 404,
  'unknown-middleware': 500,
  'validation-failed': 422,
  unauthenticated: 401,
  forbidden: 403,
  'invalid-origin': 403,
  'payload-too-large': 413,
  'unsupported-media-type': 415,
  'rate-limited': 429,
  'bot-check-failed': 422,
  'invalid-token': 400,
  'email-not-found': 404,
  'something-went-wrong': 500,
  'reminder-failed': 502,
  'report-cannot-be-generated': 409,
  'report-generation-failed': 500,
  'report-unavailable': 409,
  'group-report-all-years-unavailable': 409,
  'image-dimensions': 422,
  'image-dimensions-too-large': 422,
  'image-too-big': 413,
  'question-mandatory': 422,
  'mail-send-failed': 502,
  'email-taken': 409,
  'invalid-credentials': 401,
  'account-disabled': 403,
  'company-disabled': 409,
  'wrong-password': 422,
  'image-type': 415,
  'photo-ratio': 422,
  'email-not-verified': 403,
  'invalid-state': 409,
  'application-open': 409,
  'access-code-invalid': 404,
  'access-code-used': 409,
  'survey-closed': 409,
  'award-year-published': 409,
  'award-not-won': 404,
  'award-not-published': 404,
  'slug-taken': 409,
};

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: unknown };
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}
