import { useCallback, useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAccessCode } from '../../../shared/access-codes';
import { EntryBar } from './entry-bar';
import { groupItems, keyHint, NS, optionOn, showValue } from './display';
import type { PaperEntryConfig } from './entry-store';
import { inputKind, isBlank, isText, itemKey, keyingReducer, type EntryItem, type KeyingState } from './keying';
import { itemLabels } from './labels';

/** One pass of keying: the current item with its options, and the map of every item. */
export function KeyingStep(props: {
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
      <EntryBar titleId="pe-keying-title" titleClass="pe-form-code" title={t('form', { code: formatAccessCode(code) })} double={double} pass={pass} onCancel={props.onCancel} />
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
