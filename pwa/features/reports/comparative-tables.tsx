/** The comparative tables: participation and key figures, categories or statements, and the statements per category. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CATEGORIES, statementById, type IzzCategoryId } from '../../../shared/question-banks';
import type { ComparedItem, ComparisonColumn } from '../../../shared/schemas/comparison';
import { useLocale } from '../../i18n/use-locale';
import { numberFormat } from '../../lib/number-format';
import { ColumnHead, hiddenReasonText, SubHeads, ValueCell, type Lang, type ViewColumn } from './comparative-cells';
import { categoryTitle, statementText } from './labels';
import { Hidden, Scroll } from './report-parts';

export type OverviewRow = 'survey' | 'n' | 'employees' | 'occupancy' | 'esi' | 'enps';

/** Participation and the key figures: one row per figure, one column per survey or group. */
export function OverviewTable({ columns, rows, caption, min, testid }: { columns: ViewColumn[]; rows: OverviewRow[]; caption: string; min: number; testid: string }) {
  const { t } = useTranslation('reports');
  const locale = useLocale();
  const f = useMemo(() => numberFormat(locale), [locale]);
  const hidden = (c: ViewColumn) => (c.col.hidden ? hiddenReasonText(t, c.col.reason, min) : null);
  const label: Record<OverviewRow, string> = {
    survey: t('comparative.survey'),
    n: t('labels.responses'),
    employees: t('labels.employees'),
    occupancy: t('labels.occupancy'),
    esi: 'ESI',
    enps: 'eNPS',
  };
  return (
    <Scroll label={caption}>
      <table className="report-table cmp-table" data-testid={testid}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <td />
            {columns.map((c) => (
              <ColumnHead key={c.key} c={c} hiddenText={hidden(c)} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row} data-row={row}>
              <th scope="row">{label[row]}</th>
              {columns.map((c) => {
                const why = hidden(c);
                if (row === 'survey') return <td key={c.key}>{c.col.label ?? ''}</td>;
                if (row === 'n' || row === 'employees') {
                  const v = row === 'n' ? c.col.n : c.col.employees;
                  return why !== null && row === 'n' ? (
                    <td key={c.key} className="num heat-hidden" data-hidden="true">
                      <Hidden label={why} />
                    </td>
                  ) : (
                    <td key={c.key} className="num">
                      {f.num(v)}
                    </td>
                  );
                }
                const v = row === 'occupancy' ? c.col.occupancy : row === 'esi' ? c.col.esi : c.col.enps;
                return <ValueCell key={c.key} v={v} kind={row === 'occupancy' ? 'pct' : row} f={f} reference={c.reference} hidden={why} />;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  );
}

/** Categories or statements: one row per item, per column its mean and its share of favourable answers, each with its change. */
export function ItemsTable({
  columns,
  items,
  lang,
  caption,
  min,
  pick,
  testid,
  rowLabel,
}: {
  columns: ViewColumn[];
  items: readonly string[];
  lang: Lang;
  caption: string;
  min: number;
  pick: (c: ComparisonColumn, id: string) => ComparedItem | undefined;
  testid: string;
  rowLabel: string;
}) {
  const { t } = useTranslation('reports');
  const locale = useLocale();
  const f = useMemo(() => numberFormat(locale), [locale]);
  const hidden = (c: ViewColumn) => (c.col.hidden ? hiddenReasonText(t, c.col.reason, min) : null);
  const isCategory = (id: string) => CATEGORIES.some((c) => c.id === id);
  return (
    <Scroll label={caption}>
      <table className="report-table cmp-table" data-testid={testid}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" rowSpan={2}>
              {rowLabel}
            </th>
            {columns.map((c) => (
              <ColumnHead key={c.key} c={c} hiddenText={hidden(c)} colSpan={2} />
            ))}
          </tr>
          <tr>
            {columns.map((c) => (
              <SubHeads key={c.key} />
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((id) => (
            <tr key={id} data-item={id}>
              <th scope="row" lang={lang} className={isCategory(id) ? undefined : 'statement-cell'}>
                {isCategory(id) ? categoryTitle(id as IzzCategoryId, lang) : statementText(id, lang)}
              </th>
              {columns.map((c) => {
                const item = pick(c.col, id);
                const why = hidden(c);
                return [
                  <ValueCell key={`${c.key}-m`} v={item?.mean} kind="mean" f={f} reference={c.reference} hidden={why} />,
                  <ValueCell key={`${c.key}-f`} v={item?.favourable} kind="pct" f={f} reference={c.reference} hidden={why} />,
                ];
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  );
}
/** The statements, one collapsible table per category (closed: 74 rows are a lot on a phone). */
export function StatementsByCategory({ columns, lang, min }: { columns: ViewColumn[]; lang: Lang; min: number }) {
  const { t } = useTranslation('reports');
  const first = columns.find((c) => c.col.statements.length > 0)?.col.statements ?? [];
  const ids = first.map((s) => s.id);
  return (
    <div className="cmp-statements" data-testid="statements-by-category">
      {CATEGORIES.map((cat) => {
        const inCat = ids.filter((id) => statementById(id)?.category === cat.id);
        if (inCat.length === 0) return null;
        const title = categoryTitle(cat.id, lang);
        return (
          <details key={cat.id} className="report-choices cmp-details" data-category={cat.id}>
            <summary>
              <span>
                <span lang={lang}>{title}</span> ({inCat.length})
              </span>
            </summary>
            <ItemsTable
              columns={columns}
              items={inCat}
              lang={lang}
              caption={`${t('labels.sections.statements')}: ${title}`}
              min={min}
              pick={(c, id) => c.statements.find((s) => s.id === id)}
              testid={`statements-${cat.id}`}
              rowLabel={t('labels.statement')}
            />
          </details>
        );
      })}
    </div>
  );
}
