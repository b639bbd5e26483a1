import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paperFormLayout } from '../../../shared/paper-form';
import { CameraPages } from './camera-pages';
import { NS } from './display';
import { checkEntryCode, loadEntry, type PaperEntryConfig } from './entry-store';
import { toSubmission, type EntryItem, type ItemValue } from './keying';
import { groupPages, markCode, resolvedValues, formReady, type CodeState, type Decisions } from './scan-batch';
import { filePages, ReaderMissing, ScanWorker, type PagePixels } from './scan-reader';
import { ScanReview } from './scan-review';
import { addScannedPage, clearScans, loadDecisions, loadScans, saveDecisions, submitScannedForm, type StoredScan } from './scan-store';

/** HR's answers to the doubts and texts, kept on the device as they are given (once the stored ones are read), so a reload keeps them. */
function useKeptDecisions(surveyId: string) {
  const [decisions, setDecisions] = useState<Decisions>({});
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    void loadDecisions(surveyId)
      .catch(() => ({}))
      .then((stored) => {
        if (!live) return;
        setDecisions((d) => ({ ...stored, ...d }));
        setLoaded(true);
      });
    return () => {
      live = false;
    };
  }, [surveyId]);
  useEffect(() => {
    if (loaded) void saveDecisions(surveyId, decisions).catch(() => undefined);
  }, [loaded, surveyId, decisions]);
  return [decisions, setDecisions] as const;
}

/** Each scanned code's state against this device's entry package (an unused paper code, already keyed here, or not one). */
function useCodeStates(config: PaperEntryConfig, scans: StoredScan[]) {
  const [codeStates, setCodeStates] = useState<Map<string, CodeState>>(new Map());
  const codes = useMemo(() => [...new Set(scans.map((s) => markCode(s.page.mark)).filter((c): c is string => c !== null))], [scans]);
  useEffect(() => {
    let cancelled = false;
    void Promise.all(codes.map(async (c) => [c, await checkEntryCode(config, c)] as const)).then((checked) => {
      if (!cancelled) setCodeStates(new Map(checked.map(([c, r]) => [c, r.ok ? 'new' : r.reason === 'used' ? 'used' : 'invalid'])));
    });
    return () => {
      cancelled = true;
    };
  }, [codes, config]);
  return { codes, codeStates };
}

/**
 * Paper forms read by the machine, on the survey's paper-entry page: files from a scanner (PDF or images) or photos,
 * read in a worker on this device, grouped into forms by their page mark, and reviewed (scan-review.tsx); confirmed
 * forms go through the keying's queue (entry-store.ts queueForm) and their scans are then deleted.
 */
export function ScanPanel(props: { config: PaperEntryConfig; surveyId: string; items: EntryItem[]; language: string; onConfig: (c: PaperEntryConfig) => void }) {
  const { config, surveyId, items, language } = props;
  const { t } = useTranslation(NS);
  const id = useId();
  const worker = useRef<ScanWorker | null>(null);
  const [scans, setScans] = useState<StoredScan[]>([]);
  const [progress, setProgress] = useState<{ done: number } | null>(null);
  const [failures, setFailures] = useState<string[]>([]);
  const [decisions, setDecisions] = useKeptDecisions(surveyId);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const layout = useMemo(() => paperFormLayout(config.package), [config.package]);

  const getWorker = () => (worker.current ??= new ScanWorker());
  useEffect(() => {
    void loadScans(surveyId).then(setScans, () => setScans([]));
    if (navigator.onLine) getWorker().prepare(); // so that reading works offline later
    return () => worker.current?.stop();
  }, [surveyId]);

  const { codes, codeStates } = useCodeStates(config, scans);
  const checked = codes.every((c) => codeStates.has(c));
  const batch = useMemo(
    () => (checked ? groupPages(scans.map((s) => s.page), { surveyId: config.package.survey_id, layout, items, codeState: (c) => codeStates.get(c) ?? 'invalid' }) : null),
    [checked, scans, config.package.survey_id, layout, items, codeStates],
  );

  const keep = useCallback(
    async (pixels: PagePixels) => {
      const r = await getWorker().read(pixels, config.package, true);
      const scan: StoredScan = { page: { id: crypto.randomUUID(), source: pixels.source, mark: r.mark, problem: r.problem, items: r.items }, crops: r.crops, thumb: r.thumb };
      await addScannedPage(surveyId, scan);
      setScans((s) => [...s, scan]);
    },
    [config.package, surveyId],
  );
  const check = useCallback((pixels: PagePixels) => getWorker().read(pixels, config.package, false), [config.package]);

  const readFiles = async (files: File[]) => {
    setNotice(null);
    setFailures([]);
    setProgress({ done: 0 });
    let done = 0;
    for (const file of files) {
      try {
        for await (const pixels of filePages(file, (name, page) => t('scan.source', { file: name, page }))) {
          await keep(pixels);
          setProgress({ done: ++done });
        }
      } catch (err) {
        setFailures((f) => [...f, err instanceof ReaderMissing ? t('scan.readerMissing') : t('scan.readFailed', { file: file.name })]);
        if (err instanceof ReaderMissing) break;
      }
    }
    setProgress(null);
  };

  const decide = useCallback((key: string, value: ItemValue | undefined) => setDecisions((d) => ({ ...d, [key]: { value } })), [setDecisions]);

  const submit = async () => {
    if (!batch) return;
    setBusy(true);
    const submitted: string[] = [];
    try {
      for (const form of batch.forms.filter((f) => formReady(f, decisions))) {
        const result = await checkEntryCode(config, form.code);
        if (!result.ok) continue;
        const pageIds = scans.filter((s) => markCode(s.page.mark) === form.code).map((s) => s.page.id);
        await submitScannedForm(surveyId, { code: result.code, hash: result.hash, ...toSubmission(items, resolvedValues(form, decisions), language) }, pageIds);
        submitted.push(form.code);
      }
      setNotice(t('scan.submitted', { n: submitted.length }));
    } catch {
      setNotice(t('saveFailed'));
    }
    // The queued forms' answers are gone from the device (submitScannedForm); here too.
    setDecisions((d) => Object.fromEntries(Object.entries(d).filter(([key]) => !submitted.some((code) => key.startsWith(`${code}|`)))));
    const fresh = await loadEntry(surveyId);
    if (fresh) props.onConfig(fresh);
    setScans(await loadScans(surveyId));
    setBusy(false);
  };

  const clear = async () => {
    await clearScans(surveyId);
    setScans([]);
    setDecisions({});
    setNotice(null);
  };

  return (
    <section className="card pe-scan" aria-labelledby={`${id}-title`} data-testid="omr-panel">
      <h2 id={`${id}-title`}>{t('scan.title')}</h2>
      <p className="hint">{t('scan.lead')}</p>
      <div className="pe-scan-buttons">
        <label className="btn btn-primary pe-file-button" htmlFor={`${id}-files`}>
          {t('scan.files')}
        </label>
        <input
          id={`${id}-files`}
          className="visually-hidden"
          type="file"
          accept="application/pdf,image/*"
          multiple
          disabled={progress !== null}
          data-testid="omr-file-input"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            if (files.length) void readFiles(files);
          }}
        />
        <CameraPages check={check} onKeep={keep} onPhotos={(files) => void readFiles(files)} disabled={progress !== null} />
      </div>
      <p className="pe-scan-progress" role="status" data-testid="omr-progress">
        {progress ? t('scan.reading', { n: progress.done + 1 }) : ''}
      </p>
      {failures.map((f) => (
        <p key={f} className="notice notice-error" role="alert">
          {f}
        </p>
      ))}
      {notice && (
        <p className="notice notice-success" role="status" data-testid="omr-notice">
          {notice}
        </p>
      )}
      {batch && scans.length > 0 && progress === null && (
        <>
          <ScanReview batch={batch} scans={scans} pkg={config.package} language={language} decisions={decisions} onDecide={decide} onSubmit={() => void submit()} busy={busy} />
          <p className="pe-scan-clear">
            <button type="button" className="btn btn-secondary btn-small" onClick={() => void clear()} data-testid="omr-clear">
              {t('scan.clear')}
            </button>
          </p>
        </>
      )}
    </section>
  );
}
