/**
 * What the basic and the PULS report PDFs share: a flowing A4 layout (a cursor that opens a new page
 * when a block does not fit), the cover, the contents written after the layout (so it knows each
 * section's page), the "x / n" footer with the survey name, number and date formats, statement rows
 * with a distribution bar, and the additional (own) questions' results.
 */
import type { TFunction } from 'i18next';
import { PDFDocument, type PDFFont, type PDFImage, type PDFPage, type RGB } from 'pdf-lib';
import { QUESTION_LANGUAGES, type QuestionLanguageCode, type UiLocale } from '../../shared/locales.js';
import { formatNumber, formatPercent } from '../../shared/format.js';
import { byExtraType, type ExtraResult, type ExtraResultOf, type ExtraResultTable, type LeftOutReason, type SuppressionReason } from '../../shared/schemas/report.js';
import { COLORS, drawHatch, drawRight, drawStackedBar, drawValueBar, type TextStyle } from '../blocks/charts.js';
import { fitLine, wrapText } from '../blocks/text.js';
import { embedFonts, type Fonts } from '../fonts.js';
import { textsFor } from '../../shared/i18n/node.js';
import { roundedRatio } from '../../shared/rounding.js';

export const A4 = { width: 595.28, height: 841.89 };
export const M = { left: 50, right: 50, top: 56, bottom: 54 };
export const CONTENT_W = A4.width - M.left - M.right;
/** The symbol that marks a hidden value in tables and the heatmap (explained in a legend). */
export const HIDDEN_MARK = '⊘';

/** Columns of a statement row: text, mean, % favourable, distribution bar. */
const STATEMENT_COLS = (() => {
  const textW = 250;
  const meanX = M.left + textW + 48;
  const favX = meanX + 50;
  const distX = favX + 14;
  return { textW, meanX, favX, distX, distW: A4.width - M.right - distX };
})();

export interface ReportLogo {
  bytes: Uint8Array;
  type: 'png' | 'jpg' | 'jpeg';
}

export interface CoverInput {
  title: string;
  company: string;
  survey: string;
  startDate: string | null;
  endDate: string | null;
  generatedOn: Date | string;
  logo?: ReportLogo | undefined;
  /** The smallest group shown, named in the anonymity note at the foot of the cover; null leaves the note out. */
  minGroupSize: number | null;
  /** Key figures shown on the cover (label, value). */
  highlights: [string, string][];
  /** Rows (label, value) in place of the survey period, above the report language and the date. */
  details?: [string, string][] | undefined;
}

interface TocEntry {
  title: string;
  page: number;
}

/**
 * Formats numbers the report language's way (shared/format.ts, the same text as the web report in that language): decimal
 * comma where the language uses it, the % sign spaced as the language spaces it.
 */
export class NumberFormat {
  constructor(private readonly locale: UiLocale) {}

  num(v: number, digits: number): string {
    return formatNumber(v, this.locale, { decimals: digits });
  }

  /** With a sign: +12,5 / −3,0 / 0,0 (the PDF writes every minus as U+2212). */
  sign(v: number, digits: number): string {
    return formatNumber(v, this.locale, { decimals: digits, signed: true }).replace('-', '−');
  }

  pct(v: number, digits = 1): string {
    return formatPercent(v, this.locale, digits);
  }
}

/** Dates DD.MM.YYYY (shared/dates.ts). */
import { formatDate } from '../../shared/dates.js';

export { formatDate };

/**
 * Text measuring is the report's hot path (wrapping tries every word). pdf-lib measures a string
 * by running the font's full OpenType layout each time; this measures by the sum of cached
 * per-character advance widths instead. It can only over-estimate (DejaVu's few ligatures make
 * the real text a little narrower), so wrapped lines still fit. Only fonts of this document are
 * changed.
 */
function fastWidths(font: PDFFont): void {
  const original = font.widthOfTextAtSize.bind(font);
  const widths = new Map<string, number>();
  font.widthOfTextAtSize = (text: string, size: number): number => {
    let total = 0;
    for (const ch of text) {
      let w = widths.get(ch);
      if (w === undefined) {
        w = original(ch, 1000);
        widths.set(ch, w);
      }
      total += w;
    }
    return (total * size) / 1000;
  };
  // Encoding runs the same layout; a string encodes to the same subset glyph ids every time (its
  // glyphs are added to the subset on the first call), so repeated labels are encoded once.
  const encode = font.encodeText.bind(font);
  const encoded = new Map<string, ReturnType<PDFFont['encodeText']>>();
  font.encodeText = (text: string) => {
    let e = encoded.get(text);
    if (!e) {
      e = encode(text);
      encoded.set(text, e);
    }
    return e;
  };
}

export class ReportLayout {
  /** The report's texts (the 'reports' namespace: `labels.*` shared with the web report and Excel, `pdf.*` the PDF's own). */
  readonly t: TFunction;
  readonly fmt: NumberFormat;
  page!: PDFPage;
  y = 0;
  private readonly toc: TocEntry[] = [];
  private sectionNo = 0;
  private contentsPages: PDFPage[] = [];

  private constructor(
    readonly doc: PDFDocument,
    readonly fonts: Fonts,
    readonly language: QuestionLanguageCode,
    private readonly footerText: string,
    readonly minGroupSize: number,
  ) {
    this.t = textsFor(language, 'reports');
    this.fmt = new NumberFormat(language);
  }

  static async create(language: QuestionLanguageCode, footerText: string, minGroupSize: number, title: string): Promise<ReportLayout> {
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.setTitle(title);
    doc.setLanguage(language);
    doc.setProducer('IZZ platform');
    doc.setCreator('IZZ platform');
    const fonts = await embedFonts(doc);
    for (const font of Object.values(fonts)) fastWidths(font);
    return new ReportLayout(doc, fonts, language, footerText, minGroupSize);
  }

  get bottom(): number {
    return M.bottom + 10;
  }

  /** A text's hidden marker by the reason it is hidden. */
  hiddenText(reason: SuppressionReason | 'below-minimum' | null | undefined): string {
    if (reason === 'empty') return this.t('pdf.noResponses');
    const known = reason === 'complementary' || reason === 'difference-below-minimum' || reason === 'not-released' ? reason : 'below-minimum';
    return this.t(`labels.reason.${known}`, { min: this.minGroupSize });
  }

  newPage(): void {
    this.page = this.doc.addPage([A4.width, A4.height]);
    this.y = A4.height - M.top;
  }

  /** Opens a new page when `height` does not fit below the cursor. */
  ensure(height: number): void {
    if (this.y - height < this.bottom) this.newPage();
  }

  /** Reserves the contents page(s) right after the cover; they are written in finish(). */
  reserveContents(entries: number): void {
    const pages = Math.max(1, Math.ceil(entries / 30));
    for (let i = 0; i < pages; i++) this.contentsPages.push(this.doc.addPage([A4.width, A4.height]));
  }

  /** A numbered section heading; starts a new page unless `minSpace` still fits on this one. */
  section(title: string, opts: { newPage?: boolean; minSpace?: number } = {}): void {
    if (opts.newPage !== false || this.y - (opts.minSpace ?? 220) < this.bottom) this.newPage();
    else this.y -= 18;
    this.sectionNo += 1;
    const numbered = `${this.sectionNo}`;
    this.toc.push({ title, page: this.doc.getPageCount() });
    const { bold } = this.fonts;
    this.page.drawText(numbered, { x: M.left, y: this.y - 16, size: 16, font: bold, color: COLORS.accent });
    const indent = Math.max(28, bold.widthOfTextAtSize(numbered, 16) + 12);
    const lines = wrapText(title, bold, 16, CONTENT_W - indent);
    lines.forEach((line, i) => this.page.drawText(line, { x: M.left + indent, y: this.y - 16 - i * 20, size: 16, font: bold, color: COLORS.ink }));
    this.y -= 16 + (lines.length - 1) * 20 + 8;
    this.page.drawRectangle({ x: M.left, y: this.y, width: 40, height: 2, color: COLORS.accent });
    this.y -= 18;
  }

  subheading(title: string, keepWith = 60): void {
    this.ensure(22 + keepWith);
    this.y -= 6;
    for (const line of wrapText(title, this.fonts.bold, 11, CONTENT_W)) {
      this.page.drawText(line, { x: M.left, y: this.y - 11, size: 11, font: this.fonts.bold, color: COLORS.ink });
      this.y -= 14;
    }
    this.y -= 6;
  }

  paragraph(text: string, style: Partial<TextStyle> = {}, width = CONTENT_W, x = M.left): void {
    const font = style.font ?? this.fonts.regular;
    const size = style.size ?? 8.5;
    const lh = size * 1.35;
    for (const line of wrapText(text, font, size, width)) {
      this.ensure(lh);
      this.page.drawText(line, { x, y: this.y - size, size, font, color: style.color ?? COLORS.muted });
      this.y -= lh;
    }
    this.y -= 4;
  }

  /** A hidden value's marker: the hatched swatch and the reason (or the given text). */
  hiddenNote(reason: SuppressionReason | null | undefined, x = M.left, text = this.hiddenText(reason)): void {
    this.ensure(16);
    drawHatch(this.page, x, this.y - 10, 10, 10);
    this.page.drawText(fitLine(`${HIDDEN_MARK} ${text}`, this.fonts.regular, 8.5, A4.width - M.right - x - 14), { x: x + 14, y: this.y - 8.5, size: 8.5, font: this.fonts.regular, color: COLORS.hiddenInk });
    this.y -= 16;
  }

  cover(c: CoverInput, embedded: PDFImage | null): void {
    this.newPage();
    const p = this.page;
    const { bold, regular } = this.fonts;
    p.drawRectangle({ x: 0, y: A4.height - 250, width: A4.width, height: 250, color: COLORS.accent });
    p.drawRectangle({ x: 0, y: A4.height - 256, width: A4.width, height: 6, color: COLORS.accentSoft });
    let y = A4.height - 70;
    if (embedded) {
      // A white card so any logo reads on the coloured band.
      const maxW = 150;
      const maxH = 64;
      const s = Math.min(maxW / embedded.width, maxH / embedded.height);
      const w = embedded.width * s;
      const h = embedded.height * s;
      p.drawRectangle({ x: A4.width - M.right - w - 16, y: A4.height - 40 - h - 16, width: w + 16, height: h + 16, color: COLORS.paper });
      p.drawImage(embedded, { x: A4.width - M.right - w - 8, y: A4.height - 40 - h - 8, width: w, height: h });
    }
    for (const line of wrapText(c.title, bold, 24, CONTENT_W - (embedded ? 190 : 0))) {
      p.drawText(line, { x: M.left, y, size: 24, font: bold, color: COLORS.paper });
      y -= 30;
    }
    y = A4.height - 200;
    p.drawText(fitLine(c.survey, regular, 14, CONTENT_W), { x: M.left, y, size: 14, font: regular, color: COLORS.paper });
    const dates = [formatDate(c.startDate), formatDate(c.endDate)].filter(Boolean).join(' – ');
    if (dates) p.drawText(dates, { x: M.left, y: y - 20, size: 11, font: regular, color: COLORS.accentSoft });

    y = A4.height - 320;
    for (const line of wrapText(c.company, bold, 28, CONTENT_W)) {
      p.drawText(line, { x: M.left, y, size: 28, font: bold, color: COLORS.ink });
      y -= 34;
    }
    y -= 24;
    const lang = QUESTION_LANGUAGES.find((l) => l.code === this.language)?.name ?? this.language;
    const rows: [string, string][] = [
      ...(c.details ?? [[this.t('labels.period'), dates || '–']]),
      [this.t('labels.reportLanguage'), lang],
      [this.t('pdf.generatedOn'), formatDate(c.generatedOn)],
    ];
    for (const [k, v] of rows) {
      // A long value (an industry's name) wraps beside its label.
      const lines = wrapText(v, bold, 9.5, CONTENT_W - 150);
      p.drawText(fitLine(k, regular, 9.5, 145), { x: M.left, y, size: 9.5, font: regular, color: COLORS.muted });
      lines.forEach((line, i) => p.drawText(line, { x: M.left + 150, y: y - i * 12, size: 9.5, font: bold, color: COLORS.ink }));
      y -= 18 + (lines.length - 1) * 12;
    }
    if (c.highlights.length > 0) {
      y -= 24;
      const w = (CONTENT_W - 12 * (c.highlights.length - 1)) / c.highlights.length;
      c.highlights.forEach(([label, value], i) => {
        const x = M.left + i * (w + 12);
        p.drawRectangle({ x, y: y - 62, width: w, height: 70, color: COLORS.accentSoft });
        p.drawRectangle({ x, y: y - 62, width: 3, height: 70, color: COLORS.accent });
        p.drawText(fitLine(value, bold, 20, w - 20), { x: x + 12, y: y - 24, size: 20, font: bold, color: COLORS.ink });
        wrapText(label, regular, 8, w - 20)
          .slice(0, 2)
          .forEach((line, j) => p.drawText(line, { x: x + 12, y: y - 40 - j * 10, size: 8, font: regular, color: COLORS.muted }));
      });
    }
    const note = c.minGroupSize === null ? [] : wrapText(this.t('pdf.anonymityNote', { min: c.minGroupSize }), regular, 8.5, CONTENT_W);
    note.forEach((line, i) => p.drawText(line, { x: M.left, y: 84 - i * 12, size: 8.5, font: regular, color: COLORS.muted }));
    p.drawLine({ start: { x: M.left, y: 100 }, end: { x: A4.width - M.right, y: 100 }, thickness: 0.5, color: COLORS.rule });
  }

  /** Writes the contents and each page's header and "x / n" footer; returns the PDF bytes. */
  async finish(company: string): Promise<Uint8Array> {
    const { bold, regular } = this.fonts;
    const total = this.doc.getPageCount();
    // Contents
    this.contentsPages.forEach((page, pi) => {
      let y = A4.height - M.top;
      if (pi === 0) {
        page.drawText(this.t('pdf.contents'), { x: M.left, y: y - 20, size: 20, font: bold, color: COLORS.ink });
        y -= 34;
        page.drawRectangle({ x: M.left, y, width: 40, height: 2, color: COLORS.accent });
        y -= 28;
      }
      this.toc.slice(pi * 30, pi * 30 + 30).forEach((entry, i) => {
        const no = `${pi * 30 + i + 1}`;
        const pageNo = String(entry.page);
        const title = fitLine(entry.title, regular, 11, CONTENT_W - 90);
        page.drawText(no, { x: M.left, y, size: 11, font: bold, color: COLORS.accent });
        page.drawText(title, { x: M.left + 26, y, size: 11, font: regular, color: COLORS.ink });
        const tw = regular.widthOfTextAtSize(title, 11);
        const dotsFrom = M.left + 26 + tw + 6;
        const dotsTo = A4.width - M.right - bold.widthOfTextAtSize(pageNo, 11) - 6;
        for (let x = dotsFrom; x < dotsTo; x += 4) page.drawCircle({ x, y: y + 2, size: 0.45, color: COLORS.muted });
        drawRight(page, pageNo, A4.width - M.right, y, { font: bold, size: 11 });
        y -= 22;
      });
    });
    // Header and footer (not on the cover)
    const header = fitLine(company, regular, 7.5, CONTENT_W);
    const footer = fitLine(this.footerText, regular, 7.5, CONTENT_W - 60);
    this.doc.getPages().forEach((page, i) => {
      if (i === 0) return;
      page.drawText(header, { x: M.left, y: A4.height - 30, size: 7.5, font: regular, color: COLORS.muted });
      page.drawLine({ start: { x: M.left, y: A4.height - 36 }, end: { x: A4.width - M.right, y: A4.height - 36 }, thickness: 0.4, color: COLORS.rule });
      page.drawLine({ start: { x: M.left, y: 40 }, end: { x: A4.width - M.right, y: 40 }, thickness: 0.4, color: COLORS.rule });
      page.drawText(footer, { x: M.left, y: 28, size: 7.5, font: regular, color: COLORS.muted });
      drawRight(page, `${i + 1} / ${total}`, A4.width - M.right, 28, { font: bold, size: 7.5, color: COLORS.ink });
    });
    return this.doc.save({ useObjectStreams: true });
  }

  async embedLogo(logo: ReportLogo | undefined): Promise<PDFImage | null> {
    if (!logo) return null;
    try {
      return logo.type === 'png' ? await this.doc.embedPng(logo.bytes) : await this.doc.embedJpg(logo.bytes);
    } catch {
      // A broken logo must not cost the company its report: the name is always printed.
      return null;
    }
  }

  /** Table header cells above the statement rows. */
  statementHeader(): void {
    const cols = STATEMENT_COLS;
    this.ensure(40);
    const s = { font: this.fonts.bold, size: 7.5, color: COLORS.muted };
    this.page.drawText(this.t('labels.statement'), { x: M.left, y: this.y - 8, ...s });
    drawRight(this.page, this.t('labels.mean'), cols.meanX, this.y - 8, s);
    drawRight(this.page, this.t('labels.favourable'), cols.favX, this.y - 8, s);
    this.page.drawText(this.t('pdf.distribution'), { x: cols.distX, y: this.y - 8, ...s });
    this.y -= 13;
    this.page.drawLine({ start: { x: M.left, y: this.y }, end: { x: A4.width - M.right, y: this.y }, thickness: 0.6, color: COLORS.rule });
    this.y -= 3;
  }

  /**
   * One statement: text (wrapped), mean, % favourable and a 100 % distribution bar labelled with
   * its shares. A hidden statement shows the hidden marker across the number columns.
   */
  statementRow(r: { text: string; mean: number | null; favourable: number | null; distribution: number[]; suppressed: boolean; n: number; colors: readonly RGB[]; rank?: string }): void {
    const { textW, meanX, favX, distX, distW } = STATEMENT_COLS;
    const size = 8.5;
    const label = r.rank ? `${r.rank}  ${r.text}` : r.text;
    const lines = wrapText(label, this.fonts.regular, size, textW);
    const h = Math.max(22, lines.length * 11 + 9);
    this.ensure(h);
    const top = this.y;
    lines.forEach((line, i) => this.page.drawText(line, { x: M.left, y: top - 11 - i * 11, size, font: this.fonts.regular, color: COLORS.ink }));
    const mid = top - h / 2;
    const hidden = r.suppressed || r.mean === null;
    if (hidden) {
      drawHatch(this.page, meanX - 40, mid - 7, A4.width - M.right - meanX + 40, 14);
      this.page.drawText(fitLine(`${HIDDEN_MARK} ${r.n === 0 ? this.t('pdf.noResponses') : this.hiddenText('below-minimum')}`, this.fonts.regular, 7.5, A4.width - M.right - meanX + 32), {
        x: meanX - 36,
        y: mid - 2.5,
        size: 7.5,
        font: this.fonts.regular,
        color: COLORS.hiddenInk,
      });
    } else {
      drawRight(this.page, this.fmt.num(r.mean!, 2), meanX, mid - 3, { font: this.fonts.bold, size: 9 });
      drawRight(this.page, r.favourable === null ? '–' : this.fmt.pct(r.favourable, 0), favX, mid - 3, { font: this.fonts.regular, size: 9 });
      const total = r.distribution.reduce((a, b) => a + b, 0);
      drawStackedBar(this.page, {
        x: distX,
        y: mid - 6,
        width: distW,
        height: 12,
        font: this.fonts.regular,
        size: 6.5,
        segments: r.distribution.map((v, i) => ({ value: v, color: r.colors[i]!, label: total > 0 ? String(roundedRatio(100 * v, total, 0)) : '' })),
      });
    }
    this.y = top - h;
    this.page.drawLine({ start: { x: M.left, y: this.y }, end: { x: A4.width - M.right, y: this.y }, thickness: 0.3, color: COLORS.rule });
  }

  /**
   * Results of the company's additional (or PULS own) questions. `leftOut`: the questions
   * ('extra:<id>') the reporting base (or the PULS round) leaves out, hidden however many answered
   * them and marked with why.
   */
  extraResults(results: readonly ExtraResult[], leftOut: readonly { question: string; reason: LeftOutReason }[] = []): void {
    const { regular, bold } = this.fonts;
    const notAvailable: Record<LeftOutReason, string> = { 'small-combinations': 'pdf.hiddenLeftOut', 'one-group': 'labels.notAvailable.oneGroup', spread: 'labels.notAvailable.spread' };
    for (const q of results) {
      this.subheading(q.title, 50);
      // A question left out as a group and filter: its answers over every respondent, stored at the freeze.
      if (q.overall_only) this.paragraph(this.t('labels.overallOnly'), { size: 7.5 });
      if (q.suppressed) {
        const why = leftOut.find((l) => l.question === `extra:${q.id}`)?.reason;
        if (why) this.hiddenNote(null, M.left, this.t(notAvailable[why]));
        else this.hiddenNote(q.reason === 'not-released' ? 'not-released' : 'below-minimum');
        continue;
      }
      const comments = () => {
        if (q.comments.length === 0) return;
        this.ensure(30);
        this.page.drawText(this.t('pdf.answerComments'), { x: M.left, y: this.y - 10, size: 8.5, font: bold, color: COLORS.muted });
        this.y -= 16;
        this.textList(q.comments);
      };
      const options = (r: ExtraResultOf<'radio' | 'checkbox'>) => {
        this.paragraph(this.t('pdf.answersNote', { count: r.n }), { size: 7.5 });
        for (const o of r.options) {
          // The reporting base's "Other" lists the answers merged into it: up to two lines, then an ellipsis.
          const label = o.other ? `${this.t('labels.other')}: ${o.label}` : o.label;
          const lines = wrapText(label, regular, 8.5, 180);
          const shown = lines.length > 2 ? [lines[0]!, fitLine(`${lines[1]!} ${lines[2]!}`, regular, 8.5, 180)] : lines;
          const h = 18 + (shown.length - 1) * 10;
          this.ensure(h);
          shown.forEach((line, i) => this.page.drawText(line, { x: M.left, y: this.y - 10 - i * 10, size: 8.5, font: regular, color: COLORS.ink }));
          if (o.suppressed || o.count === null) {
            // A checkbox option ticked by fewer than the minimum: the hatched marker and why, no bar, no count.
            drawHatch(this.page, M.left + 190, this.y - 12, 10, 10);
            this.page.drawText(fitLine(`${HIDDEN_MARK} ${this.hiddenText('below-minimum')}`, regular, 7.5, A4.width - M.right - M.left - 206), {
              x: M.left + 204,
              y: this.y - 10,
              size: 7.5,
              font: regular,
              color: COLORS.hiddenInk,
            });
          } else {
            drawValueBar(this.page, { x: M.left + 190, y: this.y - 13, width: 230, height: 12, value: o.pct, min: 0, max: 100, label: o.pct === null ? '–' : this.fmt.pct(o.pct), font: regular, size: 7.5 });
            drawRight(this.page, String(o.count), A4.width - M.right, this.y - 10, { font: bold, size: 8.5 });
          }
          this.y -= h;
        }
        comments();
      };
      // Counted types list the comments on their answers; a text question's texts are its answers.
      byExtraType(
        {
          radio: options,
          checkbox: options,
          scale: (r) => {
            this.ensure(40);
            this.page.drawText(`${this.t('labels.mean')}: ${r.mean === null ? '–' : this.fmt.num(r.mean, 2)}  (${r.min}–${r.max}, n = ${r.n})`, { x: M.left, y: this.y - 10, size: 9, font: bold, color: COLORS.ink });
            this.y -= 18;
            const total = r.distribution.reduce((a, b) => a + b, 0);
            r.distribution.forEach((count, i) => {
              this.ensure(16);
              const pctValue = total > 0 ? (100 * count) / total : 0;
              this.page.drawText(String(r.min + i), { x: M.left, y: this.y - 10, size: 8.5, font: regular, color: COLORS.ink });
              drawValueBar(this.page, { x: M.left + 30, y: this.y - 12, width: 300, height: 11, value: pctValue, min: 0, max: 100, label: this.fmt.pct(pctValue), font: regular, size: 7 });
              drawRight(this.page, String(count), A4.width - M.right, this.y - 10, { font: bold, size: 8.5 });
              this.y -= 15;
            });
            comments();
          },
          text250: (r) => this.textList(r.texts),
          text1000: (r) => this.textList(r.texts),
        } satisfies ExtraResultTable<void>,
        q,
      );
      this.y -= 8;
    }
  }

  /** Free texts as a quiet list, each in a light box with a left rule. */
  textList(texts: readonly string[]): void {
    if (texts.length === 0) {
      this.paragraph(this.t('labels.noComments'));
      return;
    }
    const size = 8.5;
    for (const t of texts) {
      const lines = wrapText(t, this.fonts.regular, size, CONTENT_W - 16);
      const h = lines.length * 11 + 3;
      if (h > A4.height - M.top - this.bottom) {
        // A very long text flows line by line.
        this.paragraph(t, { size, color: COLORS.ink });
        continue;
      }
      this.ensure(h + 5);
      this.page.drawRectangle({ x: M.left, y: this.y - h, width: 2, height: h, color: COLORS.accentSoft });
      lines.forEach((line, i) => this.page.drawText(line, { x: M.left + 10, y: this.y - 9 - i * 11, size, font: this.fonts.regular, color: COLORS.ink }));
      this.y -= h + 5;
    }
  }
}
