/**
 * A table that flows over pages, for the comparative and the benchmark report: fixed columns, a head that is
 * drawn again at the top of every page the table continues on, rows of any height with a light rule under each,
 * and full-width heading rows (a category above its statements).
 */
import type { PDFFont, RGB } from 'pdf-lib';
import { COLORS, drawHatch, drawRight } from '../blocks/charts.js';
import { fitLine, wrapText } from '../blocks/text.js';
import { A4, HIDDEN_MARK, M, type ReportLayout } from './report-common.js';

export interface TableColumn {
  /** Left edge and width. */
  x: number;
  w: number;
  /** The head: a bold title (up to three lines) and a muted note under it (up to two lines). */
  title: string;
  note?: string | undefined;
  align: 'left' | 'right';
  /** A light fill behind the column's cells (the reference column). */
  tint?: boolean;
}

/** Inner padding of a cell. */
const PAD = 4;
/** The head's type sizes, largest first: a table's head takes the largest at which every word fits its column. */
const HEAD_SIZES = [7.5, 7, 6.5, 6];
const NOTE_SIZE = 6.5;

function headSize(columns: readonly TableColumn[], font: PDFFont): number {
  const fits = (size: number) => columns.every((c) => c.title.split(/\s+/).every((word) => font.widthOfTextAtSize(word, size) <= c.w - 2 * PAD));
  return HEAD_SIZES.find(fits) ?? HEAD_SIZES[HEAD_SIZES.length - 1]!;
}

/** Up to `max` wrapped lines, the last one shortened when the text needs more. */
export function clampLines(text: string, font: PDFFont, size: number, width: number, max: number): string[] {
  const lines = wrapText(text, font, size, width);
  if (lines.length <= max) return lines.map((l) => fitLine(l, font, size, width));
  return [...lines.slice(0, max - 1), fitLine(lines.slice(max - 1).join(' '), font, size, width)];
}

/**
 * Columns of equal width right of a label column: the value columns take `colW` (at most `maxColW`), the label
 * column the rest (at least `minLabelW`).
 */
export function layoutColumns(count: number, opts: { minLabelW: number; maxColW: number }): { labelW: number; colW: number } {
  const width = A4.width - M.left - M.right;
  const colW = Math.min(opts.maxColW, (width - opts.minLabelW) / Math.max(1, count));
  return { labelW: width - colW * count, colW };
}

export class FlowTable {
  private readonly heads: { title: string[]; note: string[] }[];
  private readonly headH: number;
  private readonly size: number;

  constructor(
    private readonly L: ReportLayout,
    readonly columns: readonly TableColumn[],
  ) {
    const { bold, regular } = L.fonts;
    this.size = headSize(columns, bold);
    this.heads = columns.map((c) => ({
      title: clampLines(c.title, bold, this.size, c.w - 2 * PAD, 3),
      note: c.note ? clampLines(c.note, regular, NOTE_SIZE, c.w - 2 * PAD, 2) : [],
    }));
    const lines = Math.max(...this.heads.map((h) => h.title.length * (this.size + 1.5) + h.note.length * 8));
    this.headH = lines + 8;
  }

  /** Draws the head at the cursor (on a new page when it does not fit with `firstRow` below it). */
  head(firstRow = 30): void {
    const L = this.L;
    L.ensure(this.headH + firstRow);
    const { bold, regular } = L.fonts;
    const top = L.y;
    this.columns.forEach((c, i) => {
      const h = this.heads[i]!;
      const lh = this.size + 1.5;
      h.title.forEach((line, j) => this.text(c, line, top - 8 - j * lh, { font: bold, size: this.size, color: COLORS.ink }));
      const noteTop = top - 8 - h.title.length * lh;
      h.note.forEach((line, j) => this.text(c, line, noteTop - j * 8, { font: regular, size: NOTE_SIZE, color: COLORS.muted }));
    });
    L.y = top - this.headH;
    L.page.drawLine({ start: { x: M.left, y: L.y }, end: { x: A4.width - M.right, y: L.y }, thickness: 0.7, color: COLORS.ink, opacity: 0.5 });
  }

  /**
   * A row of height `h`: continues the table on a new page (head repeated) when it does not fit, tints the
   * reference columns, lets `draw` fill it from its top edge, and rules it off.
   */
  row(h: number, draw: (top: number) => void): void {
    const L = this.L;
    if (L.y - h < L.bottom) {
      L.newPage();
      this.head(h);
    }
    const top = L.y;
    for (const c of this.columns) if (c.tint) L.page.drawRectangle({ x: c.x, y: top - h, width: c.w, height: h, color: COLORS.accentSoft, opacity: 0.55 });
    draw(top);
    L.y = top - h;
    L.page.drawLine({ start: { x: M.left, y: L.y }, end: { x: A4.width - M.right, y: L.y }, thickness: 0.3, color: COLORS.rule });
  }

  /** A full-width heading row (kept with at least one row after it). */
  heading(text: string, keepWith = 30): void {
    const L = this.L;
    const h = 18;
    if (L.y - h - keepWith < L.bottom) {
      L.newPage();
      this.head(h + keepWith);
    }
    const top = L.y;
    L.page.drawRectangle({ x: M.left, y: top - h, width: A4.width - M.left - M.right, height: h, color: COLORS.track });
    L.page.drawText(fitLine(text, L.fonts.bold, 8.5, A4.width - M.left - M.right - 2 * PAD), { x: M.left + PAD, y: top - 12.5, size: 8.5, font: L.fonts.bold, color: COLORS.ink });
    L.y = top - h;
  }

  /** Text in a column, aligned as the column is. */
  text(c: TableColumn, text: string, baseline: number, style: { font: PDFFont; size: number; color?: RGB }): void {
    if (c.align === 'right') drawRight(this.L.page, text, c.x + c.w - PAD, baseline, { ...style, color: style.color ?? COLORS.ink });
    else this.L.page.drawText(text, { x: c.x + (c.x === M.left ? 0 : PAD), y: baseline, size: style.size, font: style.font, color: style.color ?? COLORS.ink });
  }

  /** A hidden cell: hatched, with the hidden mark. */
  hidden(c: TableColumn, top: number, h: number): void {
    drawHatch(this.L.page, c.x + 1.5, top - h + 1.5, c.w - 3, h - 3);
    this.text(c, HIDDEN_MARK, top - h / 2 - 3, { font: this.L.fonts.regular, size: 9, color: COLORS.hiddenInk });
  }

  /** The label column's text, wrapped (as measured by `labelLines`), centred in the row's height. */
  label(c: TableColumn, lines: readonly string[], top: number, h: number, style: { font: PDFFont; size: number }): void {
    const lh = style.size + 2;
    const first = top - (h - lines.length * lh) / 2 - style.size + 1;
    lines.forEach((line, i) => this.text(c, line, first - i * lh, { ...style, color: COLORS.ink }));
  }

  /** The head's height (to keep a short table on one page). */
  get headHeight(): number {
    return this.headH;
  }
}

/** The label's lines and the height they need (a row is at least `min` high). */
export function labelLines(text: string, font: PDFFont, size: number, width: number, min: number): { lines: string[]; h: number } {
  const lines = wrapText(text, font, size, width - PAD);
  return { lines, h: Math.max(min, lines.length * (size + 2) + 8) };
}

/** Splits items into as few blocks of at most `max` as needed, as even as possible (5 → 3 + 2, not 4 + 1). */
export function evenBlocks<T>(items: readonly T[], max: number): T[][] {
  const count = Math.max(1, Math.ceil(items.length / max));
  const size = Math.ceil(items.length / count);
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
