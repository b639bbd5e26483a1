/**
 * The kiosk (route questionnaireKiosk: /kiosk, /en/kiosk …; no header, no footer, no session).
 *
 * Screens: code entry (checked offline against the kiosk's hashes) -> the intro (language, who takes
 * part, anonymity) -> the question flow and review (flow/QuestionnaireRun) -> a short thank-you -> code
 * entry again. Nothing of a respondent survives their submit: the draft and code are deleted in the same
 * transaction that queues the sealed response, the components holding answers unmount, and no step is a
 * history entry (Back stays on the kiosk: a guard entry is pushed again on every popstate). After
 * KIOSK_IDLE_MS without input mid-questionnaire the draft is deleted, after a KIOSK_WARNING_MS countdown.
 * The code screen shows a discreet pending count and the 'For HR' entry (company password): status,
 * 'Sync now', conflicts, leaving kiosk mode. Conflicts are never shown to respondents. While online the kiosk
 * keeps its package current (use-kiosk-refresh.ts) and checks typed codes with the server (kiosk-online.ts).
 *
 * This file is the shell that picks the screen; each screen is its own file (code screen, respondent,
 * thanks and idle warning, HR panel).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localizedPath } from '../../../../shared/routes';
import { useDocumentTitle } from '../../../components/ui/use-document-title';
import { useLocale } from '../../../i18n/use-locale';
import { startAppSync } from '../../../sync/app-engine';
import { KioskCodeScreen } from './kiosk-code-screen';
import { KioskHrPanel } from './kiosk-hr-panel';
import { KioskRespondent } from './kiosk-respondent';
import { KIOSK_IDLE_MS, KIOSK_WARNING_MS, abandonRespondent, loadKiosk, loadSession } from './kiosk-store';
import { IdleWarning, Thanks } from './kiosk-thanks';
import { useIdleTimeout } from './use-idle';
import { useKioskRefresh } from './use-kiosk-refresh';
import '../questionnaire.css';
import './kiosk.css';

/** Back never leaves the kiosk and never reaches an earlier screen: a guard entry is pushed again. */
function useHistoryGuard(): void {
  useEffect(() => {
    const push = () => window.history.pushState(window.history.state, '', window.location.href);
    push();
    window.addEventListener('popstate', push);
    return () => window.removeEventListener('popstate', push);
  }, []);
}

function Loading() {
  return <div className="spinner" role="status" aria-label="…" />;
}

export default function KioskPage() {
  const { t, ready } = useTranslation('kiosk');
  const config = useLiveQuery(() => loadKiosk().catch(() => null), []);
  const session = useLiveQuery(() => loadSession().catch(() => null), []);
  const [screen, setScreen] = useState<'respondent' | 'thanks' | 'hr'>('respondent');
  const [round, setRound] = useState(0);
  useHistoryGuard();
  useDocumentTitle(ready ? t('code.title') : '');

  const token = config?.token;
  useEffect(() => {
    if (token) startAppSync();
  }, [token]);
  useKioskRefresh(token);

  const respondentActive = !!session && screen === 'respondent';
  const timeout = useCallback(() => {
    void abandonRespondent().finally(() => setRound((r) => r + 1));
  }, []);
  const idle = useIdleTimeout(respondentActive, KIOSK_IDLE_MS, KIOSK_WARNING_MS, timeout);

  if (!ready || config === undefined || session === undefined) return <Loading />;
  if (!config) return <NotKiosk />;
  if (screen === 'hr') return <KioskHrPanel config={config} onClose={() => setScreen('respondent')} />;
  if (screen === 'thanks')
    return (
      <Thanks
        onNext={() => {
          setScreen('respondent');
          setRound((r) => r + 1);
        }}
      />
    );
  if (session)
    return (
      <div className="kiosk-respondent" data-testid="kiosk-respondent">
        <KioskRespondent key={session.draft_id} config={config} session={session} onDone={() => setScreen('thanks')} />
        {idle.secondsLeft !== null && <IdleWarning seconds={idle.secondsLeft} onContinue={idle.stillHere} />}
      </div>
    );
  return <KioskCodeScreen key={round} config={config} onHr={() => setScreen('hr')} />;
}

function NotKiosk() {
  const { t } = useTranslation('kiosk');
  const locale = useLocale();
  return (
    <div className="kiosk-screen">
      <div className="kiosk-card">
        <h1>{t('notKiosk.title')}</h1>
        <p>{t('notKiosk.text')}</p>
        <a className="btn btn-secondary" href={localizedPath('kioskSetup', locale)}>
          {t('notKiosk.setup')}
        </a>
      </div>
    </div>
  );
}
