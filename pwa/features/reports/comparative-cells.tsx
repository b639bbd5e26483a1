/** The cells of the comparative tables: a value with its change and significance marker, a column head, the mean/favourable sub-heads. */
import { useTranslation } from 'react-i18next';
import type { ComparativeFigures, ComparedValue, ComparisonColumn } from '../../../shared/schemas/comparison';
import type { NumberFormat } from '../../lib/number-format';
import { HIDDEN_MARK } from './charts';
import { Hidden } from './report-parts';

export type Lang = ComparativeFigures['language'];
export type TFn = (key: string, vars?: Record<string, unknown>) => string;

/** How a figure is printed: ESI 0–100 and eNPS −100..100 with one decimal, means with two, shares as %. */
export type Kind = 'esi' | 'enps' | 'mean' | 'pct';

/** A column as the tables show it: its heading, an optional line under it, and whether it is the reference (no change). */
export interface ViewColumn {
  key: string;
  head: string;
  sub?: string;
  col: ComparisonColumn;
  reference?: boolean;
}

/** Why a compared column is hidden, in the UI language. */
export function hiddenReasonText(t: TFn, reason: ComparisonColumn['reason'], min: number): string {
  if (reason === 'merged' || reason === 'not-asked' || reason === 'left-out') return t(`comparative.hiddenReasons.${reason}`);
  return t(`labels.reason.${reason ?? 'below-minimum'}`, { min });
}

function formatValue(f: NumberFormat, kind: Kind, v: number | null): string {
  if (kind === 'esi') return f.num(v, 1);
  if (kind === 'enps') return f.signed(v, 1);
  if (kind === 'mean') return f.num(v, 2);
  return f.pct(v);
}

function formatChange(f: NumberFormat, kind: Kind, v: number | null): string {
  return f.signed(v, kind === 'mean' ? 2 : 1);
}

/** ▲ for a significant rise, ▼ for a significant fall, with its words for screen readers; nothing otherwise. */
function Marker({ v }: { v: ComparedValue }) {
  const { t } = useTranslation('reports');
  if (!v.significant || v.change === null || v.change === 0) return null;
  const up = v.change > 0;
  return (
    <span className={`sig ${up ? 'sig-up' : 'sig-down'}`} data-significant={up ? 'up' : 'down'}>
      <span aria-hidden="true">{up ? '▲' : '▼'}</span>
      <span className="visually-hidden"> {t(up ? 'comparative.significantUp' : 'comparative.significantDown')}</span>
    </span>
  );
}

/** One compared value: the value, and under it its change (with the marker when significant). */
export function ValueCell({ v, kind, f, reference, hidden }: { v: ComparedValue | null | undefined; kind: Kind; f: NumberFormat; reference?: boolean | undefined; hidden: string | null }) {
  if (hidden !== null) {
    return (
      <td className="num heat-hidden" data-hidden="true">
        <Hidden label={hidden} />
      </td>
    );
  }
  if (!v) return <td className="num">–</td>;
  return (
    <td className="num cmp-cell">
      <span className="cmp-value">{formatValue(f, kind, v.value)}</span>
      {!reference && v.change !== null && (
        <span className="cmp-change">
          {formatChange(f, kind, v.change)}
          <Marker v={v} />
        </span>
      )}
    </td>
  );
}

export function ColumnHead({ c, hiddenText, colSpan }: { c: ViewColumn; hiddenText: string | null; colSpan?: number }) {
  return (
    <th scope="col" colSpan={colSpan} className="cmp-head" data-hidden={hiddenText !== null || undefined}>
      {c.head}
      {c.sub && <span className="hint cmp-sub">{c.sub}</span>}
      {hiddenText !== null && (
        <span className="hint cmp-sub">
          <span aria-hidden="true">{HIDDEN_MARK} </span>
          {hiddenText}
        </span>
      )}
    </th>
  );
}
export function SubHeads() {
  const { t } = useTranslation('reports');
  return (
    <>
      <th scope="col" className="cmp-subhead">
        {t('labels.mean')}
      </th>
      <th scope="col" className="cmp-subhead">
        {t('labels.favourable')}
      </th>
    </>
  );
}
