/** Submit issues (shared izzSubmitIssues, or the server's 422 details) as field texts and steps. */
import { FIELD_MESSAGE_PREFIX } from '../../../shared/errors/field-messages';
import { localizeFieldMessage } from '../../lib/field-messages';
import type { UiLocale } from '../../../shared/locales';
import type { SubmitIssue } from '../../../shared/schemas/application';
import type { FieldErrors } from '../../lib/form-errors';

/** Which step a draft path belongs to. */
export function stepOfPath(path: string, steps: readonly { id: string; paths: readonly string[] }[]): number {
  const index = steps.findIndex((s) => s.paths.some((p) => path === p || path.startsWith(`${p}.`)));
  return index < 0 ? steps.length - 1 : index;
}

/** One message per path: 'field:<key>' localized, a plain code through `t`, anything else as it came. */
export function issueErrors(issues: readonly SubmitIssue[], locale: UiLocale, t: (key: string, opts?: Record<string, unknown>) => string): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    let path = issue.path;
    if (path.startsWith('extra_questions.') || path.startsWith('own_questions.')) path = path.split('.')[0]!;
    else if (/^details\.respondent_emails\.\d+/.test(path)) path = 'details.respondent_emails';
    if (errors[path]) continue;
    errors[path] = issue.message.startsWith(FIELD_MESSAGE_PREFIX)
      ? localizeFieldMessage(issue.message, locale)
      : /^[a-z0-9-]+$/.test(issue.message)
        ? t(`issues.${issue.message}`, { defaultValue: issue.message })
        : issue.message;
  }
  return errors;
}

/** The server's 422 details ([{ path, message }]) as SubmitIssues. */
export function detailsToIssues(details: unknown): SubmitIssue[] {
  if (!Array.isArray(details)) return [];
  return details.flatMap((d: unknown) => {
    if (typeof d !== 'object' || d === null) return [];
    const { path, message } = d as { path?: unknown; message?: unknown };
    const parts = Array.isArray(path) ? path.map(String) : typeof path === 'string' ? path.split('.') : [];
    if (parts[0] === 'body') parts.shift();
    if (parts[0] === 'draft') parts.shift();
    return typeof message === 'string' ? [{ path: parts.join('.'), message }] : [];
  });
}
