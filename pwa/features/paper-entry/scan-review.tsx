import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAccessCode } from '../../../shared/access-codes';
import type { QuestionnairePackage } from '../../../shared/schemas/questionnaire';
import { keyHint, NS, optionOn, showValue } from './display';
import { BLANK, initialState, itemKey, keyingReducer, type EntryItem, type ItemValue, type KeyingState } from './keying';
import { itemLabels } from './labels';
import { decisionKey, formReady, type Decisions, type ScanBatch, type ScannedForm } from './scan-batch';
import type { StoredScan } from './scan-store';

interface Task {
  key: string;
  form: ScannedForm;
  item: EntryItem;
  pageId: string;
  kind: 'doubt' | 'text';
  read: ItemValue | undefined;
}

/** Object URLs of the crops (and pictures of unreadable pages), revoked when the scans change. */
function useCropUrls(scans: StoredScan[]): Map<string, string> {
  const urls = useMemo(() => {
    const m = new Map<string, string>();
    for (const s of scans) {
      for (const [path, blob] of Object.entries(s.crops)) m.set(`${s.page.id}|${path}`, URL.createObjectURL(blob));
      if (s.thumb) m.set(`${s.page.id}|`, URL.createObjectURL(s.thumb));
    }
    return m;
  }, [scans]);
  useEffect(() => () => urls.forEach((u) => URL.revokeObjectURL(u)), [urls]);
  return urls;
}

/**
 * The review of a batch of scanned forms: the problems said plainly, then per form only what HR must do — each
 * doubtful mark and each free-text area with its crop of the scan beside it. Keyboard first, with the keying's keys:
 * an answer's digit (or − for 'no answer on paper') decides a mark and moves to the next; in a text, Enter moves on
 * (Shift+Enter: a new line). After the last one the focus is on "Submit".
 */
export function ScanReview(props: {
  batch: ScanBatch;
  scans: StoredScan[];
  pkg: QuestionnairePackage;
  language: string;
  decisions: Decisions;
  onDecide: (key: string, value: ItemValue | undefined) => void;
  onSubmit: () => void;
  busy: boolean;
}) {
  const { batch, decisions, pkg, language } = props;
  const { t } = useTranslation(NS);
  const urls = useCropUrls(props.scans);
  const [keying, setKeying] = useState<Record<string, KeyingState>>({});
  const refs = useRef(new Map<string, HTMLElement>());
  const submitRef = useRef<HTMLButtonElement>(null);

  const open = batch.forms.filter((f) => f.state === 'new' && f.missing.length === 0);
  const tasks: Task[] = open.flatMap((form) =>
    [
      ...form.doubts.map((d) => ({ key: decisionKey(form.code, d.item.path), form, item: d.item, pageId: d.pageId, kind: 'doubt' as const, read: d.read })),
      ...form.writings.map((w) => ({ key: decisionKey(form.code, w.item.path), form, item: w.item, pageId: w.pageId, kind: 'text' as const, read: undefined })),
    ].sort((a, b) => a.item.number - b.item.number || (a.item.kind === 'comment' ? 1 : 0) - (b.item.kind === 'comment' ? 1 : 0)),
  );
  const ready = open.filter((f) => formReady(f, decisions));
  const doubts = tasks.filter((x) => x.kind === 'doubt');
  const undecided = doubts.filter((x) => !(x.key in decisions)).length;

  const focusAfter = (key: string) => {
    const i = tasks.findIndex((x) => x.key === key);
    const next = tasks.slice(i + 1).find((x) => x.kind === 'text' || !(x.key in decisions)) ?? tasks.find((x) => x.kind === 'doubt' && !(x.key in decisions) && x.key !== key);
    if (next) refs.current.get(next.key)?.focus();
    else submitRef.current?.focus();
  };
  // The first open doubt (or text) has the focus when the review appears.
  const first = tasks[0]?.key;
  useEffect(() => {
    if (first) refs.current.get(first)?.focus();
  }, [first]);

  const onKey = (task: Task) => (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const key = e.key === 'Tab' && e.shiftKey ? 'Shift+Tab' : e.key;
    if (key === 'Tab' || key === 'Shift+Tab') return; // moving between tasks is the browser's
    // Enter alone takes what is shown: HR's answer, else what the machine read.
    const shown = task.key in decisions ? decisions[task.key]!.value : task.read;
    const state = keying[task.key] ?? initialState(shown === undefined ? {} : { [itemKey(task.item)]: shown });
    const next = keyingReducer([task.item], { ...state, cursor: 0 }, { type: 'key', key });
    if (key === 'Enter' || key === 'Backspace' || key === '-' || /^[0-9]$/.test(key)) e.preventDefault();
    if (next === state) return;
    if (next.cursor === 1) {
      props.onDecide(task.key, next.values[itemKey(task.item)]);
      setKeying((k) => ({ ...k, [task.key]: { ...next, cursor: 0 } }));
      focusAfter(task.key);
    } else setKeying((k) => ({ ...k, [task.key]: { ...next, cursor: 0 } }));
  };

  type Problem = { key: string; text: string; tone: 'error' | 'info' };
  const problems: Problem[] = [
    ...batch.unreadable.map((p) => ({ key: `u-${p.id}`, text: t('scan.unreadable', { source: p.source }), tone: 'error' as const })),
    ...batch.foreign.map((p) => ({ key: `f-${p.id}`, text: t('scan.foreign', { source: p.source }), tone: 'error' as const })),
    ...batch.forms.flatMap((f): Problem[] => {
      const code = formatAccessCode(f.code);
      if (f.state === 'used') return [{ key: `s-${f.code}`, text: t('scan.used', { code }), tone: 'info' as const }];
      if (f.state === 'invalid') return [{ key: `s-${f.code}`, text: t('scan.invalid', { code }), tone: 'error' as const }];
      return f.missing.length ? [{ key: `m-${f.code}`, text: t('scan.missing', { code, pages: f.missing.join(', ') }), tone: 'error' as const }] : [];
    }),
    ...batch.repeats.map((r) => ({ key: `r-${r.page.id}`, text: t('scan.repeat', { code: formatAccessCode(r.code), page: r.number }), tone: 'info' as const })),
  ];

  return (
    <div className="pe-scan-review" data-testid="omr-review">
      <p className="pe-scan-summary" data-testid="omr-summary">
        {t('scan.summary', { forms: batch.forms.length, pages: props.scans.length, doubts: undecided, texts: tasks.length - doubts.length })}
      </p>
      {batch.forms.length > 0 && open.length === 0 && batch.forms.every((f) => f.state === 'used') && (
        <p className="notice notice-info" role="status" data-testid="omr-nothing-new">
          {t('scan.nothingNew')}
        </p>
      )}
      {problems.length > 0 && (
        <ul className="pe-scan-problems" data-testid="omr-problems">
          {problems.map((p) => (
            <li key={p.key} className={`is-${p.tone}`}>
              {p.text}
              {p.key.startsWith('u-') && urls.get(`${p.key.slice(2)}|`) && <img className="pe-scan-thumb" src={urls.get(`${p.key.slice(2)}|`)} alt={t('scan.pageAlt')} />}
            </li>
          ))}
        </ul>
      )}
      {open.map((form) => {
        const own = tasks.filter((x) => x.form === form);
        const left = own.filter((x) => x.kind === 'doubt' && !(x.key in decisions)).length;
        return (
          <section key={form.code} className="pe-scan-form" aria-labelledby={`omr-${form.code}`} data-testid="omr-form" data-code={form.code}>
            <header className="pe-scan-form-head">
              <h3 id={`omr-${form.code}`}>{t('form', { code: formatAccessCode(form.code) })}</h3>
              <span className={`pe-scan-chip ${left ? 'is-open' : 'is-done'}`}>{left ? t('scan.toCheck', { n: left }) : t('scan.ready')}</span>
            </header>
            {own.length > 0 && (
              <ol className="pe-scan-tasks">
                {own.map((task) => {
                  const labels = itemLabels(task.item, pkg, language);
                  const question = labels.question || t(`kind.${task.item.kind}`);
                  const crop = urls.get(`${task.pageId}|${task.item.path}`);
                  const decided = decisions[task.key];
                  const state = keying[task.key];
                  const current = decided ? decided.value : task.read;
                  return (
                    <li key={task.key} className={`pe-scan-task ${task.kind === 'doubt' ? (decided ? 'is-decided' : 'is-open') : 'is-text'}`} data-testid="omr-task" data-kind={task.kind} data-path={task.item.path} data-code={form.code}>
                      <div className="pe-scan-crop">{crop ? <img src={crop} alt={t('scan.cropAlt', { number: task.item.number })} /> : null}</div>
                      {task.kind === 'doubt' ? (
                        <div
                          className="pe-scan-answer"
                          tabIndex={0}
                          role="group"
                          aria-label={`${String(task.item.number)}. ${question}`}
                          ref={(el) => {
                            if (el) refs.current.set(task.key, el);
                            else refs.current.delete(task.key);
                          }}
                          onKeyDown={onKey(task)}
                        >
                          <p className="pe-question">
                            <span className="pe-num">{task.item.number}.</span> {question}
                          </p>
                          {labels.options.length > 0 && (
                            <ol className="pe-options">
                              {labels.options.map((o, i) => (
                                <li key={i} className={optionOn(task.item, current, i) ? (decided ? 'is-on' : 'is-read') : undefined}>
                                  <kbd>{i + 1}</kbd> {o}
                                </li>
                              ))}
                            </ol>
                          )}
                          <p className="pe-scan-value">
                            {(state?.buffer || decided) && (
                              <span className="pe-value" data-testid="omr-value">
                                {state?.buffer ? `${state.buffer}…` : showValue(task.item, decided!.value) || '–'}
                              </span>
                            )}
                            <span className="hint">{decided ? t('scan.decided') : task.read !== undefined ? t('scan.readAs', { value: showValue(task.item, task.read) }) : t('scan.readNothing')}</span>
                          </p>
                          <p className="pe-keys">{keyHint(task.item, t)}</p>
                          <p className="field-error" role="alert">
                            {state?.error ? t(`error.${state.error}`) : ''}
                          </p>
                        </div>
                      ) : (
                        <div className="pe-scan-answer">
                          <label className="pe-question" htmlFor={`omr-t-${task.key}`}>
                            <span className="pe-num">{task.item.number}.</span> {question}
                          </label>
                          <textarea
                            id={`omr-t-${task.key}`}
                            className="pe-text"
                            rows={2}
                            ref={(el) => {
                              if (el) refs.current.set(task.key, el);
                              else refs.current.delete(task.key);
                            }}
                            value={decided?.value && typeof decided.value === 'object' && 'text' in decided.value ? decided.value.text : ''}
                            onChange={(e) => props.onDecide(task.key, e.target.value.trim() ? { text: e.target.value } : task.item.required ? BLANK : undefined)}
                            onKeyDown={(e) => {
                              if (e.key === 'Enter' && !e.shiftKey) {
                                e.preventDefault();
                                focusAfter(task.key);
                              }
                            }}
                          />
                          <p className="pe-keys">{t('scan.textKeys')}</p>
                        </div>
                      )}
                    </li>
                  );
                })}
              </ol>
            )}
          </section>
        );
      })}
      {open.length > 0 && (
        <div className="pe-scan-submit">
          <button ref={submitRef} type="button" className="btn btn-primary" disabled={ready.length === 0 || props.busy} onClick={props.onSubmit} data-testid="omr-submit">
            {t('scan.submit', { n: ready.length })}
          </button>
          {undecided > 0 && <p className="hint">{t('scan.submitHint', { n: undecided })}</p>}
        </div>
      )}
    </div>
  );
}
