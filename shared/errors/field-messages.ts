/**
 * Field-level validation messages. A shared zod schema sets `error: 'field:<key>'` on a rule; the
 * server's validator and the browser's forms both turn that into the text `field.<key>` of
 * shared/i18n/<locale>/errors.json in the page's language (errors/messages.ts).
 * Issues without such a key get zod's own localized message.
 */
export const FIELD_MESSAGE_KEYS = [
  'required',
  'email-invalid',
  'password-too-short',
  'password-mismatch',
  'terms-required',
  'tax-number-invalid',
  'phone-invalid',
  'too-long',
  'employee-parts-exceed-total',
  'number-invalid',
  'choose-option',
  'same-as-current',
  'start-in-past',
  'end-before-start',
  'online-respondents-required',
  'offline-respondents-required',
  'offline-not-allowed',
  'online-not-allowed',
  'too-many-emails',
  'respondents-exceed-employees',
  'duplicate-email',
  'language-not-offered',
  'outside-survey-period',
  'too-many-questions',
  'missing-translation',
  'unknown-question',
  'unknown-breakdown',
  'questions-required',
  'report-filter-one-group',
  'report-filter-two-answers',
  'report-filter-not-groupable',
  'report-filter-protected',
  'report-group-not-over-years',
  'response-id-not-random',
  'slug-invalid',
  'date-invalid',
  'return-path-invalid',
] as const;
export type FieldMessageKey = (typeof FIELD_MESSAGE_KEYS)[number];

export const FIELD_MESSAGE_PREFIX = 'field:';
export const fieldError = (key: FieldMessageKey) => `${FIELD_MESSAGE_PREFIX}${key}`;
