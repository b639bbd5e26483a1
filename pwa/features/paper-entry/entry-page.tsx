/**
 * HR data entry of paper answers (route profileIzzEntry: /profil/izz/:id/vnos, /en/profile/izz/:id/entry;
 * company users). docs/decisions/0023-paper-data-entry.md "Paper data entry".
 *
 * Online, the page fetches the entry package (GET /api/paper-entry/surveys/:id) and keeps it on this device,
 * so entry keeps working offline. Per form: the code (typed, a USB scanner typing the QR's URL, or the
 * camera where BarcodeDetector exists), then the keying grid in the paper's printed order, the review
 * (type an item number + Enter to correct it, Enter alone saves), and with double entry a second keying and
 * the differences to resolve. Saved forms go to the outbox; the app's sync engine sends them exactly once.
 *
 * The passes and the differences are entryFlowReducer (entry-flow.ts); each step is its own component. The
 * form in progress is kept on this device after every transition (one write after another), so a reload,
 * also offline, resumes it with the first keying of a double entry; it is deleted when the form is saved or
 * discarded.
 *
 * Beside keying, HR can have forms read by the machine from scans or photos (scan-panel.tsx): read on this device,
 * only the doubtful marks and the written texts reviewed, then queued exactly like keyed forms.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatAccessCode } from '../../../shared/access-codes';
import { paperEntryPackageSchema } from '../../../shared/schemas/paper-entry';
import { ApiError, getData } from '../../lib/api';
import { LocalizedLink } from '../../components/ui/localized-link';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { requestPersistentStorage } from '../../db/db';
import { startAppSync } from '../../sync/app-engine';
import { CodeStep } from './code-step';
import { DiffStep } from './diff-step';
import { NS } from './display';
import { entryFlowReducer, initialFlow, type EntryFlow, type EntryFlowAction, type FormToSave } from './entry-flow';
import { EntrySettings } from './entry-settings';
import { dropForm, installEntry, keepForm, loadEntry, loadKeptForm, queueForm, type PaperEntryConfig } from './entry-store';
import { entryItems, toSubmission } from './keying';
import { KeyingStep } from './keying-step';
import { QueuePanel } from './queue-panel';
import { ReviewStep } from './review-step';
import { ScanPanel } from './scan-panel';
import './paper-entry.css';

export default function PaperEntryPage() {
  const { t, ready } = useTranslation(NS);
  const params = useParams();
  const surveyId = params.id ?? '';
  const [config, setConfig] = useState<PaperEntryConfig | null>(null);
  const [load, setLoad] = useState<'loading' | 'ready' | 'missing' | 'error'>('loading');
  const [loadError, setLoadError] = useState<string | null>(null);
  const [flow, setFlow] = useState<EntryFlow>(initialFlow);
  const [notice, setNotice] = useState<string | null>(null);
  const [keepFailed, setKeepFailed] = useState(false);
  const writes = useRef<Promise<void>>(Promise.resolve());
  useDocumentTitle(ready ? t('title') : '');

  /** Device writes of the form in progress, one after another in the order of the transitions. */
  const write = (op: () => Promise<void>) => {
    writes.current = writes.current.then(op).then(
      () => setKeepFailed(false),
      () => setKeepFailed(true),
    );
  };

  useEffect(() => {
    startAppSync();
    let cancelled = false;
    void (async () => {
      const stored = await loadEntry(surveyId).catch(() => null);
      // A form in progress before a reload: resumed once, onto the code step, before the page shows.
      let kept = await loadKeptForm(surveyId).catch(() => null);
      const resume = (c: PaperEntryConfig) => {
        const form = kept;
        kept = null;
        if (form) setFlow((f) => entryFlowReducer(entryItems(c.package), f, { type: 'resume', form }).state);
      };
      if (!cancelled && stored) {
        resume(stored);
        setConfig(stored);
        setLoad('ready');
      }
      try {
        const pkg = await getData(`/api/paper-entry/surveys/${encodeURIComponent(surveyId)}`, { schema: paperEntryPackageSchema });
        const fresh = await installEntry(surveyId, pkg);
        void requestPersistentStorage();
        if (!cancelled) {
          resume(fresh);
          setConfig(fresh);
          setLoad('ready');
        }
      } catch (err) {
        if (cancelled) return;
        // Offline with a stored package: keep working. Otherwise say why nothing can be keyed.
        if (stored && err instanceof ApiError && err.network) return;
        if (stored && !(err instanceof ApiError)) return;
        setLoadError(err instanceof ApiError && !err.network ? err.message : null);
        setLoad(stored ? 'ready' : err instanceof ApiError && err.network ? 'missing' : 'error');
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [surveyId]);

  const items = useMemo(() => (config ? entryItems(config.package) : []), [config]);
  const language = config ? (config.language && config.package.languages.includes(config.language as never) ? config.language : config.package.languages[0] ?? 'en') : 'en';

  const save = async ({ code, hash, values }: FormToSave) => {
    if (!config) return;
    const submission = toSubmission(items, values, language);
    await writes.current; // the kept form is written before the save deletes it
    try {
      await queueForm(surveyId, { code, hash, ...submission }); // also deletes the kept form
      setConfig((await loadEntry(surveyId)) ?? config);
      setNotice(t('saved', { code: formatAccessCode(code) }));
    } catch (err) {
      setNotice(err instanceof Error && err.message === 'code-used' ? t('code.used') : t('saveFailed'));
      write(() => dropForm(surveyId, hash));
    }
    setFlow((f) => entryFlowReducer(items, f, { type: 'done' }).state);
  };

  const dispatch = (action: EntryFlowAction) => {
    const { state, save: form } = entryFlowReducer(items, flow, action);
    setFlow(state);
    if (state !== flow) {
      // Kept after every transition; a discarded form (back to the code) is deleted.
      if (state.phase.step !== 'code') write(() => keepForm(surveyId, state));
      else if (flow.phase.step !== 'code') {
        const { hash } = flow.phase;
        write(() => dropForm(surveyId, hash));
      }
    }
    if (form) void save(form);
  };
  const { phase, keying } = flow;
  const cancel = () => dispatch({ type: 'done' });

  if (!ready || load === 'loading') return <div className="spinner" role="status" aria-label="…" />;

  return (
    <div className="page profile-page paper-entry-page">
      <div className="container">
        <header className="page-header pe-header">
          <h1>{t('title')}</h1>
          {config && phase.step === 'code' && <p className="lead">{t('lead', { name: config.package.name })}</p>}
        </header>
        {load === 'missing' && <p className="notice notice-info">{t('needOnline')}</p>}
        {keepFailed && phase.step !== 'code' && (
          <p className="notice notice-error" role="alert" data-testid="pe-keep-failed">
            {t('keepFailed')}
          </p>
        )}
        {load === 'error' && (
          <p className="notice notice-error" role="alert">
            {loadError ?? t('loadFailed')}
          </p>
        )}
        {config && load === 'ready' && (
          <>
            {phase.step === 'code' && (
              <>
                <CodeStep
                  config={config}
                  notice={notice}
                  onStart={(code, hash) => {
                    setNotice(null);
                    dispatch({ type: 'start', code, hash });
                  }}
                />
                <ScanPanel config={config} surveyId={surveyId} items={items} language={language} onConfig={setConfig} />
                <EntrySettings config={config} surveyId={surveyId} onChange={setConfig} />
              </>
            )}
            {phase.step === 'keying' && (
              <KeyingStep
                items={items}
                config={config}
                language={language}
                state={keying}
                pass={phase.pass}
                code={phase.code}
                double={config.double_entry}
                onState={(next) => dispatch({ type: 'keyed', keying: next })}
                onCancel={cancel}
              />
            )}
            {phase.step === 'review' && (
              <ReviewStep
                items={items}
                config={config}
                language={language}
                values={keying.values}
                code={phase.code}
                pass={phase.pass}
                double={config.double_entry}
                onCorrect={(index) => dispatch({ type: 'correct', index })}
                onCancel={cancel}
                onSave={() => dispatch({ type: 'confirm', double: config.double_entry })}
              />
            )}
            {phase.step === 'diff' && (
              <DiffStep
                items={items}
                config={config}
                language={language}
                phase={phase}
                onChoose={(key, which) => dispatch({ type: 'choose', key, which })}
                onCancel={cancel}
                onSave={() => dispatch({ type: 'resolve' })}
              />
            )}
            <QueuePanel surveyId={surveyId} />
          </>
        )}
        <p className="pe-back">
          <LocalizedLink to="profileIzzDetail" params={{ id: surveyId }}>
            {t('back')}
          </LocalizedLink>
        </p>
      </div>
    </div>
  );
}
