/**
 * Vector charts for the report PDFs, drawn with pdf-lib rectangles, lines and paths (no images),
 * so they stay sharp when printed and zoomed. Every chart carries its numbers as text: colour is
 * never the only way to read a value (segments and bars are labelled, shades run light to dark).
 */
import { rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';

export const COLORS = {
  ink: rgb(0.11, 0.16, 0.23),
  muted: rgb(0.38, 0.42, 0.48),
  rule: rgb(0.84, 0.86, 0.89),
  track: rgb(0.93, 0.94, 0.95),
  paper: rgb(1, 1, 1),
  accent: rgb(0.05, 0.37, 0.42),
  accentSoft: rgb(0.87, 0.93, 0.93),
  hidden: rgb(0.9, 0.9, 0.9),
  hiddenInk: rgb(0.45, 0.45, 0.45),
  /** Agreement 1..4: two warm shades (disagree) and two cool shades (agree), light in the middle. */
  scale4: [rgb(0.72, 0.33, 0.25), rgb(0.93, 0.72, 0.63), rgb(0.6, 0.8, 0.8), rgb(0.09, 0.45, 0.5)],
  /** Agreement 1..5 (PULS), the middle neutral. */
  scale5: [rgb(0.72, 0.33, 0.25), rgb(0.93, 0.72, 0.63), rgb(0.86, 0.86, 0.83), rgb(0.6, 0.8, 0.8), rgb(0.09, 0.45, 0.5)],
  detractors: rgb(0.72, 0.33, 0.25),
  passives: rgb(0.86, 0.86, 0.83),
  promoters: rgb(0.09, 0.45, 0.5),
  series: [rgb(0.05, 0.37, 0.42), rgb(0.72, 0.33, 0.25), rgb(0.35, 0.36, 0.6), rgb(0.55, 0.5, 0.2), rgb(0.3, 0.55, 0.3), rgb(0.55, 0.3, 0.5)],
} as const;

/** Relative luminance (sRGB, approximate) of a pdf-lib colour. */
function luminance(c: RGB): number {
  return 0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue;
}

/** Ink that reads on a fill: white on dark fills, the text colour on light ones. */
export function inkOn(fill: RGB): RGB {
  return luminance(fill) < 0.5 ? COLORS.paper : COLORS.ink;
}

function mix(a: RGB, b: RGB, t: number): RGB {
  return rgb(a.red + (b.red - a.red) * t, a.green + (b.green - a.green) * t, a.blue + (b.blue - a.blue) * t);
}

/** A sequential shade from light (t = 0) to the dark accent (t = 1): darker means more. */
export function shade(t: number): RGB {
  const k = Math.min(1, Math.max(0, t));
  return mix(rgb(0.95, 0.97, 0.97), rgb(0.04, 0.32, 0.37), k);
}

export interface TextStyle {
  font: PDFFont;
  size: number;
  color?: RGB;
}

/** Draws text centred in a box horizontally, at a baseline. */
export function drawCentered(page: PDFPage, text: string, cx: number, y: number, style: TextStyle): void {
  const w = style.font.widthOfTextAtSize(text, style.size);
  page.drawText(text, { x: cx - w / 2, y, size: style.size, font: style.font, color: style.color ?? COLORS.ink });
}

/** Draws text ending at `right`. */
export function drawRight(page: PDFPage, text: string, right: number, y: number, style: TextStyle): void {
  const w = style.font.widthOfTextAtSize(text, style.size);
  page.drawText(text, { x: right - w, y, size: style.size, font: style.font, color: style.color ?? COLORS.ink });
}

/** Light diagonal hatching over a box: the mark of a hidden (suppressed) value. */
export function drawHatch(page: PDFPage, x: number, y: number, w: number, h: number): void {
  page.drawRectangle({ x, y, width: w, height: h, color: COLORS.hidden });
  const step = 5;
  for (let d = step; d < w + h; d += step) {
    const x0 = x + Math.max(0, d - h);
    const y0 = y + Math.min(d, h);
    const x1 = x + Math.min(d, w);
    const y1 = y + Math.max(0, d - w);
    page.drawLine({ start: { x: x0, y: y0 }, end: { x: x1, y: y1 }, thickness: 0.4, color: rgb(0.8, 0.8, 0.8) });
  }
}

export interface ValueBarOptions {
  x: number;
  y: number;
  width: number;
  height: number;
  value: number | null;
  min: number;
  max: number;
  /** The value as printed at the end of the bar. */
  label: string;
  font: PDFFont;
  size?: number;
  color?: RGB;
}

/** A horizontal bar on a light track with its value printed at the bar's end (inside if it fits). */
export function drawValueBar(page: PDFPage, o: ValueBarOptions): void {
  const size = o.size ?? 8;
  page.drawRectangle({ x: o.x, y: o.y, width: o.width, height: o.height, color: COLORS.track });
  const ty = o.y + (o.height - size * 0.7) / 2;
  if (o.value === null) {
    drawHatch(page, o.x, o.y, o.width, o.height);
    page.drawText(o.label, { x: o.x + 4, y: ty, size, font: o.font, color: COLORS.hiddenInk });
    return;
  }
  const t = Math.min(1, Math.max(0, (o.value - o.min) / (o.max - o.min)));
  const w = Math.max(1, o.width * t);
  const color = o.color ?? COLORS.accent;
  page.drawRectangle({ x: o.x, y: o.y, width: w, height: o.height, color });
  const lw = o.font.widthOfTextAtSize(o.label, size);
  if (lw + 8 <= w) page.drawText(o.label, { x: o.x + w - lw - 4, y: ty, size, font: o.font, color: inkOn(color) });
  else page.drawText(o.label, { x: o.x + w + 4, y: ty, size, font: o.font, color: COLORS.ink });
}

export interface Segment {
  value: number;
  color: RGB;
  /** Printed inside the segment when it fits. */
  label?: string;
}

/**
 * A 100 % stacked bar. Segment widths follow their values; each label is printed inside its
 * segment when it fits (the caller prints a legend for the rest). Returns the segments' x ranges.
 */
export function drawStackedBar(page: PDFPage, o: { x: number; y: number; width: number; height: number; segments: Segment[]; font: PDFFont; size?: number }): { x: number; w: number }[] {
  const size = o.size ?? 7;
  const total = o.segments.reduce((s, g) => s + Math.max(0, g.value), 0);
  const spans: { x: number; w: number }[] = [];
  if (total <= 0) {
    page.drawRectangle({ x: o.x, y: o.y, width: o.width, height: o.height, color: COLORS.track });
    return o.segments.map(() => ({ x: o.x, w: 0 }));
  }
  let x = o.x;
  for (const g of o.segments) {
    const w = (o.width * Math.max(0, g.value)) / total;
    spans.push({ x, w });
    if (w > 0) {
      page.drawRectangle({ x, y: o.y, width: w, height: o.height, color: g.color });
      // A thin white gap between segments keeps neighbours apart in greyscale prints.
      if (x > o.x) page.drawLine({ start: { x, y: o.y }, end: { x, y: o.y + o.height }, thickness: 0.8, color: COLORS.paper });
      if (g.label) {
        const lw = o.font.widthOfTextAtSize(g.label, size);
        if (lw + 4 <= w) page.drawText(g.label, { x: x + (w - lw) / 2, y: o.y + (o.height - size * 0.7) / 2, size, font: o.font, color: inkOn(g.color) });
      }
    }
    x += w;
  }
  return spans;
}

/** A small legend: swatch + text, left to right, wrapping to a new line when needed. Returns the height used. */
export function drawLegend(page: PDFPage, o: { x: number; y: number; width: number; items: { color: RGB; text: string; hatch?: boolean }[]; font: PDFFont; size?: number }): number {
  const size = o.size ?? 7.5;
  const sw = size + 1;
  let x = o.x;
  let y = o.y;
  for (const item of o.items) {
    const tw = o.font.widthOfTextAtSize(item.text, size);
    const w = sw + 4 + tw + 12;
    if (x > o.x && x + w > o.x + o.width) {
      x = o.x;
      y -= size + 6;
    }
    if (item.hatch) drawHatch(page, x, y - 1, sw, sw);
    else page.drawRectangle({ x, y: y - 1, width: sw, height: sw, color: item.color, borderColor: COLORS.rule, borderWidth: 0.3 });
    page.drawText(item.text, { x: x + sw + 4, y, size, font: o.font, color: COLORS.ink });
    x += w;
  }
  return o.y - y + size + 6;
}

/**
 * A half-circle gauge 0..100 with the value in the middle. Drawn as two stroked SVG arcs
 * (track and value), so it stays a vector.
 */
export function drawGauge(page: PDFPage, o: { cx: number; cy: number; r: number; thickness: number; value: number | null; valueText: string; font: PDFFont; labelFont: PDFFont }): void {
  const arc = (from: number, to: number): string => {
    // Angles in degrees, 180 = left end, 0 = right end. SVG's y grows downwards.
    const p = (deg: number) => ({ x: o.r * Math.cos((deg * Math.PI) / 180), y: -o.r * Math.sin((deg * Math.PI) / 180) });
    const a = p(from);
    const b = p(to);
    return `M ${a.x.toFixed(2)} ${a.y.toFixed(2)} A ${o.r} ${o.r} 0 0 1 ${b.x.toFixed(2)} ${b.y.toFixed(2)}`;
  };
  page.drawSvgPath(arc(180, 0), { x: o.cx, y: o.cy, borderColor: COLORS.track, borderWidth: o.thickness });
  if (o.value !== null && o.value > 0) {
    const to = 180 - (180 * Math.min(100, o.value)) / 100;
    page.drawSvgPath(arc(180, Math.max(0.01, to)), { x: o.cx, y: o.cy, borderColor: COLORS.accent, borderWidth: o.thickness });
  }
  // Ticks at 0, 25, 50, 75, 100.
  for (const t of [0, 25, 50, 75, 100]) {
    const deg = ((180 - 1.8 * t) * Math.PI) / 180;
    const r1 = o.r + o.thickness / 2 + 2;
    const r2 = r1 + 4;
    page.drawLine({
      start: { x: o.cx + r1 * Math.cos(deg), y: o.cy + r1 * Math.sin(deg) },
      end: { x: o.cx + r2 * Math.cos(deg), y: o.cy + r2 * Math.sin(deg) },
      thickness: 0.6,
      color: COLORS.muted,
    });
    const r3 = r2 + 8;
    drawCentered(page, String(t), o.cx + r3 * Math.cos(deg), o.cy + r3 * Math.sin(deg) - 3, { font: o.labelFont, size: 7, color: COLORS.muted });
  }
  drawCentered(page, o.valueText, o.cx, o.cy + 4, { font: o.font, size: o.value === null ? 10 : 26, color: o.value === null ? COLORS.hiddenInk : COLORS.ink });
}

/** Vertical columns with their count printed above and a label below each. */
export function drawColumns(page: PDFPage, o: { x: number; y: number; width: number; height: number; values: number[]; labels: string[]; colors: RGB[]; font: PDFFont; size?: number }): void {
  const size = o.size ?? 7;
  const n = o.values.length;
  const max = Math.max(1, ...o.values);
  const slot = o.width / n;
  const bw = slot * 0.7;
  page.drawLine({ start: { x: o.x, y: o.y }, end: { x: o.x + o.width, y: o.y }, thickness: 0.6, color: COLORS.rule });
  o.values.forEach((v, i) => {
    const h = ((o.height - size - 4) * v) / max;
    const x = o.x + i * slot + (slot - bw) / 2;
    if (h > 0) page.drawRectangle({ x, y: o.y, width: bw, height: h, color: o.colors[i] ?? COLORS.accent });
    drawCentered(page, String(v), x + bw / 2, o.y + h + 2, { font: o.font, size, color: COLORS.ink });
    drawCentered(page, o.labels[i] ?? '', x + bw / 2, o.y - size - 3, { font: o.font, size, color: COLORS.muted });
  });
}

export interface LineSeries {
  name: string;
  /** One value per x position; null leaves a gap (a hidden round) marked on the axis. */
  values: (number | null)[];
}

/**
 * A line chart with a value label at each point. Gaps (null) break the line; `hiddenMark` is drawn
 * at the axis under a gap. Series get distinct colours AND distinct point shapes.
 */
export function drawLineChart(
  page: PDFPage,
  o: { x: number; y: number; width: number; height: number; min: number; max: number; ticks: number[]; xLabels: string[]; series: LineSeries[]; font: PDFFont; format: (v: number) => string; tickFormat?: (v: number) => string; hiddenMark: string },
): void {
  const size = 7;
  const tickText = o.tickFormat ?? o.format;
  // The axis' labels end 4 points left of the plot and start no further left than x ("−100" needs more than "5").
  const axisW = Math.max(22, ...o.ticks.map((t) => o.font.widthOfTextAtSize(tickText(t), size) + 5));
  const left = o.x + axisW;
  const w = o.width - axisW - 8;
  const n = o.xLabels.length;
  const px = (i: number) => (n === 1 ? left + w / 2 : left + 10 + ((w - 20) * i) / (n - 1));
  const py = (v: number) => o.y + ((o.height - 10) * (v - o.min)) / (o.max - o.min);
  for (const t of o.ticks) {
    const y = py(t);
    page.drawLine({ start: { x: left, y }, end: { x: left + w, y }, thickness: 0.4, color: COLORS.rule });
    drawRight(page, tickText(t), left - 4, y - 2.5, { font: o.font, size, color: COLORS.muted });
  }
  o.xLabels.forEach((label, i) => drawCentered(page, label, px(i), o.y - 12, { font: o.font, size, color: COLORS.muted }));
  o.series.forEach((s, si) => {
    const color = COLORS.series[si % COLORS.series.length]!;
    let prev: { x: number; y: number } | null = null;
    s.values.forEach((v, i) => {
      if (v === null) {
        prev = null;
        if (si === 0) drawCentered(page, o.hiddenMark, px(i), o.y + 3, { font: o.font, size: 9, color: COLORS.hiddenInk });
        return;
      }
      const p = { x: px(i), y: py(v) };
      if (prev) page.drawLine({ start: prev, end: p, thickness: 1.6, color });
      prev = p;
    });
    s.values.forEach((v, i) => {
      if (v === null) return;
      const p = { x: px(i), y: py(v) };
      const shape = si % 3;
      if (shape === 0) page.drawCircle({ x: p.x, y: p.y, size: 2.8, color, borderColor: COLORS.paper, borderWidth: 0.8 });
      else if (shape === 1) page.drawRectangle({ x: p.x - 2.6, y: p.y - 2.6, width: 5.2, height: 5.2, color, borderColor: COLORS.paper, borderWidth: 0.8 });
      else page.drawSvgPath('M 0 -3.4 L 3.2 2.2 L -3.2 2.2 Z', { x: p.x, y: p.y, color, borderColor: COLORS.paper, borderWidth: 0.6 });
      drawCentered(page, o.format(v), p.x, p.y + 5, { font: o.font, size, color: COLORS.ink });
    });
  });
}

/** Where a market stands and where the company is: the band of one market on a value axis. */
export interface MarketBandOptions {
  x: number;
  /** The band's bottom edge. */
  y: number;
  width: number;
  height: number;
  /** The axis: `min` at x, `max` at x + width. */
  min: number;
  max: number;
  /** The market's figures; a withheld one is null (the band spans the ones shown, no tick without a top 25 %). */
  median: number | null;
  top25: number | null;
  top10: number | null;
  /** The company's value (the dot); null draws no dot. */
  value: number | null;
}

/**
 * A market's band on a light track: filled from the lowest to the highest figure shown (median band to top 10 %), a
 * tick at the top 25 %, and the company's value as a dark dot with a white ring (so it reads on the band and in
 * greyscale).
 */
export function drawMarketBand(page: PDFPage, o: MarketBandOptions): void {
  const px = (v: number) => o.x + (o.width * (Math.min(o.max, Math.max(o.min, v)) - o.min)) / (o.max - o.min);
  const mid = o.y + o.height / 2;
  page.drawRectangle({ x: o.x, y: mid - 1, width: o.width, height: 2, color: COLORS.track });
  const figures = [o.median, o.top25, o.top10].filter((v): v is number => v !== null);
  if (figures.length > 0) {
    const from = px(Math.min(...figures));
    const to = px(Math.max(...figures));
    page.drawRectangle({ x: from, y: o.y, width: Math.max(1, to - from), height: o.height, color: COLORS.scale4[2] });
    page.drawLine({ start: { x: from, y: o.y - 1 }, end: { x: from, y: o.y + o.height + 1 }, thickness: 0.8, color: COLORS.accent });
  }
  if (o.top25 !== null) {
    const tick = px(o.top25);
    // The tick stands out above and below the dot, so it stays visible when the company sits right on it.
    page.drawLine({ start: { x: tick, y: o.y - 3 }, end: { x: tick, y: o.y + o.height + 3 }, thickness: 1, color: COLORS.ink });
  }
  if (o.value !== null) page.drawCircle({ x: px(o.value), y: mid, size: o.height / 2 + 0.8, color: COLORS.ink, borderColor: COLORS.paper, borderWidth: 0.9 });
}
