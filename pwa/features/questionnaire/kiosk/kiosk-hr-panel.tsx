import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { localizedPath } from '../../../../shared/routes';
import { kioskConflictsSchema } from '../../../../shared/schemas/kiosk';
import { getData } from '../../../lib/api';
import { useLocale } from '../../../i18n/use-locale';
import { useResource } from '../../../lib/use-resource';
import { getSyncEngine, useSyncStatus } from '../../../sync/app-engine';
import { DEFERRED_ERROR_PREFIX } from '../../../sync/engine';
import { exitKiosk, kioskQueue, verifyKioskPassword, type KioskConfig } from './kiosk-store';
import { formatDateTime } from '../../../lib/dates';


const CONFLICT_CODES = new Set(['access-code-used', 'access-code-invalid']);

/** 'For HR' (behind the company password): status, 'Sync now', conflicts, leaving kiosk mode. Never shown to respondents. */
export function KioskHrPanel({ config, onClose }: { config: KioskConfig; onClose(): void }) {
  const { t } = useTranslation('kiosk');
  const locale = useLocale();
  const navigate = useNavigate();
  const id = useId();
  const [password, setPassword] = useState('');
  const [unlocked, setUnlocked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmExit, setConfirmExit] = useState(false);
  const queue = useLiveQuery(() => kioskQueue(config), [config]);
  const sync = useSyncStatus();
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    headingRef.current?.focus();
  }, [unlocked]);

  // The survey's count over every kiosk, when the server is reachable.
  // Bearer token, no cookie and no X-Locale, as the kiosk's sync; a failure (offline, 4xx, 5xx) leaves the count as it was.
  const surveyConflicts =
    useResource(
      (signal) =>
        unlocked
          ? getData('/api/kiosk/conflicts', { headers: { Authorization: `Bearer ${config.token}` }, credentials: 'omit', locale: null, signal, schema: kioskConflictsSchema }).then((c) => c.count)
          : Promise.resolve(null),
      `${String(unlocked)}|${config.token}|${String(sync.lastSyncAt)}`,
    ).data ?? null;

  const unlock = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      if (await verifyKioskPassword(password)) {
        setUnlocked(true);
        setError(null);
      } else {
        setError(t('hr.wrongPassword'));
      }
    } finally {
      setBusy(false);
    }
  };

  const leave = async () => {
    setBusy(true);
    try {
      if (await exitKiosk(password)) navigate(localizedPath('home', locale), { replace: true });
      else setError(t('hr.wrongPassword'));
    } finally {
      setBusy(false);
    }
  };

  if (!unlocked)
    return (
      <div className="kiosk-screen" data-testid="kiosk-hr-gate">
        <div className="kiosk-card">
          <h1 ref={headingRef} tabIndex={-1}>
            {t('hr.title')}
          </h1>
          <p>{t('hr.lead')}</p>
          <form noValidate onSubmit={(e) => void unlock(e)}>
            <div className="field">
              <label htmlFor={`${id}-pw`}>{t('hr.password')}</label>
              <input
                id={`${id}-pw`}
                type="password"
                autoComplete="off"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
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

  const pending = queue?.pending ?? 0;
  const local = (queue?.rejected ?? []).filter((r) => CONFLICT_CODES.has(r.code)).reduce((s, r) => s + r.count, 0);
  const other = (queue?.rejected ?? []).filter((r) => !CONFLICT_CODES.has(r.code));
  // Responses the server kept back without refusing them: they stay here; the reason is said in words below.
  const deferred = queue?.deferred ?? [];
  const expired = config.expires_at && Date.parse(config.expires_at) < Date.now();

  return (
    <div className="kiosk-screen kiosk-screen-hr" data-testid="kiosk-hr-panel">
      <div className="kiosk-card kiosk-hr">
        <h1 ref={headingRef} tabIndex={-1}>
          {t('hr.title')}
        </h1>
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
        <button type="button" className="btn btn-secondary" onClick={() => void getSyncEngine().syncNow({ all: true })} disabled={sync.running}>
          {sync.running ? t('hr.syncing') : t('hr.syncNow')}
        </button>

        <section className="kiosk-conflicts" aria-labelledby={`${id}-conflicts`} data-testid="kiosk-hr-conflicts">
          <h2 id={`${id}-conflicts`}>{t('hr.conflictsTitle')}</h2>
          {local === 0 && other.length === 0 && !surveyConflicts && <p>{t('hr.conflictsNone')}</p>}
          {local > 0 && <p>{t('hr.conflictsLocal', { count: local })}</p>}
          {other.map((r) => (
            <p key={r.code}>{t('hr.conflictsOther', { count: r.count, code: r.code })}</p>
          ))}
          {surveyConflicts !== null && surveyConflicts > 0 && <p className="hint">{t('hr.conflictsSurvey', { count: surveyConflicts })}</p>}
        </section>

        {confirmExit ? (
          <div className="notice notice-info kiosk-exit-confirm" role="alertdialog" aria-labelledby={`${id}-exit`}>
            <p id={`${id}-exit`}>{t('hr.exitPending', { count: pending })}</p>
            <div className="kiosk-actions">
              <button type="button" className="btn btn-primary" onClick={() => void leave()} disabled={busy}>
                {t('hr.exitConfirm')}
              </button>
              <button type="button" className="btn btn-secondary" onClick={() => setConfirmExit(false)}>
                {t('hr.exitCancel')}
              </button>
            </div>
          </div>
        ) : (
          <div className="kiosk-actions">
            <button type="button" className="btn btn-primary" onClick={onClose}>
              {t('hr.back')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => (pending > 0 ? setConfirmExit(true) : void leave())} disabled={busy}>
              {t('hr.exit')}
            </button>
          </div>
        )}
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
