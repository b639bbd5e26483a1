/**
 * The PULS application: details (cadence and rounds, dates, respondents, code type, languages),
 * respondent e-mails, up to 15 questions from the pulse bank plus own questions, review and send.
 * Saved like the IZZ form (between steps and on leaving).
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LIMITS } from '../../../shared/constants';
import { APPLICATION_LIMITS, pulsSubmitIssues, type PulsApplicationDraft, type SubmitIssue } from '../../../shared/schemas/application';
import { Modal } from '../../components/ui/modal';
import { useLocale, useLocalizedPath } from '../../i18n/use-locale';
import { fieldId } from '../../lib/form-errors';
import { deleteApplication, submitApplication, type Application } from './applications-api';
import { EmailStep } from './email-step';
import { ExtraQuestionBuilder } from './extra-questions/extra-question-builder';
import { today } from './format';
import { detailsToIssues, issueErrors } from './issues';
import { PULS_QUESTIONS } from './question-bank';
import { PulsDetailsStep } from './puls-details-step';
import { PulsReview } from './review';
import { SaveStatus } from './save-status';
import { StepList } from './step-list';
import { StepNav } from './step-nav';
import { useAutosave } from './use-autosave';
import { localizedText } from '../../../shared/i18n/localized-text';

type Details = PulsApplicationDraft['details'];
const STEPS = ['details', 'emails', 'pulsQuestions', 'review'] as const;
const FORM = 'puls';

export function normalizePulsDraft(draft: Partial<PulsApplicationDraft> | undefined): PulsApplicationDraft {
  return { details: draft?.details ?? {}, questions: draft?.questions ?? [], own_questions: draft?.own_questions ?? [], step: Math.min(draft?.step ?? 0, STEPS.length - 1) };
}

/** The browser's check before sending: the same shared rules the server applies. */
export function pulsIssues(draft: PulsApplicationDraft, todayIso: string): SubmitIssue[] {
  return pulsSubmitIssues(draft, todayIso, { questions: KNOWN_PULS_IDS });
}

const KNOWN_PULS_IDS: ReadonlySet<string> = new Set(PULS_QUESTIONS.map((q) => q.id));

const stepOf = (path: string) => (path.startsWith('details.respondent_emails') ? 1 : path.startsWith('details.') ? 0 : path === 'questions' || path.startsWith('own_questions') ? 2 : 3);

export function PulsForm({ application, onSubmitted }: { application: Application; onSubmitted: (app: Application) => void }) {
  const { t } = useTranslation('applications');
  const locale = useLocale();
  const navigate = useNavigate();
  const path = useLocalizedPath();
  const [draft, setDraft] = useState<PulsApplicationDraft>(() => normalizePulsDraft(application.draft as PulsApplicationDraft));
  const [issues, setIssues] = useState<SubmitIssue[]>([]);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const autosave = useAutosave(application.id, draft, true, application.saved_at);
  const errors = useMemo(() => issueErrors(issues, locale, t), [issues, locale, t]);
  const d = draft.details;
  const languages = d.languages ?? [];
  const step = draft.step;
  const id = (p: string) => fieldId(FORM, p);
  const setDetails = (patch: Partial<Details>) => setDraft((prev) => ({ ...prev, details: { ...prev.details, ...patch } }));

  const goTo = (next: number, check: boolean) => {
    if (check && next > step) {
      const found = pulsIssues(draft, today()).filter((i) => stepOf(i.path) === step);
      if (found.length) {
        setIssues(found);
        void autosave.save();
        return;
      }
    }
    setIssues([]);
    const moved = { ...draft, step: next };
    setDraft(moved);
    void autosave.save(false, moved);
  };

  const send = async () => {
    const all = pulsIssues(draft, today());
    if (all.length) {
      setIssues(all);
      return;
    }
    setSending(true);
    setSendError(null);
    try {
      if (!(await autosave.save(true))) throw new Error(t('save.failed'));
      onSubmitted(await submitApplication(application.id));
    } catch (err) {
      const details = detailsToIssues((err as { details?: unknown }).details);
      if (details.length) setIssues(details);
      else setSendError(err instanceof Error ? err.message : String(err));
      setSending(false);
    }
  };

  return (
    <div className="stack" data-testid="puls-form">
      <StepList steps={STEPS.map((s) => ({ id: s }))} step={step} onGoTo={(i) => goTo(i, false)} />
      <SaveStatus state={autosave.state} onRetry={() => void autosave.save(true)} />
      <section className="card" aria-labelledby="step-title">
        <h2 id="step-title">{t(`steps.${STEPS[step]}`)}</h2>
        {Object.keys(errors).length > 0 && (
          <div className="notice notice-error error-summary" role="alert">
            <p className="error-summary-title">{t('form.summaryTitle')}</p>
            <ul>
              {Object.entries(errors).map(([p, m]) => (
                <li key={p}>
                  {t(`fields.${p.replace(/^details\./, '')}`, { defaultValue: t(`steps.${STEPS[stepOf(p)]}`) })}: {m}
                </li>
              ))}
            </ul>
          </div>
        )}
        {step === 0 && <PulsDetailsStep details={d} errors={errors} idOf={id} setDetails={setDetails} />}
        {step === 1 && (
          <EmailStep applicationId={application.id} emails={d.respondent_emails ?? []} languages={languages} limit={d.online_respondents ?? 0} error={errors['details.respondent_emails']} errorId={id('details.respondent_emails')} onChange={(respondent_emails) => setDetails({ respondent_emails })} />
        )}
        {step === 2 && (
          <div className="stack">
            <fieldset className="choice-group">
              <legend>{t('puls.questionsTitle', { count: draft.questions.length, max: LIMITS.maxPulsQuestions })}</legend>
              {PULS_QUESTIONS.length === 0 ? (
                <p className="notice notice-info">{t('bankUnavailable')}</p>
              ) : (
                PULS_QUESTIONS.map((q) => {
                  const checked = draft.questions.includes(q.id);
                  return (
                    <div className="check" key={q.id}>
                      <input id={`${FORM}-q-${q.id}`} type="checkbox" checked={checked} disabled={!checked && draft.questions.length >= LIMITS.maxPulsQuestions} onChange={(e) => setDraft((prev) => ({ ...prev, questions: e.target.checked ? [...prev.questions, q.id] : prev.questions.filter((x) => x !== q.id) }))} />
                      <label htmlFor={`${FORM}-q-${q.id}`}>{localizedText(q.text, locale)}</label>
                    </div>
                  );
                })
              )}
              {errors.questions && <p className="field-error">{errors.questions}</p>}
            </fieldset>
            <h3>{t('puls.own')}</h3>
            <ExtraQuestionBuilder kind="own" questions={draft.own_questions} languages={languages} max={APPLICATION_LIMITS.maxPulsOwnQuestions} onChange={(own_questions) => setDraft((prev) => ({ ...prev, own_questions }))} />
          </div>
        )}
        {step === 3 && (
          <div className="stack">
            <PulsReview draft={draft} />
            {sendError && (
              <p className="notice notice-error" role="alert">
                {sendError}
              </p>
            )}
            <p className="hint">{t('review.lockHint')}</p>
          </div>
        )}
        <StepNav
          step={step}
          stepCount={STEPS.length}
          sending={sending}
          canDelete={application.state === 'draft'}
          onGoTo={goTo}
          onSend={() => void send()}
          onSaveAndExit={() => void autosave.save(true).then((ok) => ok && navigate(path('profilePuls')))}
          onDelete={() => setConfirmDelete(true)}
        />
      </section>
      <Modal open={confirmDelete} title={t('delete.title')} closeLabel={t('close')} onClose={() => setConfirmDelete(false)}>
        <div className="stack">
          <p>{t('delete.text')}</p>
          <div className="actions">
            <button type="button" className="btn btn-secondary" onClick={() => setConfirmDelete(false)}>
              {t('delete.cancel')}
            </button>
            <button type="button" className="btn btn-primary" onClick={() => void deleteApplication(application.id).then(() => navigate(path('profilePuls')), (err: unknown) => setSendError(err instanceof Error ? err.message : String(err)))}>
              {t('delete.confirm')}
            </button>
          </div>
        </div>
      </Modal>
    </div>
  );
}
