/** The position chart of the benchmark report: per key figure and category, the market band, top 25 % and the company as a dot. */
import { useTranslation } from 'react-i18next';
import type { BenchmarkFigures, BenchmarkGroup, BenchmarkItem, BenchmarkMarket } from '../../../shared/schemas/comparison';
import type { NumberFormat } from '../../lib/number-format';
import { benchmarkGroupName, formatItem, itemLabel, SCALE, type Lang } from './benchmark-format';
import { Section } from './report-parts';

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

export function PositionSection({ figures, f }: { figures: BenchmarkFigures; f: NumberFormat }) {
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
