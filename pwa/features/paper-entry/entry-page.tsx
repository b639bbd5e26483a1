/**
 * HR data entry of paper answers (route profileIzzEntry: /profil/izz/:id/vnos, /en/profile/izz/:id/entry;
 * company users). docs/architecture.md "Paper data entry".
 *
 * Online, the page fetches the entry package (GET /api/paper-entry/surveys/:id) and keeps it on this device,
 * so entry keeps working offline. Per form: the code (typed, a USB scanner typing the QR's URL, or the
 * camera where BarcodeDetector exists), then the keying grid in the paper's printed order, the review
 * (type an item number + Enter to correct it, Enter alone saves), and with double entry a second keying and
 * the differences to resolve. Saved forms go to the outbox; the app's sync engine sends them exactly once.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatAccessCode } from '../../../shared/access-codes';
import { ApiError, getData } from '../../app/api';
import { LocalizedLink } from '../../components/ui/localized-link';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { requestPersistentStorage } from '../../db/db';
import { getSyncEngine, startAppSync, useSyncStatus } from '../../sync/app-engine';
import { checkEntryCode, entryQueue, installEntry, loadEntry, queueForm, updateSettings, type PaperEntryConfig, type PaperEntryPackage } from './entry-store';
import {
  codeFromInput,
  differences,
  entryItems,
  initialState,
  inputKind,
  isBlank,
  isText,
  itemKey,
  keyingReducer,
  missingItems,
  toSubmission,
  type EntryItem,
  type FormValues,
  type ItemValue,
  type KeyingState,
} from './keying';
import { itemLabels } from './labels';
import './paper-entry.css';

type Phase =
  | { step: 'code' }
  | { step: 'keying'; pass: 1 | 2; code: string; hash: string; first: FormValues | null; backToReview: boolean }
  | { step: 'review'; pass: 1 | 2; code: string; hash: string; first: FormValues | null }
  | { step: 'diff'; code: string; hash: string; first: FormValues; second: FormValues };

const NS = 'paper-entry';

/** How a keyed value reads on screen: the printed number (options 1-based), '–' for 'no answer on paper'. */
function showValue(item: EntryItem, v: ItemValue | undefined): string {
  if (v === undefined) return '';
  if (isBlank(v)) return '–';
  if (isText(v)) return v.text;
  const k = inputKind(item);
  const options = k.kind === 'digits' && k.options;
  if (Array.isArray(v)) return v.map((i) => String(i + 1)).join(', ');
  return String(options ? v + 1 : v);
}

/** Whether option i (0-based, printed i + 1) is the keyed value: statements store 1-4, option lists the index. */
function optionOn(item: EntryItem, v: ItemValue | undefined, i: number): boolean {
  if (Array.isArray(v)) return v.includes(i);
  return item.kind === 'statement' ? v === i + 1 : v === i;
}

export default function PaperEntryPage() {
  const { t, ready } = useTranslation(NS);
  const params = useParams();
  const surveyId = params.id ?? '';
  const [config, setConfig] = useState<PaperEntryConfig | null>(null);
  const [load, setLoad] = useState<'loading' | 'ready' | 'missing' | 'error'>('loading');
  const [loadError, setLoadError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ step: 'code' });
  const [keying, setKeying] = useState<KeyingState>(() => initialState());
  const [notice, setNotice] = useState<string | null>(null);
  useDocumentTitle(ready ? t('title') : '');

  useEffect(() => {
    startAppSync();
    let cancelled = false;
    void (async () => {
      const stored = await loadEntry(surveyId).catch(() => null);
      if (!cancelled && stored) {
        setConfig(stored);
        setLoad('ready');
      }
      try {
        const pkg = await getData<PaperEntryPackage>(`/api/paper-entry/surveys/${encodeURIComponent(surveyId)}`);
        const fresh = await installEntry(surveyId, pkg);
        void requestPersistentStorage();
        if (!cancelled) {
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

  const startForm = (code: string, hash: string) => {
    setNotice(null);
    setKeying(initialState());
    setPhase({ step: 'keying', pass: 1, code, hash, first: null, backToReview: false });
  };

  const save = async (code: string, hash: string, values: FormValues) => {
    if (!config) return;
    const submission = toSubmission(items, values, language);
    try {
      await queueForm(surveyId, { code, hash, ...submission });
      setConfig((await loadEntry(surveyId)) ?? config);
      setNotice(t('saved', { code: formatAccessCode(code) }));
      setPhase({ step: 'code' });
    } catch (err) {
      setNotice(err instanceof Error && err.message === 'code-used' ? t('code.used') : t('saveFailed'));
      setPhase({ step: 'code' });
    }
  };

  if (!ready || load === 'loading') return <div className="spinner" role="status" aria-label="…" />;

  return (
    <div className="page profile-page paper-entry-page">
      <div className="container">
        <header className="page-header pe-header">
          <h1>{t('title')}</h1>
          {config && phase.step === 'code' && <p className="lead">{t('lead', { name: config.package.name })}</p>}
        </header>
        {load === 'missing' && <p className="notice notice-info">{t('needOnline')}</p>}
        {load === 'error' && (
          <p className="notice notice-error" role="alert">
            {loadError ?? t('loadFailed')}
          </p>
        )}
        {config && load === 'ready' && (
          <>
            {phase.step === 'code' && (
              <>
                <CodeStep config={config} notice={notice} onStart={startForm} />
                <Settings config={config} surveyId={surveyId} onChange={setConfig} />
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
                onState={(next) => {
                  setKeying(next);
                  if (next.cursor >= items.length || (phase.backToReview && next.cursor !== keying.cursor)) {
                    setPhase({ step: 'review', pass: phase.pass, code: phase.code, hash: phase.hash, first: phase.first });
                  }
                }}
                onCancel={() => setPhase({ step: 'code' })}
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
                onCorrect={(index) => {
                  setKeying((s) => keyingReducer(items, s, { type: 'goto', index }));
                  setPhase({ step: 'keying', pass: phase.pass, code: phase.code, hash: phase.hash, first: phase.first, backToReview: true });
                }}
                onCancel={() => setPhase({ step: 'code' })}
                onSave={() => {
                  if (config.double_entry && phase.pass === 1) {
                    setPhase({ step: 'keying', pass: 2, code: phase.code, hash: phase.hash, first: keying.values, backToReview: false });
                    setKeying(initialState());
                  } else if (config.double_entry && phase.first) {
                    const diff = differences(items, phase.first, keying.values);
                    if (diff.length === 0) void save(phase.code, phase.hash, keying.values);
                    else setPhase({ step: 'diff', code: phase.code, hash: phase.hash, first: phase.first, second: keying.values });
                  } else void save(phase.code, phase.hash, keying.values);
                }}
              />
            )}
            {phase.step === 'diff' && (
              <DiffStep
                items={items}
                config={config}
                language={language}
                first={phase.first}
                second={phase.second}
                code={phase.code}
                onCancel={() => setPhase({ step: 'code' })}
                onSave={(values) => void save(phase.code, phase.hash, values)}
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

function CodeStep({ config, notice, onStart }: { config: PaperEntryConfig; notice: string | null; onStart: (code: string, hash: string) => void }) {
  const { t } = useTranslation(NS);
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  const submit = async (raw: string) => {
    const result = await checkEntryCode(config, codeFromInput(raw));
    if (result.ok) {
      setValue('');
      setError(null);
      onStart(result.code, result.hash);
    } else {
      setError(result.reason === 'used' ? t('code.used') : t('code.invalid'));
      input.current?.select();
    }
  };

  return (
    <form
      className="card pe-code"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit(value);
      }}
    >
      {notice && (
        <p className="notice notice-success pe-notice" role="status" data-testid="pe-notice">
          {notice}
        </p>
      )}
      <div className="field">
        <label htmlFor={`${id}-code`}>{t('code.label')}</label>
        <div className="pe-code-row">
          <input
            ref={input}
            id={`${id}-code`}
            className="pe-code-input"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint ${id}-error`}
          />
          <button type="submit" className="btn btn-primary">
            {t('code.start')}
          </button>
          <CameraScan onCode={(raw) => void submit(raw)} />
        </div>
        <p id={`${id}-hint`} className="hint">
          {t('code.hint')}
        </p>
        <p id={`${id}-error`} className="field-error" role="alert" data-testid="pe-code-error">
          {error ?? ''}
        </p>
      </div>
    </form>
  );
}

interface DetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorCtor = new (options: { formats: string[] }) => DetectorLike;

/** 'Scan with camera': only where the BarcodeDetector API exists. */
function CameraScan({ onCode }: { onCode: (raw: string) => void }) {
  const { t } = useTranslation(NS);
  const Detector = (globalThis as { BarcodeDetector?: DetectorCtor }).BarcodeDetector;
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (!open || !Detector) return;
    let stream: MediaStream | null = null;
    let stop = false;
    const detector = new Detector({ formats: ['qr_code'] });
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        if (!video.current || stop) return;
        video.current.srcObject = stream;
        await video.current.play();
        while (!stop && video.current) {
          const found = await detector.detect(video.current).catch(() => []);
          if (found[0]?.rawValue) {
            setOpen(false);
            onCode(found[0].rawValue);
            return;
          }
          await new Promise((r) => requestAnimationFrame(r));
        }
      } catch {
        setFailed(true);
      }
    })();
    return () => {
      stop = true;
      stream?.getTracks().forEach((tr) => tr.stop());
    };
  }, [open, Detector, onCode]);

  if (!Detector) return null;
  return (
    <>
      <button type="button" className="btn btn-secondary" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
        {open ? t('code.cameraStop') : t('code.camera')}
      </button>
      {open && (
        <div className="pe-camera">
          {/* A live camera picture for aiming; it has no audio and nothing to caption. */}
          <video ref={video} muted playsInline aria-label={t('code.camera')} />
          {failed && <p className="field-error">{t('code.cameraFailed')}</p>}
        </div>
      )}
    </>
  );
}

function Settings({ config, surveyId, onChange }: { config: PaperEntryConfig; surveyId: string; onChange: (c: PaperEntryConfig) => void }) {
  const { t } = useTranslation(NS);
  const id = useId();
  const set = async (patch: Partial<Pick<PaperEntryConfig, 'double_entry' | 'language'>>) => {
    onChange({ ...config, ...patch }); // at once: the box follows the click, the write follows
    const next = await updateSettings(surveyId, patch);
    if (next) onChange(next);
  };
  return (
    <div className="pe-settings">
      <div className="check">
        <input id={`${id}-double`} type="checkbox" checked={config.double_entry} onChange={(e) => void set({ double_entry: e.target.checked })} />
        <label htmlFor={`${id}-double`}>{t('settings.double')}</label>
      </div>
      <p className="hint">{t('settings.doubleHint')}</p>
      {config.package.languages.length > 1 && (
        <div className="field pe-language">
          <label htmlFor={`${id}-lang`}>{t('settings.language')}</label>
          <select id={`${id}-lang`} value={config.language ?? config.package.languages[0]} onChange={(e) => void set({ language: e.target.value })}>
            {config.package.languages.map((l) => (
              <option key={l} value={l}>
                {l.toUpperCase()}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}

function keyHint(item: EntryItem, t: (k: string, o?: Record<string, unknown>) => string): string {
  const k = inputKind(item);
  if (k.kind === 'text') return item.required ? `${t('keys.text')} · ${t('keys.blankText')}` : t('keys.text');
  if (k.kind === 'multi') return t('keys.multi', { max: k.count });
  if (item.kind === 'statement') return t('keys.statement');
  const base = k.options ? t('keys.option', { max: k.max }) : t('keys.number', { min: k.min, max: k.max });
  return `${base} · ${item.required ? t('keys.blankRequired') : t('keys.blankOptional')}`;
}

function KeyingStep(props: {
  items: EntryItem[];
  config: PaperEntryConfig;
  language: string;
  state: KeyingState;
  pass: 1 | 2;
  code: string;
  double: boolean;
  onState: (s: KeyingState) => void;
  onCancel: () => void;
}) {
  const { items, config, language, state, pass, code, double, onState } = props;
  const { t } = useTranslation(NS);
  const grid = useRef<HTMLDivElement>(null);
  const text = useRef<HTMLTextAreaElement>(null);
  const item = items[state.cursor];
  const kind = item ? inputKind(item) : null;
  const labels = item ? itemLabels(item, config.package, language) : null;

  useEffect(() => {
    if (kind?.kind === 'text') text.current?.focus();
    else grid.current?.focus();
    grid.current?.querySelector('[aria-current="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [state.cursor, kind?.kind]);

  const onKeyDown = useCallback(
    (e: KeyboardEvent<HTMLDivElement>) => {
      if (e.ctrlKey || e.metaKey || e.altKey || !item) return;
      if (e.key === 'Escape') return;
      if (kind?.kind === 'text') {
        const value = text.current?.value ?? '';
        if (e.key === 'Enter' || e.key === 'Tab') {
          if (e.key === 'Enter' && e.shiftKey) return; // a line break
          e.preventDefault();
          onState(keyingReducer(items, state, { type: 'key', key: e.shiftKey ? 'Backspace' : 'Enter' }));
        } else if (e.key === 'Backspace' && value === '') {
          e.preventDefault();
          onState(keyingReducer(items, state, { type: 'key', key: 'Backspace' }));
        }
        return;
      }
      const key = e.key === 'Tab' && e.shiftKey ? 'Backspace' : e.key;
      if (key === 'Tab' || key === 'Enter' || key === 'Backspace' || key === '-' || /^[0-9]$/.test(key)) e.preventDefault();
      const next = keyingReducer(items, state, { type: 'key', key });
      if (next !== state) onState(next);
    },
    [item, kind, items, state, onState],
  );

  const sections = useMemo(() => groupItems(items), [items]);
  const currentValue = item ? state.values[itemKey(item)] : undefined;

  return (
    <section className="pe-keying" aria-labelledby="pe-keying-title">
      <div className="pe-bar">
        <h2 id="pe-keying-title" className="pe-form-code">
          {t('form', { code: formatAccessCode(code) })}
          {double && <span className="pe-pass">{pass === 1 ? t('pass1') : t('pass2')}</span>}
        </h2>
        <button type="button" className="btn btn-secondary btn-small" onClick={props.onCancel}>
          {t('cancel')}
        </button>
      </div>
      <div ref={grid} className="pe-grid-wrap" tabIndex={0} onKeyDown={onKeyDown} role="group" aria-label={t('gridLabel')} data-testid="pe-grid">
        {item && labels && (
          <div className="pe-current" aria-live="polite">
            <p className="pe-counter" data-testid="pe-counter">
              {t('counter', { n: item.number, total: items[items.length - 1]?.number ?? items.length })}
            </p>
            <p className="pe-question">
              <span className="pe-num">{item.number}.</span> {labels.question || t(`kind.${item.kind}`)}
            </p>
            {labels.options.length > 0 && (
              <ol className="pe-options">
                {labels.options.map((o, i) => (
                  <li key={i} className={optionOn(item, currentValue, i) ? 'is-on' : undefined}>
                    <kbd>{i + 1}</kbd> {o}
                  </li>
                ))}
              </ol>
            )}
            {kind?.kind === 'text' ? (
              <textarea
                ref={text}
                className="pe-text"
                rows={3}
                maxLength={kind.maxLength}
                aria-label={labels.question || t(`kind.${item.kind}`)}
                value={isText(currentValue) ? currentValue.text : isBlank(currentValue) ? '-' : ''}
                onChange={(e) => onState(keyingReducer(items, state, { type: 'text', value: e.target.value }))}
              />
            ) : (
              <p className="pe-value" data-testid="pe-value">
                {state.buffer ? `${state.buffer}…` : showValue(item, currentValue) || '·'}
              </p>
            )}
            <p className="pe-keys">{keyHint(item, t)}</p>
            <p className="field-error" role="alert">
              {state.error ? t(`error.${state.error}`) : ''}
            </p>
          </div>
        )}
        <div className="pe-map">
          {sections.map((s) => (
            <div key={s.key} className="pe-section">
              <p className="pe-section-title">{t(`section.${s.key}`)}</p>
              <ol className="pe-cells">
                {s.items.map(({ item: it, index }) => {
                  const v = state.values[itemKey(it)];
                  return (
                    <li key={it.path} aria-current={index === state.cursor ? 'true' : undefined} className={isBlank(v) ? 'is-blank' : v === undefined ? 'is-empty' : undefined}>
                      <span className="pe-cell-num">{it.number}</span>
                      <span className="pe-cell-val">{inputKind(it).kind === 'text' ? (v ? '✎' : '') : showValue(it, v)}</span>
                    </li>
                  );
                })}
              </ol>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

function groupItems(items: EntryItem[]): { key: string; items: { item: EntryItem; index: number }[] }[] {
  const out: { key: string; items: { item: EntryItem; index: number }[] }[] = [];
  items.forEach((item, index) => {
    const key = item.kind === 'statement' ? 'statements' : item.kind === 'enps' || item.kind === 'esi' ? 'scores' : item.kind === 'extra' || item.kind === 'comment' || item.kind === 'praise_critique' ? 'extra' : 'about';
    const last = out[out.length - 1];
    if (last?.key === key) last.items.push({ item, index });
    else out.push({ key, items: [{ item, index }] });
  });
  return out;
}

function ReviewStep(props: {
  items: EntryItem[];
  config: PaperEntryConfig;
  language: string;
  values: FormValues;
  code: string;
  pass: 1 | 2;
  double: boolean;
  onCorrect: (index: number) => void;
  onCancel: () => void;
  onSave: () => void;
}) {
  const { items, values, code, pass, double } = props;
  const { t } = useTranslation(NS);
  const id = useId();
  const [jump, setJump] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const missing = missingItems(items, values);
  useEffect(() => input.current?.focus(), []);
  const sections = groupItems(items);

  return (
    <section className="pe-review" aria-labelledby={`${id}-title`} data-testid="pe-review">
      <div className="pe-bar">
        <h2 id={`${id}-title`}>
          {t('review.title', { code: formatAccessCode(code) })}
          {double && <span className="pe-pass">{pass === 1 ? t('pass1') : t('pass2')}</span>}
        </h2>
        <button type="button" className="btn btn-secondary btn-small" onClick={props.onCancel}>
          {t('cancel')}
        </button>
      </div>
      {missing.length > 0 && (
        <p className="notice notice-error" role="alert" data-testid="pe-missing">
          {t('review.missing', { items: missing.map((m) => m.number).join(', ') })}
        </p>
      )}
      <form
        className="pe-jump"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const n = Number(jump.trim());
          if (jump.trim() === '') {
            if (missing.length === 0) props.onSave();
            else setError(t('review.incomplete'));
            return;
          }
          const index = items.findIndex((i) => i.number === n);
          if (index < 0) setError(t('review.noSuchItem', { max: items[items.length - 1]?.number ?? items.length }));
          else props.onCorrect(index);
        }}
      >
        <label htmlFor={`${id}-jump`}>{t('review.jump')}</label>
        <input ref={input} id={`${id}-jump`} inputMode="numeric" autoComplete="off" value={jump} onChange={(e) => setJump(e.target.value.replace(/\D/g, ''))} aria-describedby={`${id}-jump-error`} />
        <button type="submit" className="btn btn-primary" disabled={missing.length > 0 && jump === ''} data-testid="pe-save">
          {double && pass === 1 ? t('review.next') : t('review.save')}
        </button>
        <p id={`${id}-jump-error`} className="field-error" role="alert">
          {error ?? ''}
        </p>
      </form>
      {sections.map((s) => (
        <div key={s.key} className="pe-review-section">
          <h3>{t(`section.${s.key}`)}</h3>
          <ol className="pe-review-list">
            {s.items.map(({ item, index }) => {
              const v = values[itemKey(item)];
              const labels = itemLabels(item, props.config.package, props.language);
              return (
                <li key={item.path}>
                  <button type="button" className="pe-review-item" onClick={() => props.onCorrect(index)} data-testid={`pe-review-${item.kind === 'comment' ? `${String(item.number)}-comment` : String(item.number)}`}>
                    <span className="pe-cell-num">{item.number}</span>
                    <span className="pe-review-q">{labels.question || t(`kind.${item.kind}`)}</span>
                    <span className={`pe-review-v${isBlank(v) ? ' is-blank' : ''}`}>{isBlank(v) ? t('noAnswer') : showValue(item, v) || '—'}</span>
                  </button>
                </li>
              );
            })}
          </ol>
        </div>
      ))}
    </section>
  );
}

function DiffStep(props: { items: EntryItem[]; config: PaperEntryConfig; language: string; first: FormValues; second: FormValues; code: string; onCancel: () => void; onSave: (values: FormValues) => void }) {
  const { items, first, second } = props;
  const { t } = useTranslation(NS);
  const id = useId();
  const diff = useMemo(() => differences(items, first, second), [items, first, second]);
  const [choice, setChoice] = useState<Record<string, 'first' | 'second'>>({});
  const done = diff.every((d) => choice[itemKey(d.item)]);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const show = (item: EntryItem, v: ItemValue | undefined) => (isBlank(v) ? t('noAnswer') : showValue(item, v) || '—');

  return (
    <section className="pe-diff" aria-labelledby={`${id}-title`} data-testid="pe-diff">
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {t('diff.title', { count: diff.length, code: formatAccessCode(props.code) })}
      </h2>
      <p>{t('diff.lead')}</p>
      <table className="pe-diff-table">
        <thead>
          <tr>
            <th scope="col">{t('diff.item')}</th>
            <th scope="col">{t('diff.first')}</th>
            <th scope="col">{t('diff.second')}</th>
          </tr>
        </thead>
        <tbody>
          {diff.map((d) => {
            const key = itemKey(d.item);
            const name = `${id}-${key}`;
            return (
              <tr key={key} data-testid={`pe-diff-${d.item.kind === 'comment' ? `${String(d.item.number)}-comment` : String(d.item.number)}`}>
                <th scope="row">
                  {d.item.number}. <span className="pe-diff-q">{itemLabels(d.item, props.config.package, props.language).question || t(`kind.${d.item.kind}`)}</span>
                </th>
                {(['first', 'second'] as const).map((which) => (
                  <td key={which}>
                    <label className="pe-diff-choice">
                      <input type="radio" name={name} checked={choice[key] === which} onChange={() => setChoice((c) => ({ ...c, [key]: which }))} />
                      <span>{show(d.item, which === 'first' ? d.first : d.second)}</span>
                    </label>
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="pe-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={!done}
          onClick={() => {
            const values: FormValues = { ...second };
            for (const d of diff) {
              const key = itemKey(d.item);
              const v = choice[key] === 'first' ? d.first : d.second;
              if (v === undefined) delete values[key];
              else values[key] = v;
            }
            props.onSave(values);
          }}
        >
          {t('diff.save')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={props.onCancel}>
          {t('cancel')}
        </button>
      </div>
    </section>
  );
}

function QueuePanel({ surveyId }: { surveyId: string }) {
  const { t } = useTranslation(NS);
  const status = useSyncStatus();
  const queue = useLiveQuery(() => entryQueue(surveyId), [surveyId, status]);
  const [sending, setSending] = useState(false);
  const last = status.lastSyncAt ? new Date(status.lastSyncAt).toLocaleString('de-DE', { dateStyle: 'medium', timeStyle: 'short' }) : null;
  return (
    <aside className="card pe-queue" aria-label={t('queue.title')} data-testid="pe-queue">
      <p>
        <strong data-testid="pe-pending">{t('queue.pending', { count: queue?.pending ?? 0 })}</strong>
        {' · '}
        <span data-testid="pe-sent">{t('queue.sent', { count: queue?.sent ?? 0 })}</span>
        {last && <span className="hint"> · {t('queue.last', { when: last })}</span>}
      </p>
      {status.lastError && (queue?.pending ?? 0) > 0 && <p className="hint">{t('queue.error')}</p>}
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
