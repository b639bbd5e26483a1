/** What the action-plan parts share: the error in words, an item's label, and the call that replaces the page's data. */
import { localizedText } from '../../../shared/i18n/localized-text';
import { CATEGORIES, STATEMENTS } from '../../../shared/question-banks';
import type { ActionsOverview, FocusAreaKind } from '../../../shared/schemas/actions';
import { useLocale } from '../../i18n/use-locale';
import { ApiError } from '../../lib/api';

/** An error's message with the field messages of a 422 after it. */
export function errorText(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  const details = Array.isArray(error.details) ? (error.details as { message?: unknown }[]).map((d) => (typeof d.message === 'string' ? d.message : '')).filter(Boolean) : [];
  return [error.message, ...details].join(' ');
}

export function useItemLabel() {
  const locale = useLocale();
  return (kind: FocusAreaKind, id: string) =>
    kind === 'category' ? localizedText(CATEGORIES.find((c) => c.id === id)?.title, locale) || id : localizedText(STATEMENTS.find((s) => s.id === id)?.text, locale) || id;
}

/** Runs a change; its answer (the whole overview) replaces the page's data. True when it succeeded. */
export type Run = (call: () => Promise<ActionsOverview>) => Promise<boolean>;
