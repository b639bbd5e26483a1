/**
 * The code entry as a plain HTML form: a respondent on a slow phone may submit the code before the app's
 * JavaScript has arrived. The page server (server/modules/pages) answers that POST with the page rendered again:
 * with the access (token and package, as POST /api/questionnaire/access answers it) for the app to store and go on
 * with, or with why the code was refused. The same checks and the same guessing budget as the API route: only wrong
 * codes count, per address.
 */
import { normalizeAccessCode } from '../../../shared/access-codes.js';
import { errorMessage } from '../../../shared/errors/node.js';
import type { UiLocale } from '../../../shared/locales.js';
import type { CodeFormError, QuestionnaireAccess } from '../../../shared/schemas/questionnaire.js';
import { AppError } from '../../errors.js';
import { GuessBudgetSpent, guessAddress, type CodeGuesses } from './code-guesses.js';
import type { QuestionnaireService } from './questionnaire.service.js';

export type CodeFormOutcome =
  | { ok: true; access: QuestionnaireAccess }
  | { ok: false; status: number; error: CodeFormError };

export type CodeEntryForm = (ip: string | undefined, input: unknown, locale: UiLocale) => Promise<CodeFormOutcome>;

export function createCodeEntryForm(deps: { questionnaire: Pick<QuestionnaireService, 'access'>; guesses: CodeGuesses }): CodeEntryForm {
  return async (ip, input, locale) => {
    const raw = typeof input === 'string' ? input.slice(0, 40) : '';
    if (!raw.trim()) return { ok: false, status: 422, error: { kind: 'required' } };
    const code = normalizeAccessCode(raw);
    if (!code) return { ok: false, status: 422, error: { kind: 'invalid-format' } };
    try {
      return { ok: true, access: await deps.guesses.enter(guessAddress(ip), code, () => deps.questionnaire.access(code)) };
    } catch (error) {
      if (error instanceof GuessBudgetSpent) return { ok: false, status: 429, error: { kind: 'rate-limited', retryAfterSeconds: Math.ceil(error.retryAfterMs / 1000) } };
      if (error instanceof AppError) return { ok: false, status: error.status, error: { kind: 'refused', message: errorMessage(error.code, locale, error.vars) } };
      throw error;
    }
  };
}
