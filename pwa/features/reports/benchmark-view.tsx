/**
 * The benchmark report on the web: BenchmarkFigures rendered as they come. The groups the company is compared with
 * (all companies, its size class, its industry) with their company counts, an unavailable group with its reason, the
 * method, a position chart per key figure and category (the band from the median band to the best figure shown, a tick
 * at the top 25 %, the company as a dot, its position in words; one row per available group), and the tables with
 * every number. A withheld figure (null) is a dash, explained once under the method.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CATEGORIES, statementById, type IzzCategoryId } from '../../../shared/question-banks';
import { MIN_BENCHMARK_COMPANIES, type BenchmarkFigures, type BenchmarkGroup, type BenchmarkItem, type BenchmarkMarket } from '../../../shared/schemas/comparison';
import { useLocale } from '../../i18n/use-locale';
import { numberFormat, type NumberFormat } from '../../lib/number-format';
import { categoryTitle, statementText } from './labels';
import { Scroll, Section } from './report-parts';
import './comparison.css';

type Lang = BenchmarkFigures['language'];
type TFn = (key: string, vars?: Record<string, unknown>) => string;

/** A group's name: "All companies", the size class ("Medium-sized companies") or the industry ("Manufacturing"). */
export function benchmarkGroupName(t: TFn, g: BenchmarkGroup): string {
  if (g.kind === 'market' || g.key === null || g.key === 'all') return t(`benchmark.groups.${g.kind}`);
  if (g.kind === 'size') return t(`benchmark.sizes.${g.key}`);
  return t(`account:industries.${g.key}`);
}

/** How an item's figure is printed: ESI with one decimal, eNPS signed, means with two. */
function formatItem(f: NumberFormat, item: Pick<BenchmarkItem, 'kind'>, v: number | null): string {
  if (item.kind === 'esi') return f.num(v, 1);
  if (item.kind === 'enps') return f.signed(v, 1);
  return f.num(v, 2);
}

const SCALE: Record<BenchmarkItem['kind'], [number, number]> = { esi: [0, 100], enps: [-100, 100], category: [1, 4], statement: [1, 4] };

function itemLabel(item: BenchmarkItem, lang: Lang): string {
  if (item.kind === 'esi') return 'ESI';
  if (item.kind === 'enps') return 'eNPS';
  if (item.kind === 'category') return categoryTitle(item.id as IzzCategoryId, lang);
  return statementText(item.id, lang);
}

function GroupsSection({ figures }: { figures: BenchmarkFigures }) {
  const { t } = useTranslation(['reports', 'account']);
  return (
    <Section id="groups" title={t('benchmark.groupsTitle')}>
      <ul className="bm-groups" data-testid="benchmark-groups">
        {figures.groups.map((g) => (
          <li key={g.kind} data-kind={g.kind} data-available={String(g.available)}>
            <span className="bm-group-name">{g.kind === 'market' ? t('benchmark.groups.market') : `${t(`benchmark.groups.${g.kind}`)}: ${benchmarkGroupName(t, g)}`}</span>
            {' · '}
            {t('benchmark.companies', { count: g.companies })}
            {!g.available && g.reason && (
              <p className="hint" data-testid={`unavailable-${g.kind}`}>
                {t(`benchmark.reasons.${g.reason}`, { min: MIN_BENCHMARK_COMPANIES, year: figures.year })}
              </p>
            )}
          </li>
        ))}
      </ul>
      {!figures.in_market && (
        <p className="notice notice-info" data-testid="not-in-market">
          {t('benchmark.notInMarket')}
        </p>
      )}
      <p className="hint" data-testid="benchmark-method">
        {t('benchmark.method', { year: figures.year, min: MIN_BENCHMARK_COMPANIES })}
      </p>
      <p className="hint" data-testid="benchmark-dash">
        {t('benchmark.dash', { min: MIN_BENCHMARK_COMPANIES })}
      </p>
    </Section>
  );
}

/** A market's figures that are shown (a withheld one is null). */
const shown = (m: BenchmarkMarket): number[] => [m.median, m.top25, m.top10].filter((v): v is number => v !== null);

/** Where a value sits on the item's axis, in % of the track. */
function axisFor(item: BenchmarkItem, markets: BenchmarkMarket[]): { lo: number; hi: number; pos: (v: number) => number } {
  const [min, max] = SCALE[item.kind];
  const values = [...markets.flatMap(shown), ...(item.value === null ? [] : [item.value])];
  if (values.length === 0) return { lo: min, hi: max, pos: (v) => ((v - min) / (max - min)) * 100 };
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  // A little room either side, so the dot and the band's ends are never on the edge; never beyond the scale.
  const pad = Math.max((hi - lo) * 0.25, (max - min) * 0.03);
  lo = Math.max(min, lo - pad);
  hi = Math.min(max, hi + pad);
  return { lo, hi, pos: (v) => ((v - lo) / (hi - lo)) * 100 };
}

function PositionItem({ item, groups, lang, f }: { item: BenchmarkItem; groups: BenchmarkGroup[]; lang: Lang; f: NumberFormat }) {
  const { t } = useTranslation(['reports', 'account']);
  const rows = groups.map((g, i) => ({ g, m: item.markets[i] ?? null })).filter((r) => r.g.available);
  const withMarket = rows.flatMap((r) => (r.m ? [r.m] : []));
  if (withMarket.length === 0) return null;
  const axis = axisFor(item, withMarket);
  const label = itemLabel(item, lang);
  const fmt = (v: number | null) => formatItem(f, item, v);
  return (
    <div className="bm-item" data-testid={`position-${item.id}`}>
      <h3 lang={item.kind === 'category' ? lang : undefined}>
        {label}: <span className="bm-you">{fmt(item.value)}</span>
      </h3>
      {rows.map(({ g, m }) => {
        const name = benchmarkGroupName(t, g);
        if (!m) {
          return (
            <div key={g.kind} className="bm-row">
              <span className="bm-row-label">{name}</span>
              <span className="bm-row-value">{t('benchmark.itemUnavailable')}</span>
            </div>
          );
        }
        const figures = shown(m);
        const position = m.position === null ? '–' : t(`benchmark.positions.${m.position}`);
        const alt = `${name}: ${t('benchmark.yourCompany')} ${fmt(item.value)}; ${t('benchmark.median')} ${fmt(m.median)}; ${t('benchmark.top25')} ${fmt(m.top25)}; ${t('benchmark.top10')} ${fmt(m.top10)}; ${t('benchmark.yourPosition')} ${position}`;
        const left = figures.length > 0 ? axis.pos(Math.min(...figures)) : 0;
        const right = figures.length > 0 ? axis.pos(Math.max(...figures)) : 0;
        return (
          <div key={g.kind} className="bm-row" data-group={g.kind}>
            <span className="bm-row-label">{name}</span>
            <div className="bm-track" role="img" aria-label={alt}>
              {figures.length > 0 && <span className="bm-band" style={{ left: `${left.toFixed(1)}%`, width: `${Math.max(0.5, right - left).toFixed(1)}%` }} />}
              {m.top25 !== null && <span className="bm-tick" style={{ left: `${axis.pos(m.top25).toFixed(1)}%` }} />}
              {item.value !== null && <span className="bm-dot" style={{ left: `${axis.pos(item.value).toFixed(1)}%` }} />}
            </div>
            <span className="bm-row-value" data-testid={`position-${item.id}-${g.kind}`}>
              {position}
            </span>
          </div>
        );
      })}
      <div className="bm-row" aria-hidden="true">
        <span className="bm-row-label" />
        <div className="bm-axis" style={{ gridArea: 'track' }}>
          <span>{fmt(axis.lo)}</span>
          <span>{fmt(axis.hi)}</span>
        </div>
      </div>
    </div>
  );
}

function PositionSection({ figures, f }: { figures: BenchmarkFigures; f: NumberFormat }) {
  const { t } = useTranslation('reports');
  const lang = figures.language;
  const items = figures.items.filter((i) => i.kind !== 'statement');
  return (
    <Section id="position" title={t('benchmark.position')}>
      <p className="hint">{t('benchmark.positionHint')}</p>
      <ul className="bm-key" aria-hidden="true">
        <li>
          <span className="bm-band" />
          {t('benchmark.median')} – {t('benchmark.top10')}
        </li>
        <li>
          <span className="bm-tick" />
          {t('benchmark.top25')}
        </li>
        <li>
          <span className="bm-dot" />
          {t('benchmark.yourCompany')}
        </li>
      </ul>
      <div className="bm-positions" data-testid="positions">
        {items.map((item) => (
          <PositionItem key={`${item.kind}-${item.id}`} item={item} groups={figures.groups} lang={lang} f={f} />
        ))}
      </div>
    </Section>
  );
}

/** Your value, then per available group its median band, top 25 %, top 10 % and your position. */
function BenchmarkTable({ figures, items, caption, rowLabel, testid, f }: { figures: BenchmarkFigures; items: BenchmarkItem[]; caption: string; rowLabel: string; testid: string; f: NumberFormat }) {
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

export function BenchmarkView({ figures }: { figures: BenchmarkFigures }) {
  const { t } = useTranslation('reports');
  const locale = useLocale();
  const f = useMemo(() => numberFormat(locale), [locale]);
  const lang = figures.language;
  const key = figures.items.filter((i) => i.kind === 'esi' || i.kind === 'enps');
  const categories = figures.items.filter((i) => i.kind === 'category');
  const statements = figures.items.filter((i) => i.kind === 'statement');
  return (
    <div className="report" data-testid="report">
      <GroupsSection figures={figures} />
      <PositionSection figures={figures} f={f} />
      <Section id="key-figures" title={t('labels.sections.keyFigures')}>
        <BenchmarkTable figures={figures} items={key} caption={t('labels.sections.keyFigures')} rowLabel="" testid="benchmark-key" f={f} />
      </Section>
      <Section id="categories" title={t('labels.sections.categories')}>
        <BenchmarkTable figures={figures} items={categories} caption={t('labels.sections.categories')} rowLabel={t('labels.category')} testid="benchmark-categories" f={f} />
      </Section>
      <Section id="statements" title={t('labels.sections.statements')}>
        <div data-testid="benchmark-statements">
          {CATEGORIES.map((cat) => {
            const inCat = statements.filter((s) => statementById(s.id)?.category === cat.id);
            if (inCat.length === 0) return null;
            const title = categoryTitle(cat.id, lang);
            return (
              <details key={cat.id} className="report-choices cmp-details" data-category={cat.id}>
                <summary>
                  <span>
                    <span lang={lang}>{title}</span> ({inCat.length})
                  </span>
                </summary>
                <BenchmarkTable figures={figures} items={inCat} caption={`${t('labels.sections.statements')}: ${title}`} rowLabel={t('labels.statement')} testid={`benchmark-statements-${cat.id}`} f={f} />
              </details>
            );
          })}
        </div>
      </Section>
    </div>
  );
}
