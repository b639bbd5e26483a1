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
import { KioskHrConflicts, KioskHrFacts, KioskHrGate } from './kiosk-hr-parts';
import { exitKiosk, kioskQueue, verifyKioskPassword, type KioskConfig } from './kiosk-store';

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

  if (!unlocked) {
    return <KioskHrGate id={id} headingRef={headingRef} password={password} onPassword={setPassword} error={error} busy={busy} onUnlock={(e) => void unlock(e)} onClose={onClose} />;
  }

  const pending = queue?.pending ?? 0;
  return (
    <div className="kiosk-screen kiosk-screen-hr" data-testid="kiosk-hr-panel">
      <div className="kiosk-card kiosk-hr">
        <h1 ref={headingRef} tabIndex={-1}>
          {t('hr.title')}
        </h1>
        <KioskHrFacts config={config} pending={pending} queue={queue} sync={sync} />
        <button type="button" className="btn btn-secondary" onClick={() => void getSyncEngine().syncNow({ all: true })} disabled={sync.running}>
          {sync.running ? t('hr.syncing') : t('hr.syncNow')}
        </button>
        <KioskHrConflicts id={id} queue={queue} surveyConflicts={surveyConflicts} />
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
