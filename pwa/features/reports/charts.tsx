/**
 * Charts as HTML/CSS: every bar carries its number as text beside it, segments differ by pattern as
 * well as colour and are named in a legend, so nothing is told by colour alone. The drawn part is
 * aria-hidden; the numbers are ordinary text a screen reader reads.
 */
import type { ReactNode } from 'react';

export const HIDDEN_MARK = '⊘';

/** One horizontal bar: label, bar, value text. `value` null shows the hidden mark. */
export function BarRow({ label, value, max, text, hiddenLabel, min = 0 }: { label: ReactNode; value: number | null; max: number; min?: number; text: string; hiddenLabel: string }) {
  const pct = value === null ? 0 : Math.max(0, Math.min(100, ((value - min) / (max - min)) * 100));
  return (
    <div className="bar-row">
      <div className="bar-label">{label}</div>
      <div className="bar-track" aria-hidden="true">
        <div className="bar-fill" style={{ width: `${pct.toFixed(1)}%` }} />
      </div>
      <div className="bar-value">{value === null ? <span title={hiddenLabel}>{HIDDEN_MARK}<span className="visually-hidden"> {hiddenLabel}</span></span> : text}</div>
    </div>
  );
}

export interface Segment {
  key: string;
  label: string;
  count: number;
  /** Share in % (0..100) as shown. */
  pct: number | null;
  tone: 'neg' | 'mid' | 'pos' | 'n1' | 'n2' | 'n3' | 'n4' | 'n5';
}

/** A 100 % bar split into segments, with a legend that lists each one's share and count. */
export function StackedBar({ segments, label, format }: { segments: Segment[]; label: string; format: (pct: number | null, count: number) => string }) {
  const total = segments.reduce((s, x) => s + x.count, 0);
  return (
    <figure className="stacked">
      <figcaption className="visually-hidden">{label}</figcaption>
      <div className="stacked-bar" aria-hidden="true">
        {segments.map((s) =>
          s.count > 0 && total > 0 ? <div key={s.key} className={`seg seg-${s.tone}`} style={{ width: `${((100 * s.count) / total).toFixed(2)}%` }} /> : null,
        )}
      </div>
      <ul className="legend">
        {segments.map((s) => (
          <li key={s.key}>
            <span className={`swatch seg-${s.tone}`} aria-hidden="true" />
            {s.label}: <strong>{format(s.pct, s.count)}</strong>
          </li>
        ))}
      </ul>
    </figure>
  );
}

/** Heat level 0..4 of a mean on the 1..4 scale (cells also print the number). */
export function heatLevel(mean: number | null): number {
  if (mean === null) return -1;
  if (mean < 2.25) return 0;
  if (mean < 2.6) return 1;
  if (mean < 2.9) return 2;
  if (mean < 3.2) return 3;
  return 4;
}
