import type { PDFFont, PDFPage } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { drawLineChart, drawMarketBand } from './charts.js';

type Call = { op: string; o: Record<string, unknown>; text?: string };

/** A page that records what is drawn on it, and a font whose every character is half the size wide. */
function recorder(): { page: PDFPage; calls: Call[] } {
  const calls: Call[] = [];
  const rec = (op: string) => (a: unknown, b?: unknown) => {
    if (typeof a === 'string') calls.push({ op, text: a, o: (b ?? {}) as Record<string, unknown> });
    else calls.push({ op, o: a as Record<string, unknown> });
  };
  const page = { drawLine: rec('line'), drawRectangle: rec('rect'), drawCircle: rec('circle'), drawSvgPath: rec('path'), drawText: rec('text') };
  return { page: page as unknown as PDFPage, calls };
}
const font = { widthOfTextAtSize: (t: string, s: number) => t.length * s * 0.5 } as unknown as PDFFont;

describe('drawMarketBand', () => {
  const base = { x: 100, y: 50, width: 200, height: 8, min: 0, max: 100, median: 50, top25: 60, top10: 80 };

  it('fills the band from the median to the top 10 %, ticks the top 25 % and puts the company as a dot', () => {
    const { page, calls } = recorder();
    drawMarketBand(page, { ...base, value: 70 });
    const band = calls.filter((c) => c.op === 'rect').find((c) => c.o.height === 8)!;
    expect(band.o.x).toBe(200);
    expect(band.o.width).toBe(60);
    const lines = calls.filter((c) => c.op === 'line').map((c) => (c.o.start as { x: number }).x);
    expect(lines).toContain(220);
    const dots = calls.filter((c) => c.op === 'circle');
    expect(dots).toHaveLength(1);
    expect(dots[0]!.o).toMatchObject({ x: 240, y: 54 });
  });

  it('keeps a value outside the axis at its edge, and draws no dot without a value', () => {
    const outside = recorder();
    drawMarketBand(outside.page, { ...base, value: 130 });
    expect(outside.calls.find((c) => c.op === 'circle')!.o.x).toBe(300);
    const none = recorder();
    drawMarketBand(none.page, { ...base, value: null });
    expect(none.calls.some((c) => c.op === 'circle')).toBe(false);
  });
});

describe('drawLineChart', () => {
  it('spaces the points evenly, labels each, and breaks the line at a hidden year with the hidden mark', () => {
    const { page, calls } = recorder();
    drawLineChart(page, {
      x: 0,
      y: 0,
      width: 140,
      height: 110,
      min: 0,
      max: 100,
      ticks: [0, 50, 100],
      xLabels: ['2022', '2023', '2024', '2025'],
      series: [{ name: 'ESI', values: [50, null, 60, 70] }],
      font,
      format: (v) => `v${v}`,
      hiddenMark: '⊘',
    });
    // The plot runs from x = 22 + 10 to 22 + 110 - 10: four points 30 apart; y = 100 * value / 100.
    const points = calls.filter((c) => c.op === 'circle').map((c) => [c.o.x, c.o.y]);
    expect(points).toEqual([
      [32, 50],
      [92, 60],
      [122, 70],
    ]);
    const texts = calls.filter((c) => c.op === 'text').map((c) => c.text);
    expect(texts).toEqual(expect.arrayContaining(['v50', 'v60', 'v70', '⊘', '2022', '2025']));
    // Only the two shown neighbours are joined: no segment reaches across the gap.
    const segments = calls.filter((c) => c.op === 'line' && c.o.thickness === 1.6).map((c) => [(c.o.start as { x: number }).x, (c.o.end as { x: number }).x]);
    expect(segments).toEqual([[92, 122]]);
  });

  it('widens its axis for long tick labels, so they never start left of the chart', () => {
    const { page, calls } = recorder();
    drawLineChart(page, { x: 50, y: 0, width: 200, height: 110, min: -100, max: 100, ticks: [-100, 0, 100], xLabels: ['2024', '2025'], series: [{ name: 'eNPS', values: [-4, 9] }], font, format: (v) => `${v}`, tickFormat: (v) => (v > 0 ? `+${v}.0 pts` : `${v}`), hiddenMark: '⊘' });
    const ticks = calls.filter((c) => c.op === 'text' && ['−100', '-100', '0', '+100.0 pts'].includes(c.text!));
    expect(ticks).toHaveLength(3);
    for (const t of ticks) expect(t.o.x as number).toBeGreaterThanOrEqual(50);
  });
});
