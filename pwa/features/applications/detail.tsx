/**
 * /profile/izz/:id and /profile/puls/:id: a draft (or one sent back for changes) is the
 * multi-step form; a sent one is shown read-only; from approval on, codes and progress.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { EDITABLE_STATES, type IzzApplicationDraft, type PulsApplicationDraft } from '../../../shared/schemas/application';
import { kioskConflictsSchema } from '../../../shared/schemas/kiosk';
import { LocalizedLink } from '../../components/ui/localized-link';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { useLocalizedPath } from '../../i18n/use-locale';
import { useResource } from '../../lib/use-resource';
import { getData } from '../../lib/api';
import { sentSearch, type SentState } from '../../lib/screen-handoff';
import { getApplication, type Application, type ApplicationType } from './applications-api';
import { IzzForm, normalizeIzzDraft } from './izz-form';
import { normalizePulsDraft, PulsForm } from './puls-form';
import { PulsRounds } from './puls-rounds';
import { IzzReview, PulsReview } from './review';
import { StateBadge } from './state-badge';
import { StatusView } from './status-view';
import { recoverUnsavedDraft } from './use-autosave';
import './applications.css';

/** The way to the report (texts: the reports namespace): once the survey is finished; a PULS survey also while it runs (closed rounds). */
function ReportEntry({ app }: { app: Application }) {
  const { t } = useTranslation('reports');
  if (app.state !== 'finished' && !(app.type === 'puls' && app.state === 'in_progress')) return null;
  const search = `?survey=${encodeURIComponent(String(app.id))}`;
  return (
    <section className="card report-entry" aria-labelledby="report-entry-h" data-testid="report-entry">
      <h2 id="report-entry-h">{t('entry.title')}</h2>
      <p className="hint">{t(app.type === 'izz' ? 'entry.hint' : 'entry.pulsHint')}</p>
      <div className="report-entry-links">
        <LocalizedLink className="btn btn-primary" to={app.type === 'izz' ? 'reportBasic' : 'reportPuls'} search={search} data-testid="open-report">
          {t('entry.open')}
        </LocalizedLink>
        {/* A finished IZZ survey also has the comparative report and the benchmark (whose page says when it opens). */}
        {app.type === 'izz' && (
          <>
            <LocalizedLink className="btn btn-secondary" to="reportComparative" search={search} data-testid="open-comparative">
              {t('comparative.title')}
            </LocalizedLink>
            <LocalizedLink className="btn btn-secondary" to="reportBenchmark" search={search} data-testid="open-benchmark">
              {t('benchmark.title')}
            </LocalizedLink>
            {/* From results to action: focus areas, actions and the results page for employees. */}
            <LocalizedLink className="btn btn-primary" to="profileIzzActions" params={{ id: String(app.id) }} data-testid="open-actions">
              {t('entry.actions')}
            </LocalizedLink>
          </>
        )}
      </div>
    </section>
  );
}

export function ApplicationDetail({ type }: { type: ApplicationType }) {
  const { t } = useTranslation('applications');
  const { id = '' } = useParams();
  // A draft saved on the way out that has not reached the server yet is saved now (use-autosave.ts).
  const resource = useResource((signal) => getApplication(id, signal).then(recoverUnsavedDraft), id);
  const app = resource.data;
  const setApp = resource.replace;
  const failed = resource.status === 'error' ? (resource.error instanceof Error ? resource.error.message : String(resource.error)) : null;
  const navigate = useNavigate();
  const path = useLocalizedPath();
  useDocumentTitle(app?.name || t(`detail.${type}.title`));

  let body: ReactNode = null;
  if (app) {
    if (EDITABLE_STATES.includes(app.state)) {
      // Sent: the confirmation screen (success-admin / success-admin-puls) says what happens next.
      const onSubmitted = (a: Application) => {
        setApp(a);
        void navigate(path(type === 'izz' ? 'successAdmin' : 'successAdminPuls') + sentSearch(a.id), { state: { name: a.name ?? undefined } satisfies SentState });
      };
      body = type === 'izz' ? <IzzForm key={app.id} application={app} onSubmitted={onSubmitted} /> : <PulsForm key={app.id} application={app} onSubmitted={onSubmitted} />;
    } else if (app.state === 'submitted' || app.state === 'in_review') {
      body = (
        <section className="card" aria-labelledby="readonly-title" data-testid="read-only">
          <h2 id="readonly-title">{t('detail.readOnlyTitle')}</h2>
          <p className="hint">{t(`stateHelp.${app.state}`)}</p>
          {type === 'izz' ? <IzzReview draft={normalizeIzzDraft(app.draft as IzzApplicationDraft)} /> : <PulsReview draft={normalizePulsDraft(app.draft as PulsApplicationDraft)} />}
        </section>
      );
    } else
      body = (
        <>
          <StatusView application={app} />
          {type === 'puls' && <PulsRounds application={app} />}
          <KioskEntry id={app.id} running={app.state === 'in_progress'} />
        </>
      );
  }

  return (
    <div className="page profile-page applications-page">
      <div className="container applications-container">
        <p>
          <LocalizedLink to={type === 'izz' ? 'profileIzz' : 'profilePuls'}>← {t(`detail.${type}.back`)}</LocalizedLink>
        </p>
        <header className="page-header">
          <h1>{app?.name?.trim() || t(`detail.${type}.title`)}</h1>
          {app && (
            <p className="lead">
              <StateBadge state={app.state} />
            </p>
          )}
        </header>
        {!app && !failed && (
          <p className="hint" role="status">
            {t('loading')}
          </p>
        )}
        {failed && (
          <div className="notice notice-error" role="alert">
            <p>{failed}</p>
            <button type="button" className="btn btn-secondary btn-small" onClick={resource.reload}>
              {t('retry')}
            </button>
          </div>
        )}
        {body}
        {app && <ReportEntry app={app} />}
      </div>
    </div>
  );
}

/**
 * Kiosk mode for this survey (texts: the kiosk namespace): the way to set up a shared tablet while the
 * survey runs, and how many kiosk responses were not counted because their code had been used elsewhere
 * (GET /api/kiosk/surveys/:id/conflicts; only a count, no code, no answers).
 */
function KioskEntry({ id, running }: { id: Application['id']; running: boolean }) {
  const { t } = useTranslation('kiosk');
  // Only a hint: a failure leaves it at 0.
  const { data } = useResource((signal) => getData(`/api/kiosk/surveys/${encodeURIComponent(String(id))}/conflicts`, { signal, schema: kioskConflictsSchema }), String(id));
  const conflicts = data?.count ?? 0;
  if (!running && conflicts === 0) return null;
  return (
    <section className="card kiosk-entry" data-testid="kiosk-entry">
      {running && (
        <p>
          <LocalizedLink to="kioskSetup" search={`?survey=${encodeURIComponent(String(id))}`}>
            {t('company.link')}
          </LocalizedLink>
        </p>
      )}
      {conflicts > 0 && (
        <p className="hint" data-testid="kiosk-conflicts">
          {t('company.conflicts', { count: conflicts })}
        </p>
      )}
    </section>
  );
}
