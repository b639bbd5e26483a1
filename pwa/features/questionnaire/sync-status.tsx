/**
 * The device's sending status (the app's one sync engine): how many responses wait on this device,
 * the last successful sending, the last failure in plain words, and a 'Send now' button.
 * Texts in `language` (the question language on the thank-you page).
 */
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { getSyncEngine, useSyncStatus } from '../../sync/app-engine';
import { formatDateTime } from '../../lib/dates';
import { DEFERRED_ERROR_PREFIX } from '../../sync/engine';

/** The engine's last error in plain words. */
export function plainSyncError(error: string, t: TFunction, online = typeof navigator === 'undefined' || navigator.onLine): string {
  if (!online) return t('sync.reasons.offline');
  if (error.startsWith(DEFERRED_ERROR_PREFIX)) return t('sync.reasons.kept');
  if (/^network/i.test(error)) return t('sync.reasons.network');
  if (/HTTP 429/.test(error)) return t('sync.reasons.busy');
  if (/HTTP 5\d\d|malformed|unreadable|no result/i.test(error)) return t('sync.reasons.server');
  if (/HTTP 4\d\d|rejected/.test(error)) return t('sync.reasons.refused');
  return t('sync.reasons.storage');
}

export function SyncStatusPanel({ t }: { t: TFunction }) {
  const status = useSyncStatus();
  const [busy, setBusy] = useState(false);
  const sendNow = async () => {
    setBusy(true);
    try {
      await getSyncEngine().syncNow();
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="qf-card qf-sync" aria-labelledby="sync-title" data-testid="sync-status">
      <h2 id="sync-title">{t('sync.title')}</h2>
      <p data-testid="sync-pending">{status.pendingCount > 0 ? t('sync.pending', { count: status.pendingCount }) : t('sync.nonePending')}</p>
      {status.lastSyncAt !== null && <p className="hint">{t('sync.lastSync', { time: formatDateTime(new Date(status.lastSyncAt)) })}</p>}
      {status.pendingCount > 0 && status.lastError && (
        <p className="field-error" data-testid="sync-error">
          {t('sync.lastError', { reason: plainSyncError(status.lastError, t) })}
        </p>
      )}
      {status.pendingCount > 0 && (
        <button type="button" className="btn btn-secondary" onClick={() => void sendNow()} disabled={busy || status.running}>
          {busy || status.running ? t('sync.sending') : t('sync.sendNow')}
        </button>
      )}
    </section>
  );
}
