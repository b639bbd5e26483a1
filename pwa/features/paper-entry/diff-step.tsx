import { useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAccessCode } from '../../../shared/access-codes';
import { NS, showValue } from './display';
import type { EntryPhase } from './entry-flow';
import type { PaperEntryConfig } from './entry-store';
import { differences, isBlank, itemKey, type EntryItem, type ItemValue } from './keying';
import { itemLabels } from './labels';

/** Double entry: the items keyed differently, each with both keyings to choose from. */
export function DiffStep(props: {
  items: EntryItem[];
  config: PaperEntryConfig;
  language: string;
  phase: Extract<EntryPhase, { step: 'diff' }>;
  onChoose: (key: string, which: 'first' | 'second') => void;
  onCancel: () => void;
  onSave: () => void;
}) {
  const { items, phase } = props;
  const { first, second, choice } = phase;
  const { t } = useTranslation(NS);
  const id = useId();
  const diff = useMemo(() => differences(items, first, second), [items, first, second]);
  const done = diff.every((d) => choice[itemKey(d.item)]);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const show = (item: EntryItem, v: ItemValue | undefined) => (isBlank(v) ? t('noAnswer') : showValue(item, v) || '—');

  return (
    <section className="pe-diff" aria-labelledby={`${id}-title`} data-testid="pe-diff">
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {t('diff.title', { count: diff.length, code: formatAccessCode(phase.code) })}
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
                      <input type="radio" name={name} checked={choice[key] === which} onChange={() => props.onChoose(key, which)} />
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
        <button type="button" className="btn btn-primary" disabled={!done} onClick={props.onSave}>
          {t('diff.save')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={props.onCancel}>
          {t('cancel')}
        </button>
      </div>
    </section>
  );
}
