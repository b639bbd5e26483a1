/**
 * The IZZ application: a multi-step form (details, respondents' e-mails, questions for the report
 * and options, demographics, extra questions, review and send). The draft is saved on the server
 * when the user moves between steps and when the page goes away; sending checks the shared rules
 * (izzSubmitIssues) first, the server checks them again.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LIMITS } from '../../../shared/constants';
import { QUESTION_LANGUAGES, QUESTION_LANGUAGE_CODES, type QuestionLanguageCode } from '../../../shared/locales';
import { APPLICATION_LIMITS, CODE_TYPES, COLLECTION_TYPES, defaultSchedule, izzSubmitIssues, type IzzApplicationDraft, type SubmitIssue } from '../../../shared/schemas/application';
import { SelectField, TextField, TextareaField } from '../../components/ui/form';
import { Modal } from '../../components/ui/modal';
import { useLocale, useLocalizedPath } from '../../i18n/use-locale';
import { fieldId } from '../../lib/form-errors';
import { deleteApplication, submitApplication, type Application } from './applications-api';
import { BreakdownsStep } from './breakdowns-step';
import { EmailStep } from './email-step';
import { ExtraQuestionBuilder } from './extra-questions/extra-question-builder';
import { detailsToIssues, issueErrors, stepOfPath } from './issues';
import { DEMOGRAPHIC_QUESTIONS, IZZ_CATEGORIES } from './question-bank';
import { IzzReview } from './review';
import { SaveStatus } from './save-status';
import { StepNav } from './step-nav';
import { useAutosave } from './use-autosave';
import { today } from './format';
import { localizedText } from '../../../shared/i18n/localized-text';

type Details = IzzApplicationDraft['details'];

export const IZZ_STEPS = [
  { id: 'details', paths: ['details.name', 'details.collection', 'details.start_date', 'details.end_date', 'details.employees', 'details.online_respondents', 'details.offline_respondents', 'details.code_type', 'details.invitation_date', 'details.invitation_time', 'details.reminder_date', 'details.reminder_time', 'details.languages'] },
  { id: 'emails', paths: ['details.respondent_emails'] },
  { id: 'questions', paths: ['report_questions', 'additional_options'] },
  { id: 'demographics', paths: ['demographics'] },
  { id: 'extra', paths: ['extra_questions'] },
  { id: 'breakdowns', paths: ['report_breakdowns'] },
  { id: 'review', paths: [] },
] as const;

const FORM = 'izz';
const languageName = (code: QuestionLanguageCode) => QUESTION_LANGUAGES.find((l) => l.code === code)?.name ?? code;
const lines = (text: string) => text.split('\n').map((s) => s.trim());

export function normalizeIzzDraft(draft: Partial<IzzApplicationDraft> | undefined): IzzApplicationDraft {
  return {
    details: draft?.details ?? {},
    report_questions: draft?.report_questions ?? [],
    additional_options: draft?.additional_options ?? {},
    demographics: { questions: [], departments: [], locations: [], ...draft?.demographics },
    extra_questions: draft?.extra_questions ?? [],
    report_breakdowns: { priority: [], ...draft?.report_breakdowns },
    step: Math.min(draft?.step ?? 0, IZZ_STEPS.length - 1),
  };
}

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
  const [deleteError, setDeleteError] = useState<string | null>(null);
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

  const onStartDate = (start: string) => {
    const patch: Partial<Details> = { start_date: start };
    if (/^\d{4}-\d{2}-\d{2}$/.test(start)) {
      const schedule = defaultSchedule(start);
      // Follow the start date while the schedule is still the default one of the previous start.
      const previous = d.start_date ? defaultSchedule(d.start_date) : null;
      if (!d.invitation_date || d.invitation_date === previous?.invitation_date) Object.assign(patch, { invitation_date: schedule.invitation_date });
      if (!d.invitation_time) patch.invitation_time = schedule.invitation_time;
      if (!d.reminder_date || d.reminder_date === previous?.reminder_date) Object.assign(patch, { reminder_date: schedule.reminder_date });
      if (!d.reminder_time) patch.reminder_time = schedule.reminder_time;
    }
    setDetails(patch);
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

  const remove = async () => {
    setDeleteError(null);
    try {
      await deleteApplication(application.id);
      setConfirmDelete(false);
      void navigate(path('profileIzz'), { state: { notice: 'deleted' } });
    } catch (err) {
      setDeleteError(err instanceof Error ? err.message : String(err));
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
      <nav aria-label={t('steps.nav')}>
        <p className="step-progress">{t('steps.progress', { n: step + 1, count: IZZ_STEPS.length })}</p>
        <ol className="steps">
          {IZZ_STEPS.map((s, i) => (
            <li key={s.id}>
              <button type="button" className="step-link" aria-current={i === step ? 'step' : undefined} onClick={() => goTo(i, false)}>
                <span className="step-number" aria-hidden="true">
                  {i + 1}
                </span>
                <span className="step-label">{t(`steps.${s.id}`)}</span>
              </button>
            </li>
          ))}
        </ol>
      </nav>
      {application.state === 'changes_requested' && application.review_comment && (
        <p className="notice notice-info">
          <strong>{t('board.reviewComment')}:</strong> {application.review_comment}
        </p>
      )}
      <SaveStatus state={autosave.state} onRetry={() => void autosave.save(true)} />
      <section className="card" aria-labelledby="step-title">
        <h2 id="step-title">{t(`steps.${stepOf.id}`)}</h2>
        {summaryItems.length > 0 && (
          <div id={`${FORM}-summary`} tabIndex={-1} className="notice notice-error error-summary" role="alert">
            <p className="error-summary-title">{t('form.summaryTitle')}</p>
            <ul>
              {summaryItems.map((item) => (
                <li key={item.id}>
                  <a
                    href={`#${item.id}`}
                    onClick={(e) => {
                      e.preventDefault();
                      if (item.step !== step) setDraft((prev) => ({ ...prev, step: item.step }));
                      setTimeout(() => document.getElementById(item.id)?.focus(), 0);
                    }}
                  >
                    {item.step !== step ? `${t(`steps.${IZZ_STEPS[item.step]!.id}`)} – ` : ''}
                    {item.label}: {item.message}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
        {stepOf.id === 'details' && (
          <div className="stack">
            <div className="form-grid">
              <TextField id={id('details.name')} className="span-2" label={t('fields.name')} value={d.name ?? ''} maxLength={200} onChange={(e) => setDetails({ name: e.target.value })} error={errors['details.name']} required />
              <SelectField
                id={id('details.collection')}
                label={t('fields.collection')}
                value={d.collection ?? ''}
                placeholder={t('form.choose')}
                options={COLLECTION_TYPES.map((c) => ({ value: c, label: t(`collection.${c}`) }))}
                onChange={(e) => {
                  const collection = (e.target.value || undefined) as Details['collection'];
                  setDetails({ collection, ...(collection === 'online' ? { offline_respondents: 0 } : collection === 'offline' ? { online_respondents: 0 } : {}) });
                }}
                error={errors['details.collection']}
                required
              />
              <SelectField
                id={id('details.code_type')}
                label={t('fields.code_type')}
                value={d.code_type ?? ''}
                placeholder={t('form.choose')}
                options={CODE_TYPES.map((c) => ({ value: c, label: t(`codeType.${c}`) }))}
                hint={t('codeTypeHint')}
                onChange={(e) => setDetails({ code_type: (e.target.value || undefined) as Details['code_type'] })}
                error={errors['details.code_type']}
                required
              />
              <TextField id={id('details.start_date')} type="date" label={t('fields.start_date')} value={d.start_date ?? ''} min={today()} onChange={(e) => onStartDate(e.target.value)} error={errors['details.start_date']} required />
              <TextField id={id('details.end_date')} type="date" label={t('fields.end_date')} value={d.end_date ?? ''} min={d.start_date} onChange={(e) => setDetails({ end_date: e.target.value })} error={errors['details.end_date']} required />
              <TextField
                id={id('details.employees')}
                type="number"
                inputMode="numeric"
                min={1}
                max={LIMITS.maxEmployees}
                label={t('fields.employees')}
                hint={t('employeesHint')}
                value={d.employees ?? ''}
                onChange={(e) => setDetails({ employees: e.target.value === '' ? undefined : Math.max(0, Math.trunc(Number(e.target.value))) })}
                error={errors['details.employees']}
                required
              />
              <TextField
                id={id('details.online_respondents')}
                type="number"
                inputMode="numeric"
                min={0}
                max={LIMITS.maxEmployees}
                label={t('fields.online_respondents')}
                value={d.online_respondents ?? ''}
                disabled={d.collection === 'offline'}
                onChange={(e) => setDetails({ online_respondents: e.target.value === '' ? undefined : Math.max(0, Math.trunc(Number(e.target.value))) })}
                error={errors['details.online_respondents']}
              />
              <TextField
                id={id('details.offline_respondents')}
                type="number"
                inputMode="numeric"
                min={0}
                max={LIMITS.maxEmployees}
                label={t('fields.offline_respondents')}
                value={d.offline_respondents ?? ''}
                disabled={d.collection === 'online'}
                onChange={(e) => setDetails({ offline_respondents: e.target.value === '' ? undefined : Math.max(0, Math.trunc(Number(e.target.value))) })}
                error={errors['details.offline_respondents']}
              />
              <TextField id={id('details.invitation_date')} type="date" label={t('fields.invitation_date')} value={d.invitation_date ?? ''} onChange={(e) => setDetails({ invitation_date: e.target.value })} error={errors['details.invitation_date']} hint={t('invitationHint')} />
              <TextField id={id('details.invitation_time')} type="time" label={t('fields.invitation_time')} value={d.invitation_time ?? ''} onChange={(e) => setDetails({ invitation_time: e.target.value })} error={errors['details.invitation_time']} />
              <TextField id={id('details.reminder_date')} type="date" label={t('fields.reminder_date')} value={d.reminder_date ?? ''} onChange={(e) => setDetails({ reminder_date: e.target.value })} error={errors['details.reminder_date']} hint={t('reminderHint')} />
              <TextField id={id('details.reminder_time')} type="time" label={t('fields.reminder_time')} value={d.reminder_time ?? ''} onChange={(e) => setDetails({ reminder_time: e.target.value })} error={errors['details.reminder_time']} />
            </div>
            <fieldset className="choice-group" aria-describedby={errors['details.languages'] ? `${id('details.languages')}-error` : undefined}>
              <legend id={id('details.languages')} tabIndex={-1}>
                {t('fields.languages')}
              </legend>
              <p className="hint">{t('languagesHint')}</p>
              <div className="choice-grid choice-grid-4">
                {QUESTION_LANGUAGE_CODES.map((code) => (
                  <div className="check" key={code}>
                    <input
                      id={`${FORM}-lang-${code}`}
                      type="checkbox"
                      checked={languages.includes(code)}
                      onChange={(e) => setDetails({ languages: e.target.checked ? QUESTION_LANGUAGE_CODES.filter((c) => c === code || languages.includes(c)) : languages.filter((c) => c !== code) })}
                    />
                    <label htmlFor={`${FORM}-lang-${code}`}>{languageName(code)}</label>
                  </div>
                ))}
              </div>
              {errors['details.languages'] && (
                <p id={`${id('details.languages')}-error`} className="field-error">
                  {errors['details.languages']}
                </p>
              )}
            </fieldset>
          </div>
        )}
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
        {stepOf.id === 'questions' && (
          <div className="stack">
            <fieldset className="choice-group">
              <legend id={id('report_questions')} tabIndex={-1}>
                {t('reportQuestions.title', { count: draft.report_questions.length, max: LIMITS.maxChosenQuestions })}
              </legend>
              <p className="hint">{t('reportQuestions.lead', { max: LIMITS.maxChosenQuestions })}</p>
              {IZZ_CATEGORIES.length === 0 ? (
                <p className="notice notice-info">{t('bankUnavailable')}</p>
              ) : (
                IZZ_CATEGORIES.map((cat) => (
                  <div key={cat.id} className="bank-category">
                    <h3>{localizedText(cat.name, locale)}</h3>
                    {cat.questions.map((q) => {
                      const checked = draft.report_questions.includes(q.id);
                      return (
                        <div className="check" key={q.id}>
                          <input
                            id={`${FORM}-rq-${q.id}`}
                            type="checkbox"
                            checked={checked}
                            disabled={!checked && draft.report_questions.length >= LIMITS.maxChosenQuestions}
                            onChange={(e) => setDraft((prev) => ({ ...prev, report_questions: e.target.checked ? [...prev.report_questions, q.id] : prev.report_questions.filter((x) => x !== q.id) }))}
                          />
                          <label htmlFor={`${FORM}-rq-${q.id}`}>
                            <span className="hint">{q.id}</span> {localizedText(q.text, locale)}
                          </label>
                        </div>
                      );
                    })}
                  </div>
                ))
              )}
              {errors.report_questions && <p className="field-error">{errors.report_questions}</p>}
            </fieldset>
            <fieldset className="choice-group">
              <legend>{t('options.title')}</legend>
              <div className="form-grid">
                <SelectField
                  id={id('additional_options.report_language')}
                  label={t('options.report_language')}
                  value={draft.additional_options.report_language ?? 'hr'}
                  options={QUESTION_LANGUAGES.map((l) => ({ value: l.code, label: l.name }))}
                  onChange={(e) => setDraft((prev) => ({ ...prev, additional_options: { ...prev.additional_options, report_language: e.target.value as QuestionLanguageCode } }))}
                />
              </div>
              <div className="check">
                <input id={`${FORM}-comparative`} type="checkbox" checked={draft.additional_options.comparative_report ?? false} onChange={(e) => setDraft((prev) => ({ ...prev, additional_options: { ...prev.additional_options, comparative_report: e.target.checked } }))} />
                <label htmlFor={`${FORM}-comparative`}>{t('options.comparative_report')}</label>
              </div>
              <div className="check">
                <input id={`${FORM}-benchmark`} type="checkbox" checked={draft.additional_options.benchmark_report ?? false} onChange={(e) => setDraft((prev) => ({ ...prev, additional_options: { ...prev.additional_options, benchmark_report: e.target.checked } }))} />
                <label htmlFor={`${FORM}-benchmark`}>{t('options.benchmark_report')}</label>
              </div>
              <TextareaField
                id={id('additional_options.notes')}
                label={t('options.notes')}
                rows={3}
                maxLength={2000}
                value={draft.additional_options.notes ?? ''}
                onChange={(e) => setDraft((prev) => ({ ...prev, additional_options: { ...prev.additional_options, notes: e.target.value } }))}
              />
            </fieldset>
          </div>
        )}
        {stepOf.id === 'demographics' && (
          <div className="stack">
            <fieldset className="choice-group">
              <legend>{t('demographics.questions')}</legend>
              {DEMOGRAPHIC_QUESTIONS.length === 0 ? (
                <p className="notice notice-info">{t('bankUnavailable')}</p>
              ) : (
                <div className="choice-grid">
                  {DEMOGRAPHIC_QUESTIONS.map((q) => {
                    const checked = draft.demographics.questions.includes(q.id);
                    return (
                      <div className="check" key={q.id}>
                        <input
                          id={`${FORM}-dq-${q.id}`}
                          type="checkbox"
                          checked={checked}
                          onChange={(e) =>
                            setDraft((prev) => ({
                              ...prev,
                              demographics: { ...prev.demographics, questions: e.target.checked ? [...prev.demographics.questions, q.id] : prev.demographics.questions.filter((x) => x !== q.id) },
                            }))
                          }
                        />
                        <label htmlFor={`${FORM}-dq-${q.id}`}>{localizedText(q.text, locale)}</label>
                      </div>
                    );
                  })}
                </div>
              )}
            </fieldset>
            <div className="form-grid">
              <TextareaField
                id={id('demographics.departments')}
                label={t('demographics.departments')}
                hint={t('demographics.oneLine', { max: APPLICATION_LIMITS.maxDepartments })}
                rows={6}
                value={draft.demographics.departments.join('\n')}
                onChange={(e) => setDraft((prev) => ({ ...prev, demographics: { ...prev.demographics, departments: lines(e.target.value) } }))}
                onBlur={() => setDraft((prev) => ({ ...prev, demographics: { ...prev.demographics, departments: prev.demographics.departments.filter(Boolean) } }))}
              />
              <TextareaField
                id={id('demographics.locations')}
                label={t('demographics.locations')}
                hint={t('demographics.oneLine', { max: APPLICATION_LIMITS.maxLocations })}
                rows={6}
                value={draft.demographics.locations.join('\n')}
                onChange={(e) => setDraft((prev) => ({ ...prev, demographics: { ...prev.demographics, locations: lines(e.target.value) } }))}
                onBlur={() => setDraft((prev) => ({ ...prev, demographics: { ...prev.demographics, locations: prev.demographics.locations.filter(Boolean) } }))}
              />
            </div>
          </div>
        )}
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
      <Modal open={confirmDelete} title={t('delete.title')} closeLabel={t('close')} onClose={() => setConfirmDelete(false)}>
        <div className="stack">
          <p>{t('delete.text')}</p>
          {deleteError && (
            <p className="notice notice-error" role="alert">
              {deleteError}
            </p>
          )}
          <div className="actions">
            <button type="button" className="btn btn-secondary" onClick={() => setConfirmDelete(false)}>
              {t('delete.cancel')}
            </button>
            <button type="button" className="btn btn-primary" onClick={() => void remove()}>
              {t('delete.confirm')}
            </button>
          </div>
        </div>
      </Modal>
    </div>
  );
}
