/** What every step of the own-phone journey shares: its routes, the page frame, the loading state, the session (or the way back to the code entry) and the intro. */
import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { QuestionLanguageCode } from '../../../shared/locales';
import { localizedPath, type RouteId } from '../../../shared/routes';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { useLocale } from '../../i18n/use-locale';
import { startAppSync } from '../../sync/app-engine';
import { QuestionnaireIntro, defaultLanguage, useRespondentT } from './flow';
import type { RespondentSession } from './respondent-store';
import { useRespondentSession } from './use-respondent-session';

export type Kind = 'izz' | 'puls';
export const ENTRY: Record<Kind, RouteId> = { izz: 'questionnaire', puls: 'questionnairePuls' };
export const QUESTIONS: Record<Kind, RouteId> = { izz: 'employeeSatisfactionQuestionnaire', puls: 'questionnairePulsQuestionnaire' };
export const REVIEW: Record<Kind, RouteId> = { izz: 'questionnaireReview', puls: 'questionnairePulsReview' };
export const SUCCESS: Record<Kind, RouteId> = { izz: 'employeeSatisfactionSuccess', puls: 'questionnairePulsSuccess' };

export interface SuccessState {
  responseId?: string;
  language?: string;
}

export function Shell({ children, wide }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="page qf-page">
      <div className={`container qf-container${wide ? ' qf-wide' : ''}`}>{children}</div>
    </div>
  );
}

export function Loading() {
  return (
    <Shell>
      <div className="spinner" role="status" aria-label="…" />
    </Shell>
  );
}

/** Session of this journey, or a redirect to its code entry. */
export function useSessionOr(kind: Kind): { session: RespondentSession | null | undefined; back: ReactElement } {
  const session = useRespondentSession(kind);
  const locale = useLocale();
  useEffect(() => {
    startAppSync();
  }, []);
  return { session, back: <Navigate to={localizedPath(ENTRY[kind], locale)} replace /> };
}

export function lang(session: RespondentSession): QuestionLanguageCode {
  const l = session.draft.language as QuestionLanguageCode;
  return session.package.languages.includes(l) ? l : (session.package.languages[0] ?? 'en');
}

interface IntroStepProps {
  kind: Kind;
  session: RespondentSession;
  error: string | null;
  busy?: boolean;
  onStart(language: QuestionLanguageCode): void;
}

export function IntroStep({ kind, session, error, busy, onStart }: IntroStepProps) {
  const locale = useLocale();
  const [language, setLanguage] = useState<QuestionLanguageCode>(() => (session.started ? lang(session) : defaultLanguage(session.package.languages, locale)));
  const t = useRespondentT();
  useDocumentTitle(t ? t(kind === 'puls' ? 'entry.pulsTitle' : 'entry.title') : '');
  return (
    <Shell>
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      <QuestionnaireIntro pkg={session.package} language={language} onLanguageChange={setLanguage} busy={busy} onStart={() => onStart(language)} />
    </Shell>
  );
}
