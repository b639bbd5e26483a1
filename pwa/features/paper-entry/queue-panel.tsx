import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAccessCode } from '../../../shared/access-codes';
import { getSyncEngine, useSyncStatus } from '../../sync/app-engine';
import { DEFERRED_ERROR_PREFIX } from '../../sync/engine';
import { NS } from './display';
import { entryQueue } from './entry-store';
import { formatDateTime } from '../../lib/dates';

/** This survey's keyed forms on this device: pending, sent, refused (with 'send now' and 'remove'). */
export function QueuePanel({ surveyId }: { surveyId: string }) {
  const { t } = useTranslation(NS);
  const status = useSyncStatus();
  const queue = useLiveQuery(() => entryQueue(surveyId), [surveyId, status]);
  const [sending, setSending] = useState(false);
  const last = status.lastSyncAt ? formatDateTime(new Date(status.lastSyncAt)) : null;
  const pending = queue?.pending ?? 0;
  const deferred = queue?.deferred ?? [];
  // A 429 on POST /api/responses: this device's token is over its guessing budget until the time the server gave.
  const heldUntil = pending > 0 && status.lastError !== null && /HTTP 429/.test(status.lastError) ? status.nextAttemptAt : null;
  return (
    <aside className="card pe-queue" aria-label={t('queue.title')} data-testid="pe-queue">
      <p>
        <strong data-testid="pe-pending">{t('queue.pending', { count: queue?.pending ?? 0 })}</strong>
        {' · '}
        <span data-testid="pe-sent">{t('queue.sent', { count: queue?.sent ?? 0 })}</span>
        {last && <span className="hint"> · {t('queue.last', { when: last })}</span>}
      </p>
      {deferred.map((d) => (
        <p key={d.code} className="notice notice-error" role="status" data-testid="pe-deferred">
          {d.code === 'company-disabled' ? t('queue.deferredCompanyDisabled', { count: d.count }) : t('queue.deferredOther', { count: d.count })}
        </p>
      ))}
      {heldUntil !== null ? (
        <p className="hint" data-testid="pe-held">
          {t('queue.held', { time: formatDateTime(new Date(heldUntil)) })}
        </p>
      ) : (
        status.lastError &&
        !status.lastError.startsWith(DEFERRED_ERROR_PREFIX) &&
        pending > 0 && <p className="hint">{t('queue.error')}</p>
      )}
      <button
        type="button"
        className="btn btn-secondary btn-small"
        disabled={sending || (queue?.pending ?? 0) === 0}
        onClick={() => {
          setSending(true);
          void getSyncEngine()
            .syncNow({ all: true })
            .finally(() => setSending(false));
        }}
      >
        {t('queue.sendNow')}
      </button>
      {queue && queue.rejected.length > 0 && (
        <div className="pe-rejected" data-testid="pe-rejected">
          <h2>{t('queue.rejectedTitle', { count: queue.rejected.length })}</h2>
          <ul>
            {queue.rejected.map((r) => (
              <li key={r.id}>
                <strong>{formatAccessCode(r.code)}</strong>: {t(`reject.${r.reject_code}`, { defaultValue: t('reject.other') })}{' '}
                <button type="button" className="btn btn-secondary btn-small" onClick={() => void getSyncEngine().discard(r.id)}>
                  {t('queue.remove')}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </aside>
  );
}
