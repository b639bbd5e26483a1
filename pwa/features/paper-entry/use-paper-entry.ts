import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatAccessCode } from '../../../shared/access-codes';
import { paperEntryPackageSchema } from '../../../shared/schemas/paper-entry';
import { ApiError, getData } from '../../lib/api';
import { requestPersistentStorage } from '../../db/db';
import { startAppSync } from '../../sync/app-engine';
import { NS } from './display';
import { entryFlowReducer, initialFlow, type EntryFlow, type EntryFlowAction, type FormToSave } from './entry-flow';
import { dropForm, installEntry, keepForm, loadEntry, loadKeptForm, queueForm, type PaperEntryConfig } from './entry-store';
import { entryItems, toSubmission } from './keying';

/**
 * The paper-entry page's state: the entry package (fetched when online, kept on this device for offline entry), the
 * form in progress through entryFlowReducer (kept on the device after every transition, one write after another, so a
 * reload resumes it), and the save into the outbox.
 */
export function usePaperEntry() {
  const { t } = useTranslation(NS);
  const params = useParams();
  const surveyId = params.id ?? '';
  const [config, setConfig] = useState<PaperEntryConfig | null>(null);
  const [load, setLoad] = useState<'loading' | 'ready' | 'missing' | 'error'>('loading');
  const [loadError, setLoadError] = useState<string | null>(null);
  const [flow, setFlow] = useState<EntryFlow>(initialFlow);
  const [notice, setNotice] = useState<string | null>(null);
  const [keepFailed, setKeepFailed] = useState(false);
  const writes = useRef<Promise<void>>(Promise.resolve());
  const lastWrite = useRef(0);

  /**
   * Device writes of the form in progress, one after another in the order of the transitions. A keep writes the whole
   * form, so one still waiting when a later write is queued is skipped: fast keying on a slow device never leaves a
   * queue of stale writes behind the screen (a reload resumes from the last write that landed).
   */
  const write = (op: () => Promise<void>, { supersedable = false } = {}) => {
    const n = ++lastWrite.current;
    writes.current = writes.current.then(() =>
      supersedable && n !== lastWrite.current
        ? undefined
        : op().then(
            () => setKeepFailed(false),
            () => setKeepFailed(true),
          ),
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
      if (state.phase.step !== 'code') write(() => keepForm(surveyId, state), { supersedable: true });
      else if (flow.phase.step !== 'code') {
        const { hash } = flow.phase;
        write(() => dropForm(surveyId, hash));
      }
    }
    if (form) void save(form);
  };
  const cancel = () => dispatch({ type: 'done' });

  return { surveyId, config, setConfig, load, loadError, flow, notice, setNotice, keepFailed, items, language, dispatch, cancel };
}
