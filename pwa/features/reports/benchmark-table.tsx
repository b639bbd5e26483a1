/** A benchmark table: per item the company's value, then per available group its median, top 25 %, top 10 % and position. */
import { useTranslation } from 'react-i18next';
import type { BenchmarkFigures, BenchmarkItem } from '../../../shared/schemas/comparison';
import type { NumberFormat } from '../../lib/number-format';
import { benchmarkGroupName, formatItem, itemLabel } from './benchmark-format';
import { Scroll } from './report-parts';

/** Your value, then per available group its median band, top 25 %, top 10 % and your position. */
export function BenchmarkTable({ figures, items, caption, rowLabel, testid, f }: { figures: BenchmarkFigures; items: BenchmarkItem[]; caption: string; rowLabel: string; testid: string; f: NumberFormat }) {
  const { t } = useTranslation(['reports', 'account']);
  const lang = figures.language;
  const groups = figures.groups.map((g, i) => ({ g, i })).filter((x) => x.g.available);
  return (
    <Scroll label={caption}>
      <table className="report-table bm-table" data-testid={testid}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {rowLabel ? (
              <th scope="col" rowSpan={2}>
                {rowLabel}
              </th>
            ) : (
              <td rowSpan={2} />
            )}
            <th scope="col" rowSpan={2}>
              {t('benchmark.yourCompany')}
            </th>
            {groups.map(({ g }) => (
              <th key={g.kind} scope="col" colSpan={4} className="cmp-head">
                {benchmarkGroupName(t, g)}
                <span className="hint cmp-sub">{t('benchmark.companies', { count: g.companies })}</span>
              </th>
            ))}
          </tr>
          <tr>
            {groups.map(({ g }) => [
              <th key={`${g.kind}-m`} scope="col" className="cmp-subhead">
                {t('benchmark.median')}
              </th>,
              <th key={`${g.kind}-25`} scope="col" className="cmp-subhead">
                {t('benchmark.top25')}
              </th>,
              <th key={`${g.kind}-10`} scope="col" className="cmp-subhead">
                {t('benchmark.top10')}
              </th>,
              <th key={`${g.kind}-p`} scope="col" className="cmp-subhead">
                {t('benchmark.yourPosition')}
              </th>,
            ])}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={`${item.kind}-${item.id}`} data-item={item.id}>
              <th scope="row" lang={item.kind === 'esi' || item.kind === 'enps' ? undefined : lang} className={item.kind === 'statement' ? 'statement-cell' : undefined}>
                {itemLabel(item, lang)}
              </th>
              <td className="num bm-you">{formatItem(f, item, item.value)}</td>
              {groups.map(({ g, i }) => {
                const m = item.markets[i] ?? null;
                if (!m) {
                  return (
                    <td key={g.kind} colSpan={4} className="hint" data-market="none">
                      {t('benchmark.itemUnavailable')}
                    </td>
                  );
                }
                return [
                  <td key={`${g.kind}-m`} className="num">
                    {formatItem(f, item, m.median)}
                  </td>,
                  <td key={`${g.kind}-25`} className="num">
                    {formatItem(f, item, m.top25)}
                  </td>,
                  <td key={`${g.kind}-10`} className="num">
                    {formatItem(f, item, m.top10)}
                  </td>,
                  <td key={`${g.kind}-p`}>{m.position === null ? '–' : t(`benchmark.positions.${m.position}`)}</td>,
                ];
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  );
}
