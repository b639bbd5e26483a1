/**
 * The own-phone journeys after the code (route modules; one lazily loaded chunk with the flow,
 * the question banks and Dexie). Routes (shared/routes.ts):
 *
 * IZZ   questionnaire / employeeSatisfactionPage   code entry (light chunk, code-entry.tsx)
 *       employeeSatisfactionQuestionnaire           intro + language, then the pages (minimal header)
 *       questionnaireReview                         review and send (no header)
 *       employeeSatisfactionSuccess                 thank-you, the truth about delivery (no header)
 * PULS  questionnairePuls                           code entry (pulse logo only)
 *       questionnairePulsLoginReview                intro + language
 *       questionnairePulsQuestionnaire              the pages
 *       questionnairePulsReview                     review and send
 *       questionnairePulsSuccess                    thank-you
 *
 * Every step reads the device's respondent session from Dexie; without one (never started, or
 * already sent) it goes back to the code entry with history replaced, so Back after sending shows
 * nothing of the answers.
 */
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import type { QuestionLanguageCode } from '../../../shared/locales';
import { localizedPath } from '../../../shared/routes';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { useLocale } from '../../i18n/use-locale';
import { QuestionnaireFlow, QuestionnaireReview, useRespondentT, type KnownDraft } from './flow';
import { IntroStep, lang, Loading, QUESTIONS, REVIEW, Shell, SUCCESS, useSessionOr, type Kind, type SuccessState } from './journey-frame';
import { SuccessStep } from './journey-success';
import { startAnswering, submitRespondentDraft } from './respondent-store';
import './questionnaire.css';

/** Where the intro's start left the respondent: the question language, and the draft as this screen knows it. */
interface Started {
  language: QuestionLanguageCode;
  /** A draft started just now: its first page and answers, shown while the store writes them. */
  known?: KnownDraft;
}

function QuestionsStep({ kind }: { kind: Kind }) {
  const { session, back } = useSessionOr(kind);
  const navigate = useNavigate();
  const locale = useLocale();
  const [showIntro, setShowIntro] = useState(false);
  // Started here: the first page shows at once, in this language, while the start is being stored (the store's own
  // answer would come after its write); a start the store refuses goes back to the intro with the reason.
  const [started, setStarted] = useState<Started | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const t = useRespondentT();
  useDocumentTitle(t ? t(kind === 'puls' ? 'entry.pulsTitle' : 'entry.title') : '');
  if (session === undefined) return <Loading />;
  if (session === null) return back;
  if (!(session.started || started) || showIntro) {
    if (kind === 'puls') return <Navigate to={localizedPath('questionnairePulsLoginReview', locale)} replace />;
    return (
      <IntroStep
        kind={kind}
        session={session}
        error={startError}
        onStart={(language) => {
          setStarted({ language, ...(session.started ? {} : { known: { page: session.draft.current_page, answers: { ...session.draft.answers, language } } }) });
          setShowIntro(false);
          setStartError(null);
          startAnswering(session.draft_id, language).catch((err: unknown) => {
            setStarted(null);
            setStartError(err instanceof Error ? err.message : String(err));
          });
        }}
      />
    );
  }
  return (
    <Shell>
      <QuestionnaireFlow
        key={session.draft_id}
        pkg={session.package}
        language={started?.language ?? lang(session)}
        draftId={session.draft_id}
        known={started?.known}
        onExit={() => (kind === 'puls' ? navigate(localizedPath('questionnairePulsLoginReview', locale)) : setShowIntro(true))}
        onFinish={() => navigate(localizedPath(REVIEW[kind], locale))}
      />
    </Shell>
  );
}

function ReviewStep({ kind }: { kind: Kind }) {
  const { session, back } = useSessionOr(kind);
  const navigate = useNavigate();
  const locale = useLocale();
  const t = useRespondentT();
  useDocumentTitle(t ? t('review.title') : '');
  const [done, setDone] = useState(false);
  if (done) return <Loading />;
  if (session === undefined) return <Loading />;
  if (session === null) return back;
  if (!session.started) return <Navigate to={localizedPath(kind === 'puls' ? 'questionnairePulsLoginReview' : QUESTIONS[kind], locale)} replace />;
  const language = lang(session);
  return (
    <Shell wide>
      <QuestionnaireReview
        key={session.draft_id}
        pkg={session.package}
        language={language}
        draftId={session.draft_id}
        onEdit={() => navigate(localizedPath(QUESTIONS[kind], locale))}
        onSubmit={(id) => submitRespondentDraft(id)}
        onDone={(responseId) => {
          setDone(true);
          const state: SuccessState = { responseId, language };
          navigate(localizedPath(SUCCESS[kind], locale), { replace: true, state });
        }}
      />
    </Shell>
  );
}

/** PULS: the start is stored first, then its questions' route opens (and reads the started session from the store). */
function PulsIntroPage() {
  const { session, back } = useSessionOr('puls');
  const navigate = useNavigate();
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (session === undefined) return <Loading />;
  if (session === null) return back;
  return (
    <IntroStep
      kind="puls"
      session={session}
      busy={busy}
      error={error}
      onStart={(language) => {
        setBusy(true);
        setError(null);
        startAnswering(session.draft_id, language).then(
          () => navigate(localizedPath('questionnairePulsQuestionnaire', locale)),
          (err: unknown) => {
            setBusy(false);
            setError(err instanceof Error ? err.message : String(err));
          },
        );
      }}
    />
  );
}

export const IzzQuestionsPage = () => <QuestionsStep kind="izz" />;
export const IzzReviewPage = () => <ReviewStep kind="izz" />;
export const IzzSuccessPage = () => <SuccessStep />;
export const PulsLoginReviewPage = PulsIntroPage;
export const PulsQuestionsPage = () => <QuestionsStep kind="puls" />;
export const PulsReviewPage = () => <ReviewStep kind="puls" />;
export const PulsSuccessPage = () => <SuccessStep />;
