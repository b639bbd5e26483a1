/**
 * An approved, running or finished application: codes to download (CSV, XLSX, PDF of code slips),
 * the start date and the scheduled invitation; while it runs the occupancy (online and offline
 * apart), the time left and the next reminder, and 'send reminder' with success, error and retry.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LocalizedLink } from '../../components/ui/localized-link';
import { useResource } from '../../lib/use-resource';
import { codesUrl, createApplication, getStatus, saveDraft, sendReminder, type Application, type CodeFormat } from './applications-api';
import { carryOver } from './start-from';
import { formatDate, formatDateTime, splitRemaining } from './format';
import { timeZoneLabel } from '../../lib/dates';
import { UI_LOCALE_TAGS } from '../../../shared/locales';
import { numberFormat } from '../../lib/number-format';
import { useLocale, useLocalizedPath } from '../../i18n/use-locale';
import { PaperFormsDownload } from './paper-forms-download';

const FORMATS: CodeFormat[] = ['csv', 'xlsx', 'pdf'];

export function StatusView({ application }: { application: Application }) {
  const { t } = useTranslation('applications');
  const locale = useLocale();
  const f = numberFormat(locale);
  const percent = (share: number) => f.pct(Math.max(0, share) * 100);
  const resource = useResource((signal) => getStatus(application.id, signal), String(application.id));
  const status = resource.data;
  const loadError = resource.status === 'error' ? (resource.error instanceof Error ? resource.error.message : String(resource.error)) : null;
  const [reminder, setReminder] = useState<{ kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; count: number } | { kind: 'failed'; message: string }>({ kind: 'idle' });

  const remind = async () => {
    setReminder({ kind: 'sending' });
    try {
      const result = await sendReminder(application.id);
      setReminder({ kind: 'sent', count: result.sent });
      resource.reload();
    } catch (err) {
      setReminder({ kind: 'failed', message: err instanceof Error ? err.message : String(err) });
    }
  };

  const state = status?.state ?? application.state;
  const running = state === 'approved' || state === 'in_progress';
  const remaining = splitRemaining(status?.remaining_seconds ?? 0);

  return (
    <div className="stack-lg">
      <section className="card" aria-labelledby="codes-title">
        <h2 id="codes-title">{t('status.codesTitle')}</h2>
        <p className="hint" data-testid="time-zone">{t('status.timesIn', { zone: timeZoneLabel(UI_LOCALE_TAGS[locale]) })}</p>
        <dl className="facts facts-3">
          <div>
            <dt>{t('fields.start_date')}</dt>
            <dd>{formatDate(status?.start_date ?? application.start_date)}</dd>
          </div>
          <div>
            <dt>{t('review.invitation')}</dt>
            <dd data-testid="invitation-at">{formatDateTime(status?.invitation_at)}</dd>
          </div>
          <div>
            <dt>{t('status.codes')}</dt>
            <dd>{status ? t('status.codesValue', { online: status.codes.online, offline: status.codes.offline, used: status.codes.used }) : '–'}</dd>
          </div>
        </dl>
        {state === 'finished' ? (
          <p className="hint" data-testid="codes-closed">
            {t('status.codesClosed')}
          </p>
        ) : (
          <>
            <p className="hint">{t('status.codesHint')}</p>
            <div className="download-list">
              {FORMATS.map((f) => (
                <a key={f} className="btn btn-secondary" href={codesUrl(application.id, f)} download data-testid={`codes-${f}`}>
                  {t(`status.download.${f}`)}
                </a>
              ))}
            </div>
          </>
        )}
        <PaperFormsDownload application={{ ...application, state }} forms={status ? status.codes.paper_unused : null} />
        <PaperEntryLink application={application} />
      </section>
      {loadError && (
        <div className="notice notice-error" role="alert">
          <p>{loadError}</p>
          <button type="button" className="btn btn-secondary btn-small" onClick={resource.reload}>
            {t('retry')}
          </button>
        </div>
      )}
      {status && (
        <section className="card" aria-labelledby="progress-title" data-testid="progress">
          <h2 id="progress-title">{t('status.progressTitle')}</h2>
          <dl className="facts">
            <div>
              <dt>{t('status.occupancy')}</dt>
              <dd data-testid="occupancy-total">
                {status.employees === null ? `– (${String(status.responses.total)})` : `${percent(status.occupancy.total)} (${t('status.responsesOf', { responses: status.responses.total, employees: status.employees })})`}
              </dd>
            </div>
            <div>
              <dt>{t('status.remaining')}</dt>
              <dd>{state === 'finished' ? t('status.finished') : t('status.remainingValue', remaining)}</dd>
            </div>
            {status.planned.online > 0 && (
              <div>
                <dt>{t('status.online')}</dt>
                <dd data-testid="occupancy-online">
                  {percent(status.occupancy.online)} ({t('status.responsesOf', { responses: status.responses.online, employees: status.planned.online })})
                </dd>
              </div>
            )}
            {status.planned.offline > 0 && (
              <div>
                <dt>{t('status.offline')}</dt>
                <dd data-testid="occupancy-offline">
                  {percent(status.occupancy.offline)} ({t('status.responsesOf', { responses: status.responses.offline, employees: status.planned.offline })})
                </dd>
              </div>
            )}
            <div>
              <dt>{t('status.nextReminder')}</dt>
              <dd data-testid="next-reminder">{status.next_reminder_at ? formatDateTime(status.next_reminder_at) : t('status.noReminder')}</dd>
            </div>
          </dl>
          <div className="meter" role="img" aria-label={t('status.occupancy') + ' ' + percent(status.occupancy.total)}>
            <span style={{ width: `${Math.min(100, status.occupancy.total * 100)}%` }} />
          </div>
          {running && (
            <div className="stack-sm" style={{ marginTop: 'var(--space-4)' }}>
              <button type="button" className="btn btn-primary" onClick={() => void remind()} disabled={reminder.kind === 'sending'}>
                {reminder.kind === 'sending' ? t('status.reminderSending') : t('status.sendReminder')}
              </button>
              <div role="status" aria-live="polite" data-testid="reminder-result">
                {reminder.kind === 'sent' && <p className="notice notice-success">{t('status.reminderSent', { count: reminder.count })}</p>}
              </div>
              {reminder.kind === 'failed' && (
                <div className="notice notice-error" role="alert">
                  <p>{reminder.message}</p>
                  <div className="actions">
                    <button type="button" className="btn btn-primary btn-small" onClick={() => void remind()}>
                      {t('retry')}
                    </button>
                    <button type="button" className="btn btn-secondary btn-small" onClick={() => setReminder({ kind: 'idle' })}>
                      {t('status.cancel')}
                    </button>
                  </div>
                </div>
              )}
            </div>
          )}
          {state === 'finished' && <StartNew application={application} />}
        </section>
      )}
    </div>
  );
}

/**
 * A finished survey's way to the next one: a new application of the same type, its draft carried over from this
 * one (./start-from.ts), opened in the form. While another application of the type is open the server refuses
 * (application-open): its message is shown with the way to the board.
 */
function StartNew({ application }: { application: Application }) {
  const { t } = useTranslation('applications');
  const navigate = useNavigate();
  const path = useLocalizedPath();
  const type = application.type;
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    setStarting(true);
    setError(null);
    try {
      const created = await createApplication(type);
      await saveDraft(created.id, carryOver(type, application.draft, created.draft));
      void navigate(path(type === 'izz' ? 'profileIzzDetail' : 'profilePulsDetail', { id: String(created.id) }));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setStarting(false);
    }
  };
  return (
    <div className="stack-sm start-new">
      <p className="hint">{t(`status.startNewHint.${type}`)}</p>
      <p>
        <button type="button" className="btn btn-primary" onClick={() => void start()} disabled={starting} data-testid="start-new">
          {t(`status.startNew.${type}`)}
        </button>
      </p>
      {error && (
        <div className="notice notice-error" role="alert">
          <p>{error}</p>
          <LocalizedLink to={type === 'izz' ? 'profileIzz' : 'profilePuls'}>{t('status.toBoard')}</LocalizedLink>
        </div>
      )}
    </div>
  );
}

/** The way to key in paper answers (route profileIzzEntry; texts: the paper-entry namespace) while an IZZ offline/combined survey runs. */
function PaperEntryLink({ application }: { application: Application }) {
  // Its namespace loads with the survey page's route (pwa/app/route-texts.ts).
  const { t } = useTranslation('paper-entry');
  const collection = (application.draft as { details?: { collection?: string } }).details?.collection;
  if (application.type !== 'izz' || application.state !== 'in_progress' || (collection !== 'offline' && collection !== 'combined')) return null;
  return (
    <p className="paper-entry-link">
      <LocalizedLink className="btn btn-primary" to="profileIzzEntry" params={{ id: String(application.id) }} data-testid="paper-entry-link">
        {t('company.link')}
      </LocalizedLink>
    </p>
  );
}
