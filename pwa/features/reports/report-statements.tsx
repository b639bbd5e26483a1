/** All statements: the top and bottom five and the sortable table of every statement. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportFigures, StatementFigures } from '../../../shared/schemas/report';
import type { NumberFormat } from '../../lib/number-format';
import { categoryTitle, statementText } from './labels';
import { Hidden, Scroll, Section } from './report-parts';

type SortKey = 'order' | 'mean' | 'favourable';

export function Statements({ statements, f, lang, hiddenText }: { statements: StatementFigures[]; f: NumberFormat; lang: ReportFigures['language']; hiddenText: string }) {
  const { t } = useTranslation('reports');
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: 'order', desc: false });
  const order = new Map(statements.map((s, i) => [s.id, i]));
  const shownOnes = statements.filter((s) => s.mean !== null);
  const byMean = [...shownOnes].sort((a, b) => (b.mean ?? 0) - (a.mean ?? 0) || (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  const top = byMean.slice(0, 5);
  const bottom = byMean.slice(-5).reverse();
  const value = (s: StatementFigures) => (sort.key === 'order' ? (order.get(s.id) ?? 0) : sort.key === 'mean' ? (s.mean ?? -1) : (s.favourable_pct ?? -1));
  const rows = [...statements].sort((a, b) => (sort.desc ? value(b) - value(a) : value(a) - value(b)));
  const header = (key: SortKey, label: string) => {
    const active = sort.key === key;
    return (
      <th scope="col" aria-sort={active ? (sort.desc ? 'descending' : 'ascending') : 'none'}>
        <button type="button" className="sort-button" onClick={() => setSort({ key, desc: active ? !sort.desc : key !== 'order' })}>
          {label}
          <span aria-hidden="true">{active ? (sort.desc ? ' ▼' : ' ▲') : ' ↕'}</span>
        </button>
      </th>
    );
  };
  const list = (items: StatementFigures[], testid: string) => (
    <ol className="rank-list" data-testid={testid}>
      {items.map((s) => (
        <li key={s.id}>
          <span lang={lang}>{statementText(s.id, lang)}</span> <strong>{f.num(s.mean, 2)}</strong>
        </li>
      ))}
    </ol>
  );
  return (
    <Section id="statements" title={t('labels.sections.statements')}>
      <div className="rank-lists">
        <div>
          <h3>{t('statements.top')}</h3>
          {list(top, 'top-5')}
        </div>
        <div>
          <h3>{t('statements.bottom')}</h3>
          {list(bottom, 'bottom-5')}
        </div>
      </div>
      <Scroll label={t('labels.sections.statements')}>
        <table className="report-table statements-table" data-testid="statements-table">
          <caption className="visually-hidden">{t('statements.caption')}</caption>
          <thead>
            <tr>
              {header('order', '#')}
              <th scope="col">{t('labels.statement')}</th>
              {header('mean', t('labels.mean'))}
              {header('favourable', t('labels.favourable'))}
              <th scope="col">n</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((s) => (
              <tr key={s.id}>
                <td>{(order.get(s.id) ?? 0) + 1}</td>
                <th scope="row" className="statement-cell">
                  <span lang={lang}>{statementText(s.id, lang)}</span>
                  <span className="hint"> · {categoryTitle(s.category, lang)}</span>
                </th>
                <td className="num">{s.mean === null ? <Hidden label={hiddenText} /> : f.num(s.mean, 2)}</td>
                <td className="num">{s.favourable_pct === null ? <Hidden label={hiddenText} /> : f.pct(s.favourable_pct)}</td>
                <td className="num">{f.num(s.n)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Scroll>
    </Section>
  );
}
