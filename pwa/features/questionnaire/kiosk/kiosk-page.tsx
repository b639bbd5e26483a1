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
 * 'Sync now', conflicts, leaving kiosk mode. Conflicts are never shown to respondents.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { QuestionLanguageCode } from '../../../../shared/locales';
import { localizedPath } from '../../../../shared/routes';
import { api } from '../../../app/api';
import { useDocumentTitle } from '../../../components/ui/use-document-title';
import { useLocale } from '../../../i18n/use-locale';
import { getSyncEngine, startAppSync, useSyncStatus } from '../../../sync/app-engine';
import { QuestionnaireIntro, QuestionnaireRun, defaultLanguage } from '../flow';
import {
  KIOSK_IDLE_MS,
  KIOSK_WARNING_MS,
  abandonRespondent,
  checkCode,
  exitKiosk,
  isClosed,
  kioskQueue,
  loadKiosk,
  loadSession,
  startRespondent,
  submitRespondent,
  updateSession,
  verifyKioskPassword,
  type KioskConfig,
  type KioskSession,
} from './kiosk-store';
import { useIdleTimeout } from './use-idle';
import '../questionnaire.css';
import './kiosk.css';

const NS = 'kiosk';
/** The thank-you screen returns to the code screen by itself after this long. */
export const KIOSK_THANKS_MS = 8_000;

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
  const { t, ready } = useTranslation(NS);
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

  const respondentActive = !!session && screen === 'respondent';
  const timeout = useCallback(() => {
    void abandonRespondent().finally(() => setRound((r) => r + 1));
  }, []);
  const idle = useIdleTimeout(respondentActive, KIOSK_IDLE_MS, KIOSK_WARNING_MS, timeout);

  if (!ready || config === undefined || session === undefined) return <Loading />;
  if (!config) return <NotKiosk />;
  if (screen === 'hr') return <HrPanel config={config} onClose={() => setScreen('respondent')} />;
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
        <Respondent key={session.draft_id} config={config} session={session} onDone={() => setScreen('thanks')} />
        {idle.secondsLeft !== null && <IdleWarning seconds={idle.secondsLeft} onContinue={idle.stillHere} />}
      </div>
    );
  return <CodeScreen key={round} config={config} onHr={() => setScreen('hr')} />;
}

function Respondent({ config, session, onDone }: { config: KioskConfig; session: KioskSession; onDone(): void }) {
  const { t } = useTranslation(NS);
  const pkg = config.package;
  const [language, setLanguage] = useState<QuestionLanguageCode>(session.language);
  const cancel = (
    <p className="kiosk-cancel">
      <button type="button" className="btn btn-link btn-small" onClick={() => void abandonRespondent()}>
        {t('cancel')}
      </button>
    </p>
  );
  if (!session.started)
    return (
      <div className="container kiosk-flow">
        {cancel}
        <QuestionnaireIntro
          pkg={pkg}
          language={language}
          onLanguageChange={(l) => {
            setLanguage(l);
            void updateSession({ language: l });
          }}
          onStart={() => void updateSession({ language, started: true })}
        />
      </div>
    );
  return (
    <div className="container kiosk-flow">
      {cancel}
      <QuestionnaireRun
        pkg={pkg}
        language={language}
        draftId={session.draft_id}
        onExit={() => void updateSession({ started: false })}
        onSubmit={(draftId) => submitRespondent(draftId)}
        onDone={() => onDone()}
      />
    </div>
  );
}

function CodeScreen({ config, onHr }: { config: KioskConfig; onHr(): void }) {
  const { t } = useTranslation(NS);
  const locale = useLocale();
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const queue = useLiveQuery(() => kioskQueue(config), [config]);
  const closed = isClosed(config);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const result = await checkCode(config, code);
      if (!result.ok) {
        setError(t(result.reason === 'used' ? 'code.used' : 'code.invalid'));
        inputRef.current?.focus();
        inputRef.current?.select();
        return;
      }
      setCode('');
      await startRespondent(config, result, defaultLanguage(config.package.languages, locale));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="kiosk-screen" data-testid="kiosk-code-screen">
      <div className="kiosk-card">
        {config.package.logo_url && <img className="kiosk-logo" src={config.package.logo_url} alt="" />}
        <p className="kiosk-company">{config.package.company_name}</p>
        <h1>{t('code.title')}</h1>
        <p className="lead">{t('code.lead')}</p>
        {closed ? (
          <p className="notice notice-info" data-testid="kiosk-closed">
            {t('code.closed')}
          </p>
        ) : (
          <form className="kiosk-code-form" noValidate onSubmit={(e) => void onSubmit(e)}>
            <div className="field">
              <label htmlFor={`${id}-code`}>{t('code.label')}</label>
              <input
                ref={inputRef}
                id={`${id}-code`}
                className="kiosk-code-input"
                value={code}
                onChange={(e) => {
                  setCode(e.target.value);
                  if (error) setError(null);
                }}
                autoComplete="off"
                autoCapitalize="characters"
                autoCorrect="off"
                spellCheck={false}
                maxLength={20}
                aria-invalid={error ? true : undefined}
                aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
              />
              <p id={`${id}-hint`} className="hint">
                {t('code.hint')}
              </p>
              <p id={`${id}-error`} className="field-error kiosk-code-error" role="alert" data-testid="kiosk-code-error">
                {error ?? ''}
              </p>
            </div>
            <button type="submit" className="btn btn-primary btn-block kiosk-start" disabled={busy}>
              {t('code.start')}
            </button>
          </form>
        )}
      </div>
      <div className="kiosk-status">
        <span data-testid="kiosk-pending">{queue && queue.pending > 0 ? t('code.pending', { count: queue.pending }) : ''}</span>
        <button type="button" className="btn btn-link btn-small kiosk-hr-button" onClick={onHr}>
          {t('hr.title')}
        </button>
      </div>
    </div>
  );
}

function Thanks({ onNext }: { onNext(): void }) {
  const { t } = useTranslation(NS);
  const ref = useRef<HTMLHeadingElement>(null);
  const next = useRef(onNext);
  useEffect(() => {
    next.current = onNext;
  }, [onNext]);
  useEffect(() => {
    ref.current?.focus();
    const timer = setTimeout(() => next.current(), KIOSK_THANKS_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="kiosk-screen" data-testid="kiosk-thanks">
      <div className="kiosk-card kiosk-thanks">
        <p className="kiosk-check" aria-hidden="true">
          ✓
        </p>
        <h1 ref={ref} tabIndex={-1}>
          {t('thanks.title')}
        </h1>
        <p className="lead">{t('thanks.text')}</p>
        <button type="button" className="btn btn-primary btn-block" onClick={onNext}>
          {t('thanks.next')}
        </button>
      </div>
    </div>
  );
}

function IdleWarning({ seconds, onContinue }: { seconds: number; onContinue(): void }) {
  const { t } = useTranslation(NS);
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    buttonRef.current?.focus();
  }, []);
  return (
    <div className="kiosk-idle-backdrop">
      <div className="kiosk-idle" role="alertdialog" aria-modal="true" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} data-testid="kiosk-idle">
        <h2 id={`${id}-title`}>{t('idle.title')}</h2>
        <p id={`${id}-text`}>{t('idle.text', { seconds })}</p>
        <button ref={buttonRef} type="button" className="btn btn-primary btn-block" onClick={onContinue}>
          {t('idle.continue')}
        </button>
      </div>
    </div>
  );
}

function NotKiosk() {
  const { t } = useTranslation(NS);
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

function formatTime(ms: number, locale: string): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  void locale;
  return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${String(d.getFullYear())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const CONFLICT_CODES = new Set(['access-code-used', 'access-code-invalid']);

function HrPanel({ config, onClose }: { config: KioskConfig; onClose(): void }) {
  const { t } = useTranslation(NS);
  const locale = useLocale();
  const navigate = useNavigate();
  const id = useId();
  const [password, setPassword] = useState('');
  const [unlocked, setUnlocked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmExit, setConfirmExit] = useState(false);
  const [surveyConflicts, setSurveyConflicts] = useState<number | null>(null);
  const queue = useLiveQuery(() => kioskQueue(config), [config]);
  const sync = useSyncStatus();
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    headingRef.current?.focus();
  }, [unlocked]);

  // The survey's count over every kiosk, when the server is reachable.
  useEffect(() => {
    if (!unlocked) return;
    let live = true;
    // Bearer token, no cookie and no X-Locale, as the kiosk's sync; any failure (offline, 4xx, 5xx) leaves the count unknown.
    api<{ data: { count: number } }>('/api/kiosk/conflicts', { headers: { Authorization: `Bearer ${config.token}` }, credentials: 'omit', locale: null })
      .then((body) => {
        if (live) setSurveyConflicts(body.data.count);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [unlocked, config.token, sync.lastSyncAt]);

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
            <dd>{sync.lastSyncAt ? formatTime(sync.lastSyncAt, locale) : t('hr.never')}</dd>
          </div>
          {sync.lastError && (
            <div>
              <dt>{t('hr.lastError')}</dt>
              <dd>{sync.lastError}</dd>
            </div>
          )}
        </dl>
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
