/** What the company applied for: who applied, the survey's details (with its respondents' e-mails) and the codes issued. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { IzzApplicationDraft, PulsApplicationDraft } from '../../../../shared/schemas/application';
import { LocalizedLink } from '../../../components/ui/localized-link';
import { formatDay, formatPeriod } from '../application-state';
import type { AdminApplicationDetail } from '../applications-api';
import { formatDateTime } from '../format';
import { Rows, languageName } from './detail-rows';

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

export function Details({ app }: { app: AdminApplicationDetail }) {
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

export function Codes({ app }: { app: AdminApplicationDetail }) {
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

/** Who applied: the company (a link to it), its contact and the application's dates and review comment. */
export function CompanyRows({ app }: { app: AdminApplicationDetail }) {
  const { t } = useTranslation('admin');
  return (
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
  );
}
