import type { FormEvent, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import type { useSyncStatus } from '../../../sync/app-engine';
import { DEFERRED_ERROR_PREFIX } from '../../../sync/engine';
import type { KioskConfig, kioskQueue } from './kiosk-store';

type Queue = Awaited<ReturnType<typeof kioskQueue>>;
type SyncStatus = ReturnType<typeof useSyncStatus>;

const CONFLICT_CODES = new Set(['access-code-used', 'access-code-invalid']);

/** The company password that opens the HR panel. */
export function KioskHrGate(props: {
  id: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  password: string;
  onPassword(value: string): void;
  error: string | null;
  busy: boolean;
  onUnlock(e: FormEvent): void;
  onClose(): void;
}) {
  const { t } = useTranslation('kiosk');
  const { id, headingRef, password, onPassword, error, busy, onUnlock, onClose } = props;
  return (
    <div className="kiosk-screen" data-testid="kiosk-hr-gate">
      <div className="kiosk-card">
        <h1 ref={headingRef} tabIndex={-1}>
          {t('hr.title')}
        </h1>
        <p>{t('hr.lead')}</p>
        <form noValidate onSubmit={onUnlock}>
          <div className="field">
            <label htmlFor={`${id}-pw`}>{t('hr.password')}</label>
            <input
              id={`${id}-pw`}
              type="password"
              autoComplete="off"
              value={password}
              onChange={(e) => onPassword(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-pw-error`}
            />
            <p id={`${id}-pw-error`} className="field-error" role="alert" data-testid="kiosk-hr-error">
              {error ?? ''}
            </p>
          </div>
          <div className="kiosk-actions">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {t('hr.open')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={onClose}>
              {t('hr.back')}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}

/** What HR reads first: the survey, what waits to be sent, when it last synced and the codes were updated; kept-back responses; an expired setup. */
export function KioskHrFacts({ config, pending, queue, sync }: { config: KioskConfig; pending: number; queue: Queue | undefined; sync: SyncStatus }) {
  const { t } = useTranslation('kiosk');
  // Responses the server kept back without refusing them: they stay here; the reason is said in words below.
  const deferred = queue?.deferred ?? [];
  const expired = config.expires_at && Date.parse(config.expires_at) < Date.now();
  return (
    <>
      <dl className="kiosk-facts">
        <div>
          <dt>{t('hr.survey')}</dt>
          <dd>
            {config.package.name} · {config.package.company_name}
          </dd>
        </div>
        <div>
          <dt>{t('hr.pending')}</dt>
          <dd data-testid="kiosk-hr-pending">{pending}</dd>
        </div>
        <div>
          <dt>{t('hr.lastSync')}</dt>
          <dd>{sync.lastSyncAt ? formatDateTime(new Date(sync.lastSyncAt)) : t('hr.never')}</dd>
        </div>
        <div>
          <dt>{t('hr.codesUpdated')}</dt>
          <dd data-testid="kiosk-hr-codes-updated">{formatDateTime(new Date(config.refreshed_at))}</dd>
        </div>
        {sync.lastError && !sync.lastError.startsWith(DEFERRED_ERROR_PREFIX) && (
          <div>
            <dt>{t('hr.lastError')}</dt>
            <dd>{sync.lastError}</dd>
          </div>
        )}
      </dl>
      {deferred.map((d) => (
        <p key={d.code} className="notice notice-error" role="status" data-testid="kiosk-hr-deferred">
          {d.code === 'company-disabled' ? t('hr.deferredCompanyDisabled', { count: d.count }) : t('hr.deferredOther', { count: d.count })}
        </p>
      ))}
      {expired && <p className="notice notice-error">{t('hr.expired', { date: config.expires_at.slice(0, 10).split('-').reverse().join('.') })}</p>}
    </>
  );
}

/** The codes refused at sync: on this kiosk (used or unknown codes, other reasons by code) and, when reachable, over the survey's kiosks. */
export function KioskHrConflicts({ id, queue, surveyConflicts }: { id: string; queue: Queue | undefined; surveyConflicts: number | null }) {
  const { t } = useTranslation('kiosk');
  const local = (queue?.rejected ?? []).filter((r) => CONFLICT_CODES.has(r.code)).reduce((s, r) => s + r.count, 0);
  const other = (queue?.rejected ?? []).filter((r) => !CONFLICT_CODES.has(r.code));
  return (
    <section className="kiosk-conflicts" aria-labelledby={`${id}-conflicts`} data-testid="kiosk-hr-conflicts">
      <h2 id={`${id}-conflicts`}>{t('hr.conflictsTitle')}</h2>
      {local === 0 && other.length === 0 && !surveyConflicts && <p>{t('hr.conflictsNone')}</p>}
      {local > 0 && <p>{t('hr.conflictsLocal', { count: local })}</p>}
      {other.map((r) => (
        <p key={r.code}>{t('hr.conflictsOther', { count: r.count, code: r.code })}</p>
      ))}
      {surveyConflicts !== null && surveyConflicts > 0 && <p className="hint">{t('hr.conflictsSurvey', { count: surveyConflicts })}</p>}
    </section>
  );
}
