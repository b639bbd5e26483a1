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
import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { type QuestionLanguageCode } from '../../../shared/locales';
import { localizedPath, type RouteId } from '../../../shared/routes';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { getDb } from '../../db/db';
import { useLocale } from '../../i18n/use-locale';
import { getSyncEngine, startAppSync } from '../../sync/app-engine';
import { responseDelivery } from './answers-store';
import { QuestionnaireFlow, QuestionnaireIntro, QuestionnaireReview, defaultLanguage, useRespondentT, type KnownDraft } from './flow';
import { startAnswering, submitRespondentDraft, type RespondentSession } from './respondent-store';
import { SyncStatusPanel } from './sync-status';
import './questionnaire.css';
import { useRespondentSession } from './use-respondent-session';

type Kind = 'izz' | 'puls';
const ENTRY: Record<Kind, RouteId> = { izz: 'questionnaire', puls: 'questionnairePuls' };
const QUESTIONS: Record<Kind, RouteId> = { izz: 'employeeSatisfactionQuestionnaire', puls: 'questionnairePulsQuestionnaire' };
const REVIEW: Record<Kind, RouteId> = { izz: 'questionnaireReview', puls: 'questionnairePulsReview' };
const SUCCESS: Record<Kind, RouteId> = { izz: 'employeeSatisfactionSuccess', puls: 'questionnairePulsSuccess' };

interface SuccessState {
  responseId?: string;
  language?: string;
}

function Shell({ children, wide }: { children: React.ReactNode; wide?: boolean }) {
  return (
    <div className="page qf-page">
      <div className={`container qf-container${wide ? ' qf-wide' : ''}`}>{children}</div>
    </div>
  );
}

function Loading() {
  return (
    <Shell>
      <div className="spinner" role="status" aria-label="…" />
    </Shell>
  );
}

/** Session of this journey, or a redirect to its code entry. */
function useSessionOr(kind: Kind): { session: RespondentSession | null | undefined; back: React.ReactElement } {
  const session = useRespondentSession(kind);
  const locale = useLocale();
  useEffect(() => {
    startAppSync();
  }, []);
  return { session, back: <Navigate to={localizedPath(ENTRY[kind], locale)} replace /> };
}

function lang(session: RespondentSession): QuestionLanguageCode {
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

function IntroStep({ kind, session, error, busy, onStart }: IntroStepProps) {
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

function SuccessStep() {
  const locale = useLocale();
  const { state } = useLocation() as { state: SuccessState | null };
  const t = useRespondentT();
  useDocumentTitle(t ? t('success.title') : '');
  const responseId = state?.responseId;
  const [delivery, setDelivery] = useState<'received' | 'saved' | 'rejected' | 'unknown' | null>(null);
  const [rejectCode, setRejectCode] = useState<string | null>(null);

  useEffect(() => {
    const engine = startAppSync();
    if (!responseId) return;
    let live = true;
    const check = () =>
      void responseDelivery(responseId).then(async (d) => {
        if (!live) return;
        setDelivery(d);
        if (d === 'rejected') setRejectCode((await getDb().outbox.get(responseId))?.reject_code ?? null);
      });
    check();
    const off = engine.subscribe(check);
    void getSyncEngine().syncNow();
    return () => {
      live = false;
      off();
    };
  }, [responseId]);

  if (!t) return <Loading />;
  const rejectText = rejectCode && t(`sync.rejectCodes.${rejectCode}`, { defaultValue: '' });
  return (
    <Shell>
      <div className="qf qf-success">
        <div className="qf-success-mark" aria-hidden="true">
          ✓
        </div>
        <h1 className="qf-title">{t('success.title')}</h1>
        <div role="status" aria-live="polite" data-testid="delivery" data-delivery={delivery ?? 'loading'}>
          {delivery === 'received' && <p className="notice notice-success">{t('success.received')}</p>}
          {delivery === 'saved' && <p className="notice notice-info">{t('success.saved')}</p>}
          {delivery === 'rejected' && <p className="notice notice-error">{t('success.rejected', { reason: rejectText || t('sync.reasons.refused') })}</p>}
          {(delivery === 'unknown' || !responseId) && <p className="notice notice-info">{t('success.unknown')}</p>}
        </div>
        <p>{t('success.close')}</p>
        <SyncStatusPanel t={t} />
        <p>
          <Link to={localizedPath('home', locale)} className="btn btn-secondary">
            {t('success.home')}
          </Link>
        </p>
      </div>
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
