/**
 * The employees' results page's content (the public page and HR's preview): what SharedResults holds, nothing more.
 * Texts: the `actions` namespace, `results.*`; category and statement texts come from the server in the page's language.
 */
import { useTranslation } from 'react-i18next';
import type { SharedResults } from '../../../shared/schemas/actions';
import { useLocale } from '../../i18n/use-locale';
import { formatDate } from '../../lib/dates';
import { numberFormat } from '../../lib/number-format';

/** A mean on the 1–4 scale as a bar (the number is always written beside it). */
function Bar({ mean }: { mean: number | null }) {
  const width = mean === null ? 0 : ((mean - 1) / 3) * 100;
  return (
    <span className="results-bar" aria-hidden="true">
      <span className="results-bar-fill" style={{ width: `${String(width)}%` }} />
    </span>
  );
}

export function ResultsView({ data }: { data: SharedResults }) {
  const { t } = useTranslation('actions');
  const f = numberFormat(useLocale());
  const shown = data.categories.length > 0;
  return (
    <div className="results-view" data-testid="results-view">
      <dl className="results-figures">
        <div>
          <dt>{t('results.responseRate')}</dt>
          <dd data-testid="results-rate">{data.response_rate === null ? '–' : f.pct(data.response_rate)}</dd>
          <dd className="hint">{t('results.responses', { count: data.responses })}</dd>
        </div>
        {shown && (
          <>
            <div>
              <dt>{t('results.esi')}</dt>
              <dd data-testid="results-esi">{f.num(data.esi, 1)}</dd>
              <dd className="hint">{t('results.esiHint')}</dd>
            </div>
            <div>
              <dt>{t('results.enps')}</dt>
              <dd data-testid="results-enps">{f.signed(data.enps, 1)}</dd>
              <dd className="hint">{t('results.enpsHint')}</dd>
            </div>
          </>
        )}
      </dl>
      {!shown && <p className="notice">{t('results.tooFew', { min: data.min_group_size })}</p>}
      {shown && (
        <section aria-labelledby="results-categories-h">
          <h2 id="results-categories-h">{t('results.categories')}</h2>
          <ul className="results-categories">
            {data.categories.map((c) => (
              <li key={c.id} data-testid={`results-category-${c.id}`}>
                <span className="results-label">{c.label}</span>
                <Bar mean={c.mean} />
                <span className="results-value">{f.num(c.mean, 2)}</span>
              </li>
            ))}
          </ul>
          <p className="hint">{t('results.scale')}</p>
        </section>
      )}
      {data.focus_areas.length > 0 && (
        <section aria-labelledby="results-focus-h">
          <h2 id="results-focus-h">{t('results.focusAreas')}</h2>
          {data.focus_areas.map((a) => (
            <article key={`${a.kind}:${a.item_id}`} className="card results-focus" data-testid="results-focus">
              <h3>{a.label}</h3>
              {a.mean !== null && <p className="hint">{t('results.focusFigure', { mean: f.num(a.mean, 2), favourable: f.pct(a.favourable_pct) })}</p>}
              {a.actions.length === 0 ? (
                <p className="hint">{t('results.noActions')}</p>
              ) : (
                <ul className="results-actions">
                  {a.actions.map((x, i) => (
                    <li key={i}>
                      <strong>{x.title}</strong>{' '}
                      <span className={`status-pill status-${x.status}`}>{t(`status.${x.status}`)}</span>{' '}
                      <span className="hint">{t('results.due', { date: formatDate(x.due_on) })}</span>
                      {x.description && <p>{x.description}</p>}
                    </li>
                  ))}
                </ul>
              )}
            </article>
          ))}
        </section>
      )}
      {data.message.trim() !== '' && (
        <section aria-labelledby="results-message-h" className="results-message">
          <h2 id="results-message-h">{t('results.messageTitle')}</h2>
          {data.message.split('\n').map((line, i) => (
            <p key={i}>{line}</p>
          ))}
        </section>
      )}
      <p className="hint results-anonymity">{t('results.anonymity', { min: data.min_group_size })}</p>
    </div>
  );
}
