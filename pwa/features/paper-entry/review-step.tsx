import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAccessCode } from '../../../shared/access-codes';
import { EntryBar } from './entry-bar';
import { groupItems, NS, showValue } from './display';
import type { PaperEntryConfig } from './entry-store';
import { isBlank, itemKey, missingItems, type EntryItem, type FormValues } from './keying';
import { itemLabels } from './labels';

/** The review of a pass: every keyed value; an item number + Enter corrects it, Enter alone confirms. */
export function ReviewStep(props: {
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
      <EntryBar titleId={`${id}-title`} title={t('review.title', { code: formatAccessCode(code) })} double={double} pass={pass} onCancel={props.onCancel} />
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
