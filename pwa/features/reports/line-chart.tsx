/**
 * A small SVG line chart for figures over the years: one line per series, a gap where a value is hidden, every point
 * labelled with its number, series told apart by marker shape and dash as well as colour (and named in a legend).
 * The SVG is role="img" with the whole series as its text alternative; the same numbers are in the tables beside it.
 * It is drawn at the width of its box (one unit = one CSS pixel), so its text keeps its size on a phone and a desktop.
 */
import { useEffect, useId, useRef, useState } from 'react';

export interface LineSeries {
  key: string;
  label: string;
  /** One value per x label; null leaves a gap. */
  values: readonly (number | null)[];
  marker: 'circle' | 'square';
  /** Print the point labels below the points (for a second series that runs lower). */
  labelsBelow?: boolean;
}

const LAYOUT = {
  regular: { width: 400, height: 230, left: 40, right: 16, top: 20, bottom: 28, font: 13 },
  small: { width: 240, height: 170, left: 38, right: 12, top: 18, bottom: 24, font: 12 },
} as const;

/** The width of an element's box, followed as it changes; `initial` until it is measured (and where nothing measures, as in tests). */
function useBoxWidth(initial: number) {
  const ref = useRef<HTMLElement>(null);
  const [width, setWidth] = useState(initial);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const w = Math.round(el.clientWidth);
      if (w > 0) setWidth(w);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

export function LineChart({
  title,
  xLabels,
  series,
  min,
  max,
  ticks,
  format,
  tickFormat = format,
  size = 'regular',
  testid,
}: {
  /** What the chart shows; the start of its text alternative. */
  title: string;
  xLabels: readonly string[];
  series: readonly LineSeries[];
  min: number;
  max: number;
  ticks: readonly number[];
  /** A point's value as printed. */
  format: (v: number) => string;
  /** An axis tick as printed (the value format by default). */
  tickFormat?: (v: number) => string;
  size?: 'regular' | 'small';
  testid?: string;
}) {
  const uid = useId();
  const box = useBoxWidth(LAYOUT[size].width);
  const L = { ...LAYOUT[size], width: Math.max(box.width, 160) };
  const plotW = L.width - L.left - L.right;
  const plotH = L.height - L.top - L.bottom;
  const x = (i: number) => L.left + (xLabels.length <= 1 ? plotW / 2 : (i * plotW) / (xLabels.length - 1));
  const y = (v: number) => L.top + plotH - ((Math.max(min, Math.min(max, v)) - min) / (max - min)) * plotH;
  // A point's label goes above it (below for a lower series), unless that would run into the plot's edge.
  const below = (s: LineSeries, v: number) => (s.labelsBelow ? y(v) + L.font * 1.6 <= L.top + plotH : y(v) - L.font * 1.4 < L.top);
  // The text alternative: every series with every point ("ESI: 2022 56.0, 2023 57.5").
  const alt = `${title}. ${series.map((s) => `${s.label}: ${xLabels.map((xl, i) => `${xl} ${s.values[i] == null ? '–' : format(s.values[i])}`).join(', ')}`).join('; ')}`;
  return (
    <figure className={`line-chart line-chart-${size}`} data-testid={testid} ref={box.ref}>
      <svg viewBox={`0 0 ${String(L.width)} ${String(L.height)}`} width={L.width} height={L.height} role="img" aria-labelledby={`${uid}-t`} fontSize={L.font}>
        <title id={`${uid}-t`}>{alt}</title>
        {ticks.map((tk) => (
          <g key={tk} className="lc-grid">
            <line x1={L.left} x2={L.width - L.right} y1={y(tk)} y2={y(tk)} className={tk === 0 && min < 0 ? 'lc-zero' : undefined} />
            <text x={L.left - 4} y={y(tk)} dy="0.35em" textAnchor="end">
              {tickFormat(tk)}
            </text>
          </g>
        ))}
        {xLabels.map((xl, i) => (
          <text key={`${xl}-${String(i)}`} className="lc-x" x={x(i)} y={L.height - 6} textAnchor={xLabels.length > 1 && i === 0 ? 'start' : xLabels.length > 1 && i === xLabels.length - 1 ? 'end' : 'middle'}>
            {xl}
          </text>
        ))}
        {series.map((s, si) => (
          <g key={s.key} className={`lc-series lc-s${String(si)}`}>
            {segments(s.values).map((seg) => (
              <polyline key={seg[0]} fill="none" points={seg.map((i) => `${x(i).toFixed(1)},${y(s.values[i] as number).toFixed(1)}`).join(' ')} />
            ))}
            {s.values.map((v, i) =>
              v == null ? null : (
                <g key={i}>
                  {s.marker === 'circle' ? <circle cx={x(i)} cy={y(v)} r={size === 'small' ? 3 : 4} /> : <rect x={x(i) - 3.5} y={y(v) - 3.5} width={7} height={7} />}
                  <text className="lc-value" x={x(i)} y={y(v)} dy={below(s, v) ? '1.3em' : '-0.6em'} textAnchor={i === 0 ? 'start' : i === s.values.length - 1 ? 'end' : 'middle'}>
                    {format(v)}
                  </text>
                </g>
              ),
            )}
          </g>
        ))}
      </svg>
      {series.length > 1 && (
        <figcaption>
          <ul className="legend" aria-hidden="true">
            {series.map((s, si) => (
              <li key={s.key}>
                <svg className={`lc-key lc-series lc-s${String(si)}`} viewBox="0 0 28 10" width="28" height="10">
                  <line x1="0" x2="28" y1="5" y2="5" />
                  {s.marker === 'circle' ? <circle cx="14" cy="5" r="4" /> : <rect x="10.5" y="1.5" width="7" height="7" />}
                </svg>
                {s.label}
              </li>
            ))}
          </ul>
        </figcaption>
      )}
    </figure>
  );
}

/** Runs of consecutive non-null indices (a line is drawn through each run; a single point has its marker only). */
function segments(values: readonly (number | null)[]): number[][] {
  const runs: number[][] = [];
  let run: number[] = [];
  values.forEach((v, i) => {
    if (v == null) {
      if (run.length > 0) runs.push(run);
      run = [];
    } else run.push(i);
  });
  if (run.length > 0) runs.push(run);
  return runs.filter((r) => r.length > 1);
}
