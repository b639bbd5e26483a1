// Hooks of the question flow: the respondent's UI texts in the page's language (only the question texts follow the
// question language), and the draft's answers with every change written to Dexie as it is given.
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useLocale } from '../../../i18n/use-locale';
import { toStorageError, type Answers } from '../../../db/db';
import { getDraft, setAnswer, setPath } from '../answers-store';

export const NS = 'questionnaire';

/** The respondent screens' texts in the page's language (loaded on demand); null while loading. */
export function useRespondentT(): TFunction | null {
  return useFlowT(useLocale());
}

/** The questionnaire texts in `language` (loaded on demand); null while loading. */
export function useFlowT(language: string): TFunction | null {
  const { i18n } = useTranslation();
  const [loaded, setLoaded] = useState<string | null>(() => (i18n.hasResourceBundle(language, NS) ? language : null));
  useEffect(() => {
    if (i18n.hasResourceBundle(language, NS)) {
      setLoaded(language);
      return;
    }
    let live = true;
    void i18n
      .loadNamespaces(NS)
      .then(() => i18n.loadLanguages(language))
      .then(() => {
        if (live) setLoaded(language);
      });
    return () => {
      live = false;
    };
  }, [i18n, language]);
  return useMemo(() => (loaded === language ? i18n.getFixedT(language, NS) : null), [i18n, loaded, language]);
}

export interface DraftAnswers {
  /** undefined while loading, null once the draft is gone (submitted or discarded). */
  answers: Answers | null | undefined;
  set(path: string, value: unknown): void;
  /** The last failed local write, in words. */
  saveError: string | null;
}

/**
 * The draft's answers (`known`: as the screen knows them, shown until the store has answered). The screen shows its own copy at once; every change is written to Dexie
 * (answers-store.setAnswer) as it is given. When the draft disappears (submitted, discarded,
 * another respondent on a kiosk), `answers` becomes null and nothing of it is kept in memory.
 */
export function useDraftAnswers(draftId: string, known?: Answers): DraftAnswers {
  // `known`: the answers as the screen knows them, until the store's first answer.
  const stored = useLiveQuery(() => getDraft(draftId).then((d) => d ?? null), [draftId], known ? { answers: known } : undefined);
  const [local, setLocal] = useState<{ id: string; answers: Answers } | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);

  const gone = stored === null;
  const answers = gone ? null : local?.id === draftId ? local.answers : stored?.answers;

  const set = useCallback(
    (path: string, value: unknown) => {
      setLocal((prev) => {
        const base = prev?.id === draftId ? prev.answers : (stored?.answers ?? {});
        return { id: draftId, answers: setPath(base, path, value) };
      });
      setAnswer(draftId, path, value).then(
        () => setSaveError(null),
        (err: unknown) => setSaveError(toStorageError(err).message),
      );
    },
    [draftId, stored],
  );

  return { answers, set, saveError };
}
