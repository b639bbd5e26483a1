import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DEMOGRAPHIC_QUESTIONS, pulsQuestionById, statementById } from '../../../shared/question-banks';
import { localizeFieldMessage } from '../../lib/field-messages';
import { QUESTION_LANGUAGE_CODES, UI_LOCALE_NAMES, type QuestionLanguageCode, type UiLocale } from '../../../shared/locales';
import type { ExtraQuestion, IzzApplicationDraft, LocalizedDraftText, PulsApplicationDraft } from '../../../shared/schemas/application';
import { extraTypeRule } from '../../../shared/schemas/extra-question-types';
import { LocalizedLink } from '../../components/ui/localized-link';
import { Modal } from '../../components/ui/modal';
import { useLocale } from '../../i18n/use-locale';
import { ActionNotice, AdminPage, ConfirmDialog, ErrorState, LoadingState, useErrorText, type Notice } from './admin-parts';
import { ApplicationStateBadge, formatDay, formatPeriod } from './application-state';
import {
  approveApplication,
  closeApplication,
  endRound,
  getApplication,
  reissueCodes,
  requestChanges,
  type AdminApplicationDetail,
} from './applications-api';
import { formatDateTime } from './format';
import { CloseRoundsNote, PulsRoundsCard } from './puls-rounds-card';
import { useResource } from '../../lib/use-resource';
import { localizedText } from '../../../shared/i18n/localized-text';

type Confirm = 'approve' | 'reissue' | 'close' | 'changes' | null;

/** A bank text in the administrator's UI language, else English. */
const languageName = (code: string) => UI_LOCALE_NAMES[code as UiLocale] ?? code.toUpperCase();

function Rows({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="admin-dl">
      {rows
        .filter(([, value]) => value !== '' && value !== null && value !== undefined)
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

function Section({ id, title, wide = false, children }: { id: string; title: string; wide?: boolean; children: ReactNode }) {
  return (
    <section className={`card${wide ? ' admin-wide-card' : ''}`} aria-labelledby={id} data-testid={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function Emails({ emails }: { emails: { email: string; language: string }[] }) {
  const { t } = useTranslation('admin');
  if (emails.length === 0) return <>{t('application.noEmails')}</>;
  const byLanguage = new Map<string, number>();
  for (const e of emails) byLanguage.set(e.language, (byLanguage.get(e.language) ?? 0) + 1);
  return (
    <>
      <p className="admin-app-p">
        {t('application.emailsCount', { count: emails.length })} (
        {[...byLanguage].map(([language, count]) => t('application.emailsByLanguage', { language: languageName(language), count })).join(', ')})
      </p>
      <details className="admin-app-emails">
        <summary>{t('application.emailsShow', { count: emails.length })}</summary>
        <ul>
          {emails.map((e) => (
            <li key={e.email}>
              <span className="admin-cell-email">{e.email}</span> <span className="hint">({e.language})</span>
            </li>
          ))}
        </ul>
      </details>
    </>
  );
}

function Details({ app }: { app: AdminApplicationDetail }) {
  const { t } = useTranslation('admin');
  const d = app.draft.details as IzzApplicationDraft['details'] & PulsApplicationDraft['details'];
  const at = (date?: string, time?: string) => [formatDay(date), time].filter(Boolean).join(' ');
  const rows: [string, ReactNode][] = [
    [t('application.name'), d.name ?? ''],
    [t('application.type'), t(`surveyTypes.${app.type}`)],
    [t('application.period'), formatPeriod(d.start_date, d.end_date)],
    [t('application.collection'), d.collection ? t(`application.collections.${d.collection}`) : ''],
    [t('application.onlineRespondents'), d.online_respondents !== undefined ? String(d.online_respondents) : ''],
    [t('application.offlineRespondents'), d.offline_respondents !== undefined ? String(d.offline_respondents) : ''],
    [t('application.codeType'), d.code_type ? t(`application.codeTypes.${d.code_type}`) : ''],
    [t('application.invitation'), at(d.invitation_date, d.invitation_time)],
    [t('application.reminder'), app.type === 'izz' ? at(d.reminder_date, d.reminder_time) : ''],
    [t('application.cadence'), d.cadence ? t(`application.cadences.${d.cadence}`) : ''],
    [t('application.rounds'), d.rounds !== undefined ? String(d.rounds) : ''],
    [t('application.languages'), (d.languages ?? []).map(languageName).join(', ')],
    [t('application.emails'), <Emails emails={d.respondent_emails ?? []} />],
  ];
  return <Rows rows={rows} />;
}

function QuestionList({ ids, text }: { ids: string[]; text: (id: string) => string }) {
  const { t } = useTranslation('admin');
  if (ids.length === 0) return <p className="hint">{t('application.reportQuestionsNone')}</p>;
  return (
    <ol className="admin-app-questions">
      {ids.map((id) => (
        <li key={id}>
          <span className="admin-app-qid">{id}</span> {text(id) || t('common.none')}
        </li>
      ))}
    </ol>
  );
}

function Texts({ label, text, languages }: { label: string; text: LocalizedDraftText | undefined; languages: string[] }) {
  const { t } = useTranslation('admin');
  return (
    <div className="admin-app-texts">
      <p className="admin-app-texts-label">{label}</p>
      <dl className="admin-dl admin-dl-compact">
        {languages.map((l) => (
          <div key={l}>
            <dt>{languageName(l)}</dt>
            <dd>{text?.[l as QuestionLanguageCode]?.trim() || <span className="admin-app-missing">{t('application.missing')}</span>}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function ExtraQuestions({ questions, languages }: { questions: ExtraQuestion[]; languages: string[] }) {
  const { t } = useTranslation('admin');
  if (questions.length === 0) return <p className="hint">{t('application.noneGiven')}</p>;
  const anyText = (x: LocalizedDraftText | undefined) => Object.values(x ?? {}).some((v) => v?.trim());
  return (
    <ol className="admin-app-extra">
      {questions.map((q, i) => {
        // Every language the survey offers, plus any other a text was written in.
        const langs = [...new Set([...languages, ...QUESTION_LANGUAGE_CODES.filter((l) => q.title[l]?.trim())])];
        return (
          <li key={q.id} className="admin-app-extra-item">
            <h3>
              {t('application.questionNumber', { number: i + 1 })}: {t(`application.questionTypes.${q.type}`)}
            </h3>
            <p className="badges">
              {q.required && <span className="badge badge-neutral">{t('application.required')}</span>}
              {q.allow_comments && <span className="badge badge-neutral">{t('application.allowComments')}</span>}
              {extraTypeRule(q.type).draft.scale && q.scale && <span className="badge badge-neutral">{t('application.scale', { min: q.scale.min, max: q.scale.max })}</span>}
            </p>
            <Texts label={t('application.questionTitle')} text={q.title} languages={langs} />
            {anyText(q.description) && <Texts label={t('application.description')} text={q.description} languages={langs} />}
            {extraTypeRule(q.type).draft.answers &&
              q.answers.map((a, n) => <Texts key={n} label={t('application.answerNumber', { number: n + 1 })} text={a} languages={langs} />)}
            {extraTypeRule(q.type).draft.scale && q.scale && anyText(q.scale.min_label) && (
              <Texts label={t('application.minLabel', { value: q.scale.min })} text={q.scale.min_label} languages={langs} />
            )}
            {extraTypeRule(q.type).draft.scale && q.scale && anyText(q.scale.max_label) && (
              <Texts label={t('application.maxLabel', { value: q.scale.max })} text={q.scale.max_label} languages={langs} />
            )}
          </li>
        );
      })}
    </ol>
  );
}

function Codes({ app }: { app: AdminApplicationDetail }) {
  const { t } = useTranslation('admin');
  const d = app.draft.details;
  const identical = d.code_type === 'identical';
  const onlineCapacity = identical ? (app.codes.online > 0 ? (d.online_respondents ?? 0) : 0) : app.codes.online;
  const unused = Math.max(0, onlineCapacity + app.codes.offline - app.codes.used);
  return (
    <Rows
      rows={[
        [t('application.codesOnline'), identical && app.codes.online > 0 ? t('application.codesShared', { count: d.online_respondents ?? 0 }) : String(app.codes.online)],
        [t('application.codesPaper'), String(app.codes.offline)],
        [t('application.codesUsed'), String(app.codes.used)],
        [t('application.codesUnused'), String(unused)],
        [t('application.codesRevoked'), String(app.codes.revoked)],
      ]}
    />
  );
}

function ChangesDialog({ open, onSend, onClose }: { open: boolean; onSend: (comment: string) => Promise<void>; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const [comment, setComment] = useState('');
  const [error, setError] = useState(false);
  const [busy, setBusy] = useState(false);
  const fieldId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!comment.trim()) {
      setError(true);
      return;
    }
    setBusy(true);
    onSend(comment.trim()).finally(() => setBusy(false));
  };
  return (
    <Modal open={open} title={t('application.changes.title')} onClose={() => !busy && onClose()} closeLabel={t('common.close')}>
      <form onSubmit={submit} noValidate>
        <p>{t('application.changes.text')}</p>
        <div className="field">
          <label htmlFor={fieldId}>{t('application.changes.comment')}</label>
          <textarea
            id={fieldId}
            rows={5}
            maxLength={2000}
            required
            value={comment}
            aria-invalid={error || undefined}
            aria-describedby={`${fieldId}-hint${error ? ` ${fieldId}-error` : ''}`}
            onChange={(e) => {
              setComment(e.target.value);
              if (e.target.value.trim()) setError(false);
            }}
          />
          <p id={`${fieldId}-hint`} className="hint">
            {t('application.changes.commentHint')}
          </p>
          {error && (
            <p id={`${fieldId}-error`} className="field-error" role="alert">
              {t('application.changes.commentRequired')}
            </p>
          )}
        </div>
        <div className="actions admin-dialog-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('application.changes.send')}
          </button>
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={onClose}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

export default function ApplicationPage() {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const { id = '' } = useParams();
  const view = useResource((signal) => getApplication(id, signal), id);
  const errorText = useErrorText();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const app = view.data;
  const name = app?.name || t('applications.unnamed');

  const run = async (action: () => Promise<string>) => {
    try {
      const text = await action();
      setNotice({ kind: 'success', text });
      setConfirm(null);
      view.reload();
    } catch (error) {
      setNotice({ kind: 'error', text: errorText(error) });
      setConfirm(null);
    }
  };

  const approve = () => run(() => approveApplication(Number(id)).then(() => t('application.approved')));
  const reissue = () => run(() => reissueCodes(Number(id)).then((r) => t('application.codesReissued', { online: r.online, offline: r.offline })));
  const close = () => run(() => closeApplication(Number(id)).then(() => t('application.closed')));
  const changes = (comment: string) => run(() => requestChanges(Number(id), comment).then(() => t('application.changesRequested')));
  const endPulsRound = (n: number) =>
    run(() => endRound(Number(id), n).then((r) => (r.state === 'finished' ? t('application.roundList.endedFinished', { n }) : t('application.roundList.ended', { n }))));

  const reviewable = app?.state === 'submitted' || app?.state === 'in_review';
  const running = app?.state === 'approved' || app?.state === 'in_progress';
  const hasCodes = running || app?.state === 'finished';

  return (
    <AdminPage title={app ? name : t('application.title')}>
      <p className="admin-back">
        <LocalizedLink to="adminApplications">
          <span aria-hidden="true">← </span>
          {t('application.back')}
        </LocalizedLink>
      </p>
      {view.status === 'error' && !app && <ErrorState error={view.error} onRetry={view.reload} />}
      {view.status === 'loading' && !app && <LoadingState />}
      {app && (
        <div className="admin-detail" aria-busy={view.status === 'loading' || undefined}>
          <p className="badges admin-detail-state">
            <ApplicationStateBadge state={app.state} />
            <span className="badge badge-neutral">{t(`surveyTypes.${app.type}`)}</span>
          </p>
          <ActionNotice notice={notice} />

          <section className="card admin-actions-card" aria-labelledby="application-actions">
            <h2 id="application-actions">{t('application.actions')}</h2>
            {reviewable || running ? (
              <div className="actions">
                {reviewable && (
                  <>
                    <button type="button" className="btn btn-primary" onClick={() => setConfirm('approve')}>
                      {t('application.approve')}
                    </button>
                    <button type="button" className="btn btn-secondary" onClick={() => setConfirm('changes')}>
                      {t('application.requestChanges')}
                    </button>
                  </>
                )}
                {running && (
                  <>
                    <button type="button" className="btn btn-secondary" onClick={() => setConfirm('reissue')}>
                      {t('application.reissueCodes')}
                    </button>
                    <button type="button" className="btn btn-secondary btn-danger-outline" onClick={() => setConfirm('close')}>
                      {t('application.close')}
                    </button>
                  </>
                )}
              </div>
            ) : (
              <p className="hint">{t('application.noActions')}</p>
            )}
          </section>

          {app.submit_issues.length > 0 && reviewable && (
            <section className="notice notice-info admin-wide-card" aria-labelledby="application-issues" data-testid="application-issues">
              <h2 id="application-issues">{t('application.issues')}</h2>
              <p>{t('application.issuesLead')}</p>
              <ul>
                {app.submit_issues.map((issue, i) => (
                  <li key={i}>
                    <code>{issue.path}</code>: {localizeFieldMessage(issue.message, locale)}
                  </li>
                ))}
              </ul>
            </section>
          )}

          <Section id="application-company" title={t('application.company')}>
            <Rows
              rows={[
                [
                  t('application.company'),
                  app.company ? (
                    <LocalizedLink to="adminCompany" params={{ id: String(app.company.id) }}>
                      {app.company.name}
                    </LocalizedLink>
                  ) : (
                    ''
                  ),
                ],
                [t('application.taxNumber'), app.company?.tax_number ?? ''],
                [t('application.city'), app.company?.city ?? ''],
                [t('application.employees'), app.company?.employees ? String(app.company.employees) : ''],
                [t('application.contact'), app.user_email ?? ''],
                [t('application.created'), formatDateTime(app.created_at)],
                [t('application.submittedAt'), formatDateTime(app.submitted_at)],
                [t('application.approvedAt'), formatDateTime(app.approved_at)],
                [t('application.reviewComment'), app.review_comment ? <span className="admin-app-comment">{app.review_comment}</span> : ''],
              ]}
            />
          </Section>

          {hasCodes ? (
            <Section id="application-codes" title={t('application.codes')}>
              <Codes app={app} />
            </Section>
          ) : null}

          {app.type === 'puls' && <PulsRoundsCard app={app} name={name} onEnd={endPulsRound} />}

          <Section id="application-details" title={t('application.details')}>
            <Details app={app} />
          </Section>

          {app.type === 'izz' ? (
            <IzzParts draft={app.draft as IzzApplicationDraft} locale={locale} />
          ) : (
            <PulsParts draft={app.draft as PulsApplicationDraft} locale={locale} />
          )}

          <ConfirmDialog
            open={confirm === 'approve'}
            title={t('application.confirm.approveTitle', { name })}
            text={t('application.confirm.approveText')}
            confirmLabel={t('application.approve')}
            onConfirm={approve}
            onClose={() => setConfirm(null)}
          />
          <ConfirmDialog
            open={confirm === 'reissue'}
            title={t('application.confirm.reissueTitle', { name })}
            text={t('application.confirm.reissueText')}
            confirmLabel={t('application.reissueCodes')}
            onConfirm={reissue}
            onClose={() => setConfirm(null)}
          />
          <ConfirmDialog
            open={confirm === 'close'}
            title={t('application.confirm.closeTitle', { name })}
            text={t('application.confirm.closeText')}
            confirmLabel={t('application.close')}
            danger
            onConfirm={close}
            onClose={() => setConfirm(null)}
          >
            {app.type === 'puls' && <CloseRoundsNote rounds={app.rounds ?? []} />}
          </ConfirmDialog>
          <ChangesDialog open={confirm === 'changes'} onSend={changes} onClose={() => setConfirm(null)} />
        </div>
      )}
    </AdminPage>
  );
}

function IzzParts({ draft, locale }: { draft: IzzApplicationDraft; locale: UiLocale }) {
  const { t } = useTranslation('admin');
  const o = draft.additional_options;
  const yesNo = (v: boolean | undefined) => (v === undefined ? '' : v ? t('common.yes') : t('common.no'));
  const list = (items: string[]) => (items.length > 0 ? items.join(', ') : t('application.noneGiven'));
  const languages = draft.details.languages ?? [];
  return (
    <>
      <Section id="application-report-questions" title={t('application.reportQuestions')}>
        <QuestionList ids={draft.report_questions} text={(id) => localizedText(statementById(id)?.text, locale)} />
      </Section>
      <Section id="application-options" title={t('application.options')}>
        {o.report_language || o.comparative_report !== undefined || o.benchmark_report !== undefined || o.notes ? (
          <Rows
            rows={[
              [t('application.reportLanguage'), o.report_language ? languageName(o.report_language) : ''],
              [t('application.comparativeReport'), yesNo(o.comparative_report)],
              [t('application.benchmarkReport'), yesNo(o.benchmark_report)],
              [t('application.notes'), o.notes ? <span className="admin-app-comment">{o.notes}</span> : ''],
            ]}
          />
        ) : (
          <p className="hint">{t('application.noneGiven')}</p>
        )}
      </Section>
      <Section id="application-demographics" title={t('application.demographics')}>
        <Rows
          rows={[
            [
              t('application.demographicQuestions'),
              draft.demographics.questions.length > 0 ? (
                <ul className="admin-app-plain-list">
                  {draft.demographics.questions.map((q) => (
                    <li key={q}>{localizedText(DEMOGRAPHIC_QUESTIONS.find((x) => x.id === q)?.question, locale) || q}</li>
                  ))}
                </ul>
              ) : (
                t('application.noneGiven')
              ),
            ],
            [t('application.departments'), list(draft.demographics.departments)],
            [t('application.locations'), list(draft.demographics.locations)],
          ]}
        />
      </Section>
      <Section id="application-extra-questions" title={t('application.extraQuestions')} wide>
        <ExtraQuestions questions={draft.extra_questions} languages={languages} />
      </Section>
    </>
  );
}

function PulsParts({ draft, locale }: { draft: PulsApplicationDraft; locale: UiLocale }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <Section id="application-puls-questions" title={t('application.pulsQuestions')}>
        <QuestionList ids={draft.questions} text={(id) => localizedText(pulsQuestionById(id)?.text, locale)} />
      </Section>
      <Section id="application-own-questions" title={t('application.ownQuestions')} wide>
        <ExtraQuestions questions={draft.own_questions} languages={draft.details.languages ?? []} />
      </Section>
    </>
  );
}
