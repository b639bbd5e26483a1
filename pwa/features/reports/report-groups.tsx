/** Figures by group: the department heatmap and a row of the breakdown table. */
import { useTranslation } from 'react-i18next';
import type { IzzCategoryId } from '../../../shared/question-banks';
import type { ReportFigures, ReportGroup } from '../../../shared/schemas/report';
import { heatLevel, HIDDEN_MARK } from './charts';
import type { NumberFormat } from '../../lib/number-format';
import { categoryTitle, groupName } from './labels';
import { useValueWords } from './use-value-words';
import { Hidden, Scroll, Section } from './report-parts';

export function HeatmapSection({ figures, f }: { figures: ReportFigures; f: NumberFormat }) {
  const { t } = useTranslation('reports');
  const words = useValueWords();
  const h = figures.heatmap;
  if (!h) return null;
  const lang = figures.language;
  const min = figures.min_group_size;
  return (
    <Section id="heatmap" title={t('labels.sections.heatmap')}>
      <p className="hint">{t('heatmap.hint')}</p>
      <Scroll label={t('labels.sections.heatmap')}>
        <table className="report-table heatmap" data-testid="heatmap">
          <caption className="visually-hidden">{t('heatmap.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('labels.category')}</th>
              {h.columns.map((c) => (
                <th key={c.key || '__none'} scope="col">
                  <span lang={lang}>{groupName(c, words)}</span>
                  <span className="hint heat-n"> {c.n === null ? `(${HIDDEN_MARK})` : `(n = ${f.num(c.n)})`}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {h.categories.map((cat: IzzCategoryId, row) => (
              <tr key={cat}>
                <th scope="row" lang={lang}>
                  {categoryTitle(cat, lang)}
                </th>
                {h.columns.map((c) => {
                  const cell = c.cells[row];
                  if (!cell || cell.suppressed || cell.mean === null) {
                    const why = t(`labels.reason.${c.reason ?? 'below-minimum'}`, { min });
                    return (
                      <td key={c.key || '__none'} className="heat heat-hidden" data-suppressed="true">
                        <Hidden label={why} />
                      </td>
                    );
                  }
                  return (
                    <td key={c.key || '__none'} className={`heat heat-${String(heatLevel(cell.mean))}`}>
                      {f.num(cell.mean, 2)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </Scroll>
      <ul className="legend heat-legend" data-testid="heatmap-legend">
        <li>
          <span className="swatch heat-hidden" aria-hidden="true">
            {HIDDEN_MARK}
          </span>
          {t('hidden.legend', { min })}
        </li>
        {[0, 1, 2, 3, 4].map((lvl) => (
          <li key={lvl}>
            <span className={`swatch heat-${String(lvl)}`} aria-hidden="true" />
            {t(`heatmap.level${String(lvl)}`)}
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function BreakdownRow({ g, f, lang, categories, min }: { g: ReportGroup; f: NumberFormat; lang: ReportFigures['language']; categories: IzzCategoryId[]; min: number }) {
  const { t } = useTranslation('reports');
  const words = useValueWords();
  const label = groupName(g, words);
  if (g.suppressed || !g.figures) {
    const why = g.reason === 'empty' ? t('labels.reason.empty') : t(`labels.reason.${g.reason ?? 'below-minimum'}`, { min });
    // Every cell is marked (nothing silently missing); the reason sits under the group's name so it reads on a phone.
    return (
      <tr data-suppressed="true">
        <th scope="row">
          <span lang={lang}>{label}</span>
          <span className="hint row-reason">{why}</span>
        </th>
        {Array.from({ length: 3 + categories.length }, (_, i) => (
          <td key={i} className="heat heat-hidden">
            <span aria-hidden="true">{HIDDEN_MARK}</span>
          </td>
        ))}
      </tr>
    );
  }
  const fig = g.figures;
  return (
    <tr>
      <th scope="row" lang={lang}>
        {label}
      </th>
      <td className="num">{f.num(g.n)}</td>
      <td className="num">{f.num(fig.esi.score, 1)}</td>
      <td className="num">{f.signed(fig.enps.score, 1)}</td>
      {categories.map((c) => {
        const m = fig.categories.find((x) => x.id === c)?.mean ?? null;
        return (
          <td key={c} className={`num heat heat-${String(heatLevel(m))}`}>
            {m === null ? HIDDEN_MARK : f.num(m, 2)}
          </td>
        );
      })}
    </tr>
  );
}
