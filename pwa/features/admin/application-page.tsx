/**
 * One survey application as the administrator reviews it (admin/prijave/:id): its state and the actions it allows, what
 * the submit check still finds missing, who applied, the codes, a PULS survey's rounds and everything the draft says.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { IzzApplicationDraft, PulsApplicationDraft } from '../../../shared/schemas/application';
import { LocalizedLink } from '../../components/ui/localized-link';
import { useLocale } from '../../i18n/use-locale';
import { useResource } from '../../lib/use-resource';
import { ActionNotice, AdminPage, ErrorState, LoadingState, useErrorText, type Notice } from './admin-parts';
import { ApplicationStateBadge } from './application-state';
import { endRound, getApplication } from './applications-api';
import { PulsRoundsCard } from './puls-rounds-card';
import { Codes, CompanyRows, Details } from './application/application-facts';
import { Section } from './application/detail-rows';
import { IzzParts, PulsParts } from './application/draft-parts';
import { ActionDialogs, ActionsCard, type Confirm } from './application/review-actions';
import { SubmitIssues } from './application/submit-issues';

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
          <ActionsCard reviewable={reviewable} running={running} onConfirm={setConfirm} />
          {app.submit_issues.length > 0 && reviewable && <SubmitIssues issues={app.submit_issues} locale={locale} />}

          <Section id="application-company" title={t('application.company')}>
            <CompanyRows app={app} />
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

          <ActionDialogs id={Number(id)} app={app} name={name} confirm={confirm} onClose={() => setConfirm(null)} run={run} />
        </div>
      )}
    </AdminPage>
  );
}
