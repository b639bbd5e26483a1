/** Choosing focus areas: the suggestions from the survey's own reports, and any category or statement picked by hand. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { localizedText } from '../../../shared/i18n/localized-text';
import { CATEGORIES, STATEMENTS } from '../../../shared/question-banks';
import { MAX_FOCUS_AREAS, type ActionsOverview, type FocusAreaKind, type FocusSuggestion } from '../../../shared/schemas/actions';
import { SelectField } from '../../components/ui/form';
import { useLocale } from '../../i18n/use-locale';
import { numberFormat } from '../../lib/number-format';
import * as apiCalls from './actions-api';
import { useItemLabel, type Run } from './plan-helpers';

export function Suggestions({ data, run, full }: { data: ActionsOverview; run: Run; full: boolean }) {
  const { t } = useTranslation('actions');
  const label = useItemLabel();
  const f = numberFormat(useLocale());
  const chosen = new Set(data.focus_areas.map((a) => `${a.kind}:${a.item_id}`));
  const list = (items: FocusSuggestion[], testid: string, detail: (s: FocusSuggestion) => string) => (
    <ul className="suggestions" data-testid={testid}>
      {items.map((s) => {
        const key = `${s.kind}:${s.item_id}`;
        return (
          <li key={key}>
            <span>
              <span className="hint">{t(`plan.kind.${s.kind}`)}</span> {label(s.kind, s.item_id)} <span className="hint">({detail(s)})</span>
            </span>
            {chosen.has(key) ? (
              <span className="status-pill status-done">{t('plan.suggestions.chosen')}</span>
            ) : (
              <button type="button" className="btn btn-secondary btn-small" disabled={full} onClick={() => void run(() => apiCalls.addFocusArea(data.survey.id, { kind: s.kind, item_id: s.item_id }))}>
                {t('plan.suggestions.add')}
                <span className="visually-hidden">: {label(s.kind, s.item_id)}</span>
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
  const s = data.suggestions;
  return (
    <section className="card" aria-labelledby="suggestions-h">
      <h2 id="suggestions-h">{t('plan.suggestions.title')}</h2>
      <h3>{t('plan.suggestions.lowest')}</h3>
      {list(s.lowest, 'suggest-lowest', (x) => t('plan.mean', { mean: f.num(x.mean, 2) }))}
      <h3>{t('plan.suggestions.drops')}</h3>
      {s.drops === null ? (
        <p className="hint">{t('plan.suggestions.noPrevious')}</p>
      ) : s.drops.length === 0 ? (
        <p className="hint">{t('plan.suggestions.noDrops')}</p>
      ) : (
        list(s.drops, 'suggest-drops', (x) => t('plan.suggestions.drop', { change: f.signed(x.difference, 2), year: s.previous?.year ?? '' }))
      )}
      <h3>{t('plan.suggestions.benchmark')}</h3>
      {s.benchmark === null ? (
        <p className="hint">{t('plan.suggestions.noBenchmark')}</p>
      ) : (
        list(s.benchmark, 'suggest-benchmark', (x) => t('plan.suggestions.below', { difference: f.signed(x.difference, 2), median: f.num(x.reference, 2) }))
      )}
    </section>
  );
}

export function PickFocusArea({ data, run, full }: { data: ActionsOverview; run: Run; full: boolean }) {
  const { t } = useTranslation('actions');
  const locale = useLocale();
  const [kind, setKind] = useState<FocusAreaKind>('category');
  const [item, setItem] = useState('');
  const options =
    kind === 'category'
      ? CATEGORIES.map((c) => ({ value: c.id, label: localizedText(c.title, locale) }))
      : STATEMENTS.map((s) => ({ value: s.id, label: `${s.id} · ${localizedText(s.text, locale)}` }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await run(() => apiCalls.addFocusArea(data.survey.id, { kind, item_id: item }))) setItem('');
  };
  return (
    <form className="card pick-focus" onSubmit={(e) => void submit(e)} aria-labelledby="pick-h">
      <h2 id="pick-h">{t('plan.pick.title')}</h2>
      <div className="form-row">
        <SelectField
          id="pick-kind"
          label={t('plan.pick.kind')}
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as FocusAreaKind);
            setItem('');
          }}
          options={[
            { value: 'category', label: t('plan.kind.category') },
            { value: 'statement', label: t('plan.kind.statement') },
          ]}
        />
        <SelectField id="pick-item" label={t('plan.pick.item')} value={item} onChange={(e) => setItem(e.target.value)} options={options} placeholder={t('plan.pick.choose')} />
      </div>
      <button type="submit" className="btn btn-primary" disabled={full || item === ''}>
        {t('plan.pick.add')}
      </button>
      {full && <p className="hint">{t('plan.full', { max: MAX_FOCUS_AREAS })}</p>}
    </form>
  );
}
