/**
 * The IZZ application: a multi-step form (details, respondents' e-mails, questions for the report
 * and options, demographics, extra questions, review and send). The draft is saved on the server
 * when the user moves between steps and when the page goes away; sending checks the shared rules
 * (izzSubmitIssues) first, the server checks them again.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { APPLICATION_LIMITS, izzSubmitIssues, type IzzApplicationDraft, type SubmitIssue } from '../../../shared/schemas/application';
import { useLocale, useLocalizedPath } from '../../i18n/use-locale';
import { fieldId } from '../../lib/form-errors';
import { submitApplication, type Application } from './applications-api';
import { BreakdownsStep } from './breakdowns-step';
import { DeleteApplicationModal } from './delete-application-modal';
import { EmailStep } from './email-step';
import { ErrorSummary } from './error-summary';
import { ExtraQuestionBuilder } from './extra-questions/extra-question-builder';
import { today } from './format';
import { detailsToIssues, issueErrors, stepOfPath } from './issues';
import { IzzDemographicsStep } from './izz-demographics-step';
import { IzzDetailsStep } from './izz-details-step';
import { IzzQuestionsStep } from './izz-questions-step';
import { IZZ_STEPS, normalizeIzzDraft } from './izz-steps';
import { IzzReview } from './review';
import { SaveStatus } from './save-status';
import { StepList } from './step-list';
import { StepNav } from './step-nav';
import { useAutosave } from './use-autosave';

export { IZZ_STEPS, normalizeIzzDraft } from './izz-steps';

type Details = IzzApplicationDraft['details'];

const FORM = 'izz';

export function IzzForm({ application, onSubmitted }: { application: Application; onSubmitted: (app: Application) => void }) {
  const { t, i18n } = useTranslation('applications');
  const locale = useLocale();
  const navigate = useNavigate();
  const path = useLocalizedPath();
  const [draft, setDraft] = useState<IzzApplicationDraft>(() => normalizeIzzDraft(application.draft as IzzApplicationDraft));
  const [issues, setIssues] = useState<SubmitIssue[]>([]);
  const [summaryTick, setSummaryTick] = useState(0);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const autosave = useAutosave(application.id, draft, true, application.saved_at);
  const step = draft.step;
  const d = draft.details;
  const languages = d.languages ?? [];
  const errors = useMemo(() => issueErrors(issues, locale, t), [issues, locale, t]);
  const id = (p: string) => fieldId(FORM, p);

  useEffect(() => {
    if (summaryTick > 0) document.getElementById(`${FORM}-summary`)?.focus();
  }, [summaryTick]);

  const setDetails = (patch: Partial<Details>) => {
    setDraft((prev) => ({ ...prev, details: { ...prev.details, ...patch } }));
    setIssues((prev) => prev.filter((i) => !Object.keys(patch).some((k) => i.path === `details.${k}` || i.path.startsWith(`details.${k}.`))));
  };

  const stepIssues = (s: number, all: SubmitIssue[]) => all.filter((i) => stepOfPath(i.path, IZZ_STEPS) === s);

  const goTo = (next: number, check: boolean) => {
    if (check && next > step) {
      const found = stepIssues(step, izzSubmitIssues(draft, today()));
      if (found.length) {
        setIssues(found);
        setSummaryTick((n) => n + 1);
        void autosave.save();
        return;
      }
    }
    setIssues([]);
    const moved = { ...draft, step: next };
    setDraft(moved);
    window.scrollTo?.({ top: 0 });
    // Saved with the new step, so the form resumes there.
    void autosave.save(false, moved);
  };

  const send = async () => {
    setSendError(null);
    const all = izzSubmitIssues(draft, today());
    if (all.length) {
      setIssues(all);
      setSummaryTick((n) => n + 1);
      return;
    }
    setSending(true);
    try {
      if (!(await autosave.save(true))) throw new Error(t('save.failed'));
      onSubmitted(await submitApplication(application.id));
    } catch (err) {
      const details = detailsToIssues((err as { details?: unknown }).details);
      if (details.length) {
        setIssues(details);
        setSummaryTick((n) => n + 1);
      } else setSendError(err instanceof Error ? err.message : String(err));
      setSending(false);
    }
  };

  const saveAndExit = async () => {
    if (await autosave.save(true)) void navigate(path('profileIzz'), { state: { notice: 'saved' } });
  };

  const labelOf = (p: string) => {
    const key = p.replace(/^details\./, '');
    return i18n.exists(`applications:fields.${key}`) ? t(`fields.${key}`) : t(`steps.${IZZ_STEPS[stepOfPath(p, IZZ_STEPS)]!.id}`);
  };
  const summaryItems = Object.entries(errors).map(([p, message]) => ({ id: p === 'extra_questions' ? 'izz-extra' : id(p), label: labelOf(p), message, step: stepOfPath(p, IZZ_STEPS) }));
  const stepOf = IZZ_STEPS[step]!;

  return (
    <div className="stack" data-testid="izz-form">
      <StepList steps={IZZ_STEPS} step={step} onGoTo={(i) => goTo(i, false)} />
      {application.state === 'changes_requested' && application.review_comment && (
        <p className="notice notice-info">
          <strong>{t('board.reviewComment')}:</strong> {application.review_comment}
        </p>
      )}
      <SaveStatus state={autosave.state} onRetry={() => void autosave.save(true)} />
      <section className="card" aria-labelledby="step-title">
        <h2 id="step-title">{t(`steps.${stepOf.id}`)}</h2>
        <ErrorSummary id={`${FORM}-summary`} items={summaryItems} step={step} stepIds={IZZ_STEPS.map((s) => s.id)} onStep={(s) => setDraft((prev) => ({ ...prev, step: s }))} />
        {stepOf.id === 'details' && <IzzDetailsStep details={d} errors={errors} idOf={id} setDetails={setDetails} />}
        {stepOf.id === 'emails' && (
          <EmailStep
            applicationId={application.id}
            emails={d.respondent_emails ?? []}
            languages={languages}
            limit={d.online_respondents ?? 0}
            error={errors['details.respondent_emails']}
            errorId={id('details.respondent_emails')}
            onChange={(respondent_emails) => setDetails({ respondent_emails })}
          />
        )}
        {stepOf.id === 'questions' && <IzzQuestionsStep draft={draft} errors={errors} idOf={id} setDraft={setDraft} />}
        {stepOf.id === 'demographics' && <IzzDemographicsStep draft={draft} idOf={id} setDraft={setDraft} />}
        {stepOf.id === 'extra' && (
          <div id="izz-extra" tabIndex={-1}>
            <p className="hint">{t('extraLead')}</p>
            <ExtraQuestionBuilder
              questions={draft.extra_questions}
              languages={languages}
              max={APPLICATION_LIMITS.maxExtraQuestions}
              onChange={(extra_questions) => {
                setDraft((prev) => ({ ...prev, extra_questions }));
                setIssues((prev) => prev.filter((i) => !i.path.startsWith('extra_questions')));
              }}
            />
          </div>
        )}
        {stepOf.id === 'breakdowns' && <BreakdownsStep draft={draft} idOf={id} error={errors['report_breakdowns.comments_by']} onChange={(report_breakdowns) => setDraft((prev) => ({ ...prev, report_breakdowns }))} />}
        {stepOf.id === 'review' && (
          <div className="stack">
            <IzzReview draft={draft} />
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
          stepCount={IZZ_STEPS.length}
          sending={sending}
          canDelete={application.state === 'draft'}
          onGoTo={goTo}
          onSend={() => void send()}
          onSaveAndExit={() => void saveAndExit()}
          onDelete={() => setConfirmDelete(true)}
        />
      </section>
      <DeleteApplicationModal applicationId={application.id} open={confirmDelete} back="profileIzz" onClose={() => setConfirmDelete(false)} />
    </div>
  );
}
