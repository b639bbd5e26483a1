/**
 * The printable IZZ paper questionnaire (offline and combined surveys): A4, the company's name and
 * logo, instructions, every statement with four labelled boxes, eNPS 0-10 and ESI 1-10 boxes,
 * demographics, department and location, the extra questions and lines for praise/critique.
 * Every page carries the form's own code as text and as a QR code (the questionnaire URL with
 * ?code=, so the employee may answer online instead) and "page x of n".
 *
 * Batches: the static template is laid out ONCE (renderPaperFormTemplate), each of its pages becomes
 * a Form XObject in the batch document, and every form adds only one small stamp stream (its code
 * text and its QR path) that all of its pages share. See docs/architecture.md "Paper forms".
 */
import { deflateSync } from 'node:zlib';
import {
  PDFDocument,
  PDFName,
  PDFRawStream,
  rgb,
  type PDFFont,
  type PDFImage,
  type PDFPage,
  type PDFRef,
  type RGB,
} from 'pdf-lib';
import QRCode from 'qrcode';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { formatAccessCode } from '../../shared/access-codes.js';
import { QUESTION_LANGUAGE_CODES, type QuestionLanguageCode } from '../../shared/locales.js';
import { paperFormItems, type PaperFormItem, type PaperFormPackage } from '../../shared/paper-form.js';
import {
  CATEGORIES,
  DEMOGRAPHIC_QUESTIONS,
  DEPARTMENT_QUESTION,
  ENPS_QUESTION,
  ESI_QUESTIONS,
  INTRO_TEXTS,
  LOCATION_QUESTION,
  PRAISE_CRITIQUE_QUESTION,
  SCALE_LABELS,
  statementById,
} from '../../shared/question-banks/index.js';
import { extraQuestionSchema, type ExtraQuestion } from '../../shared/schemas/application.js';
import { drawQrCode } from '../blocks/qr.js';
import { fitLine, wrapText } from '../blocks/text.js';
import { embedFont, embedFonts, type Fonts } from '../fonts.js';
import { localizedText } from '../../shared/i18n/localized-text.js';
import { textsFor } from '../../shared/i18n/node.js';
import { questionnaireLink } from './code-slips.js';

export const paperFormInputSchema = z.object({
  companyName: z.string().min(1).max(200),
  /** PNG or JPEG bytes; anything else is left out (the company name is always printed). */
  logo: z.object({ bytes: z.instanceof(Uint8Array), type: z.enum(['png', 'jpeg']) }).optional(),
  surveyName: z.string().min(1).max(200),
  language: z.enum(QUESTION_LANGUAGE_CODES),
  package: z.object({
    statement_ids: z.array(z.string()),
    demographic_ids: z.array(z.string()),
    departments: z.array(z.string()),
    locations: z.array(z.string()),
    extra_questions: z.array(extraQuestionSchema),
  }),
  /** Last day to answer, DD.MM.YYYY as printed. */
  endDate: z.string().regex(/^\d{2}\.\d{2}\.\d{4}$/).optional(),
  /** Absolute questionnaire URL; each form's QR code holds it with ?code=<its code>. */
  questionnaireUrl: z.url(),
  codes: z.array(z.string()).min(1).max(5000),
});
export type PaperFormInput = z.input<typeof paperFormInputSchema>;
type Input = z.output<typeof paperFormInputSchema>;
type TemplateInput = Omit<Input, 'codes'>;

const A4 = { width: 595.28, height: 841.89 };
const M = { left: 42, right: 42, top: 34, bottom: 46 };
const CONTENT_W = A4.width - M.left - M.right;
const HEADER_H = 74;
const QR_SIZE = 64;
/** Where each form's code and QR code are stamped (identical on every page). */
const STAMP = {
  qrX: A4.width - M.right - QR_SIZE + 4,
  qrY: A4.height - M.top - QR_SIZE + 4,
  codeRight: A4.width - M.right - QR_SIZE - 6,
  codeY: A4.height - M.top - 38,
  codeSize: 13,
};
const BODY = 9.5;
const INK = rgb(0.1, 0.13, 0.18);
const MUTED = rgb(0.36, 0.4, 0.46);
const ACCENT = rgb(0.05, 0.37, 0.42);
const RULE = rgb(0.72, 0.75, 0.79);
const BOX = rgb(0.2, 0.23, 0.28);
const TINT = rgb(0.93, 0.96, 0.96);
const ZEBRA = rgb(0.965, 0.97, 0.975);
const FAINT = rgb(0.7, 0.72, 0.75);

/** Statement table columns: number, text, four answer boxes. */
const COL_NO = 24;
const COL_BOX = 58;
const COL_TEXT = CONTENT_W - COL_NO - COL_BOX * 4;
const BOX_SIZE = 12;

interface Ctx {
  doc: PDFDocument;
  fonts: Fonts;
  logo: PDFImage | null;
  input: TemplateInput;
  lang: QuestionLanguageCode;
  t: TFunction;
  page: PDFPage;
  y: number;
  /** Drawn at the top of each new page after the header (the statements' scale header). */
  onNewPage: (() => void) | null;
}

const lineH = (size: number) => size * 1.28;

function text(ctx: Ctx, s: string, x: number, y: number, size = BODY, font: PDFFont = ctx.fonts.regular, color: RGB = INK): void {
  ctx.page.drawText(s, { x, y, size, font, color });
}

/** Draws wrapped text from the cursor down; returns the height used. */
function paragraph(ctx: Ctx, s: string, opts: { x?: number; width?: number; size?: number; font?: PDFFont; color?: RGB; after?: number } = {}): number {
  const size = opts.size ?? BODY;
  const font = opts.font ?? ctx.fonts.regular;
  const lines = wrapText(s, font, size, opts.width ?? CONTENT_W);
  const h = lines.length * lineH(size);
  ensure(ctx, h);
  let y = ctx.y - size;
  for (const line of lines) {
    text(ctx, line, opts.x ?? M.left, y, size, font, opts.color ?? INK);
    y -= lineH(size);
  }
  ctx.y -= h + (opts.after ?? 4);
  return h;
}

function box(page: PDFPage, x: number, y: number, size = BOX_SIZE): void {
  page.drawRectangle({ x, y, width: size, height: size, borderColor: BOX, borderWidth: 0.9, color: rgb(1, 1, 1) });
}

/** A box with a faint value in it (helps the person keying the answers in). */
function valueBox(ctx: Ctx, x: number, y: number, value: string, size = BOX_SIZE): void {
  box(ctx.page, x, y, size);
  const fs = 6;
  const w = ctx.fonts.regular.widthOfTextAtSize(value, fs);
  text(ctx, value, x + (size - w) / 2, y + (size - fs) / 2 + 0.8, fs, ctx.fonts.regular, FAINT);
}

function drawHeader(ctx: Ctx): void {
  const { page, fonts, input } = ctx;
  const top = A4.height - M.top;
  let x = M.left;
  if (ctx.logo) {
    const scale = Math.min(110 / ctx.logo.width, 40 / ctx.logo.height);
    const w = ctx.logo.width * scale;
    const h = ctx.logo.height * scale;
    page.drawImage(ctx.logo, { x, y: top - h, width: w, height: h });
    x += w + 12;
  }
  const textW = STAMP.codeRight - 150 - x;
  text(ctx, fitLine(input.companyName, fonts.bold, 12, textW), x, top - 12, 12, fonts.bold);
  text(ctx, fitLine(INTRO_TEXTS.title[ctx.lang], fonts.regular, BODY, textW), x, top - 27, BODY, fonts.regular, MUTED);
  text(ctx, fitLine(input.surveyName, fonts.regular, BODY, textW), x, top - 40, BODY, fonts.regular, MUTED);
  // The code label; the code itself and the QR code are stamped per form.
  const label = ctx.t('paperForm.codeLabel');
  const lw = fonts.regular.widthOfTextAtSize(label, 7.5);
  text(ctx, label, STAMP.codeRight - lw, STAMP.codeY + 17, 7.5, fonts.regular, MUTED);
  const ruleY = top - HEADER_H + 6;
  page.drawLine({ start: { x: M.left, y: ruleY }, end: { x: A4.width - M.right, y: ruleY }, thickness: 0.8, color: ACCENT });
}

function newPage(ctx: Ctx): void {
  ctx.page = ctx.doc.addPage([A4.width, A4.height]);
  drawHeader(ctx);
  ctx.y = A4.height - M.top - HEADER_H - 6;
  ctx.onNewPage?.();
}

/** Starts a new page when `h` does not fit below the cursor. */
function ensure(ctx: Ctx, h: number): boolean {
  if (ctx.y - h >= M.bottom + 8) return false;
  newPage(ctx);
  return true;
}

function sectionTitle(ctx: Ctx, title: string, keepWith: number): void {
  ensure(ctx, 30 + keepWith);
  ctx.y -= 8;
  text(ctx, title, M.left, ctx.y - 13, 13, ctx.fonts.bold, ACCENT);
  ctx.y -= 20;
}

function itemNumber(ctx: Ctx, n: number, y: number, x = M.left): void {
  text(ctx, `${n}.`, x, y, 8.5, ctx.fonts.bold, MUTED);
}

// ---- the parts ----------------------------------------------------------------------------------

function intro(ctx: Ctx): void {
  const { t, lang, fonts, input } = ctx;
  ctx.y -= 4;
  paragraph(ctx, INTRO_TEXTS.title[lang], { size: 17, font: fonts.bold, color: INK, after: 2 });
  paragraph(ctx, input.surveyName, { size: 11, color: MUTED, after: 10 });
  paragraph(ctx, `${INTRO_TEXTS.purpose[lang]} ${INTRO_TEXTS.duration[lang]}`, { after: 6 });
  paragraph(ctx, INTRO_TEXTS.participation[lang], { font: fonts.bold, after: 10 });

  // Instructions in a tinted panel: how to mark (with a drawn example), anonymity, how to return.
  const pad = 10;
  const w = CONTENT_W - pad * 2;
  const url = new URL(input.questionnaireUrl);
  const blocks: { title?: string; body: string; bold?: boolean }[] = [
    { title: t('paperForm.howTitle'), body: t('paperForm.howToMark') },
    { body: `${INTRO_TEXTS.anonymity[lang]} ${t('paperForm.noName')}` },
    { title: t('paperForm.returnTitle'), body: [t('paperForm.returnForm'), input.endDate ? t('paperForm.until', { date: input.endDate }) : ''].filter(Boolean).join(' ') },
    { body: t('paperForm.online', { url: `${url.host}${url.pathname}` }) },
  ];
  const measured = blocks.map((b) => ({ ...b, lines: wrapText(b.body, fonts.regular, BODY, w - (b.title === t('paperForm.howTitle') ? 70 : 0)) }));
  const h = measured.reduce((sum, b) => sum + (b.title ? 16 : 0) + b.lines.length * lineH(BODY) + 8, 0) + pad;
  ensure(ctx, h);
  ctx.page.drawRectangle({ x: M.left, y: ctx.y - h, width: CONTENT_W, height: h, color: TINT, borderColor: rgb(0.78, 0.86, 0.87), borderWidth: 0.6 });
  let y = ctx.y - pad;
  for (const b of measured) {
    if (b.title) {
      text(ctx, b.title, M.left + pad, y - 10.5, 10.5, fonts.bold, ACCENT);
      y -= 16;
    }
    if (b.title === t('paperForm.howTitle')) {
      // Example: a crossed box (an answer) and a filled box (a cancelled answer).
      const ex = M.left + CONTENT_W - pad - 56;
      box(ctx.page, ex, y - 14, 13);
      ctx.page.drawLine({ start: { x: ex + 2.5, y: y - 11.5 }, end: { x: ex + 10.5, y: y - 3.5 }, thickness: 1.6, color: INK });
      ctx.page.drawLine({ start: { x: ex + 2.5, y: y - 3.5 }, end: { x: ex + 10.5, y: y - 11.5 }, thickness: 1.6, color: INK });
      text(ctx, '✓', ex + 17, y - 12, 10, fonts.bold, ACCENT);
      ctx.page.drawRectangle({ x: ex + 32, y: y - 14, width: 13, height: 13, color: INK, borderColor: BOX, borderWidth: 0.9 });
      text(ctx, '✗', ex + 49, y - 12, 10, fonts.bold, rgb(0.7, 0.15, 0.15));
    }
    for (const line of b.lines) {
      text(ctx, line, M.left + pad, y - BODY, BODY);
      y -= lineH(BODY);
    }
    y -= 8;
  }
  ctx.y -= h + 8;
}

/** The repeated header row of the statement table: 1..4 with the scale labels. */
function scaleHeader(ctx: Ctx): void {
  const { fonts, lang } = ctx;
  const size = 7;
  const labels = SCALE_LABELS.map((l) => wrapText(l.label[lang], fonts.regular, size, COL_BOX - 4));
  const h = 16 + Math.max(...labels.map((l) => l.length)) * lineH(size) + 4;
  const x0 = M.left + COL_NO + COL_TEXT;
  ctx.page.drawRectangle({ x: x0, y: ctx.y - h, width: COL_BOX * 4, height: h, color: TINT });
  labels.forEach((lines, i) => {
    const cx = x0 + i * COL_BOX + COL_BOX / 2;
    const digit = String(i + 1);
    text(ctx, digit, cx - fonts.bold.widthOfTextAtSize(digit, 11) / 2, ctx.y - 13, 11, fonts.bold, ACCENT);
    lines.forEach((line, j) => text(ctx, line, cx - fonts.regular.widthOfTextAtSize(line, size) / 2, ctx.y - 22 - j * lineH(size), size, fonts.regular, INK));
  });
  ctx.y -= h + 2;
}

function statements(ctx: Ctx, items: PaperFormItem[]): void {
  const { fonts, lang, t } = ctx;
  const list = items.filter((i) => i.kind === 'statement');
  if (list.length === 0) return;
  sectionTitle(ctx, t('paperForm.statementsTitle'), 120);
  paragraph(ctx, INTRO_TEXTS.answering[lang], { after: 6 });
  let category = '';
  let row = 0;
  ctx.onNewPage = () => {
    scaleHeader(ctx);
    // A category that goes on over the page is named again.
    if (category) categoryRow(ctx, `${CATEGORIES.find((c) => c.id === category)?.title[lang] ?? ''} ${t('paperForm.continued')}`);
  };
  scaleHeader(ctx);
  for (const item of list) {
    if (item.kind !== 'statement') continue;
    const s = statementById(item.id);
    if (!s) continue;
    const lines = wrapText(s.text[lang], fonts.regular, BODY, COL_TEXT - 8);
    const h = Math.max(22, lines.length * lineH(BODY) + 9);
    if (item.category !== category) {
      const title = CATEGORIES.find((c) => c.id === item.category)?.title[lang] ?? '';
      const broke = ensure(ctx, 22 + h);
      category = item.category;
      if (!broke) categoryRow(ctx, title);
      else {
        // ensure() drew the header and the previous category's "(continued)" row: replace it.
        ctx.y += 22;
        ctx.page.drawRectangle({ x: M.left, y: ctx.y - 22, width: CONTENT_W, height: 22, color: rgb(1, 1, 1) });
        categoryRow(ctx, title);
      }
      row = 0;
    } else ensure(ctx, h);
    if (row % 2 === 1) ctx.page.drawRectangle({ x: M.left, y: ctx.y - h, width: CONTENT_W, height: h, color: ZEBRA });
    const textTop = ctx.y - (h - lines.length * lineH(BODY)) / 2 - BODY + 1.5;
    itemNumber(ctx, item.number, textTop, M.left + 2);
    lines.forEach((line, j) => text(ctx, line, M.left + COL_NO, textTop - j * lineH(BODY)));
    const by = ctx.y - h / 2 - BOX_SIZE / 2;
    for (let v = 0; v < 4; v++) valueBox(ctx, M.left + COL_NO + COL_TEXT + v * COL_BOX + (COL_BOX - BOX_SIZE) / 2, by, String(v + 1));
    ctx.y -= h;
    row++;
  }
  ctx.onNewPage = null;
  ctx.y -= 6;
}

function categoryRow(ctx: Ctx, title: string): void {
  ctx.page.drawLine({ start: { x: M.left, y: ctx.y - 21 }, end: { x: A4.width - M.right, y: ctx.y - 21 }, thickness: 0.6, color: RULE });
  text(ctx, fitLine(title, ctx.fonts.bold, 10.5, CONTENT_W), M.left, ctx.y - 16, 10.5, ctx.fonts.bold, INK);
  ctx.y -= 22;
}

/** A question with a row of numbered boxes min..max and the end labels below. */
function ratingQuestion(ctx: Ctx, number: number, question: string, min: number, max: number, minLabel: string, maxLabel: string): void {
  const { fonts } = ctx;
  const lines = wrapText(question, fonts.regular, BODY + 0.5, CONTENT_W - COL_NO);
  const size = 16;
  const step = Math.min(36, (CONTENT_W - COL_NO) / (max - min + 1));
  const h = lines.length * lineH(BODY + 0.5) + 12 + size + 6 + 12 + 10;
  ensure(ctx, h);
  itemNumber(ctx, number, ctx.y - BODY - 0.5, M.left + 2);
  lines.forEach((line, j) => text(ctx, line, M.left + COL_NO, ctx.y - BODY - 0.5 - j * lineH(BODY + 0.5), BODY + 0.5));
  let y = ctx.y - lines.length * lineH(BODY + 0.5) - 12;
  const x0 = M.left + COL_NO;
  for (let v = min; v <= max; v++) {
    const cx = x0 + (v - min) * step + step / 2;
    const digit = String(v);
    text(ctx, digit, cx - fonts.bold.widthOfTextAtSize(digit, 9) / 2, y, 9, fonts.bold, ACCENT);
    box(ctx.page, cx - size / 2, y - size - 4, size);
  }
  y -= size + 4 + 11;
  const small = 7.5;
  const right = x0 + (max - min + 1) * step;
  text(ctx, fitLine(minLabel, fonts.regular, small, (right - x0) / 2 - 6), x0, y, small, fonts.regular, MUTED);
  const maxText = fitLine(maxLabel, fonts.regular, small, (right - x0) / 2 - 6);
  text(ctx, maxText, right - fonts.regular.widthOfTextAtSize(maxText, small), y, small, fonts.regular, MUTED);
  ctx.y -= h;
}

/** A question whose options are boxes laid out in columns (demographics, department, location, radio, checkbox). */
function choiceQuestion(ctx: Ctx, number: number, question: string, note: string, options: string[]): void {
  const { fonts } = ctx;
  const qLines = wrapText(question, fonts.regular, BODY + 0.5, CONTENT_W - COL_NO);
  const width = CONTENT_W - COL_NO;
  const widest = Math.max(...options.map((o) => fonts.regular.widthOfTextAtSize(o, BODY)), 40);
  const cols = Math.max(1, Math.min(4, Math.floor(width / (widest + BOX_SIZE + 18))));
  const colW = width / cols;
  const optLines = options.map((o) => wrapText(o, fonts.regular, BODY, colW - BOX_SIZE - 12));
  const rows: string[][][] = [];
  for (let i = 0; i < optLines.length; i += cols) rows.push(optLines.slice(i, i + cols));
  const rowH = (r: string[][]) => Math.max(...r.map((l) => l.length)) * lineH(BODY) + 6;
  const headH = qLines.length * lineH(BODY + 0.5) + (note ? lineH(7.5) + 2 : 0) + 6;
  // Keep the question with its first row of options; long lists continue on the next page.
  ensure(ctx, headH + rowH(rows[0] ?? [['']]));
  itemNumber(ctx, number, ctx.y - BODY - 0.5, M.left + 2);
  qLines.forEach((line, j) => text(ctx, line, M.left + COL_NO, ctx.y - BODY - 0.5 - j * lineH(BODY + 0.5), BODY + 0.5));
  ctx.y -= qLines.length * lineH(BODY + 0.5);
  if (note) {
    text(ctx, note, M.left + COL_NO, ctx.y - 8, 7.5, fonts.regular, MUTED);
    ctx.y -= lineH(7.5) + 2;
  }
  ctx.y -= 6;
  for (const r of rows) {
    const h = rowH(r);
    ensure(ctx, h);
    r.forEach((lines, c) => {
      const x = M.left + COL_NO + c * colW;
      box(ctx.page, x, ctx.y - BOX_SIZE + 1, BOX_SIZE);
      lines.forEach((line, j) => text(ctx, line, x + BOX_SIZE + 6, ctx.y - BODY + 0.5 - j * lineH(BODY)));
    });
    ctx.y -= h;
  }
  ctx.y -= 8;
}

/** Ruled lines to write on. */
function writingLines(ctx: Ctx, count: number, x = M.left + COL_NO): void {
  const gap = 21;
  for (let i = 0; i < count; i++) {
    ensure(ctx, gap);
    ctx.y -= gap;
    ctx.page.drawLine({ start: { x, y: ctx.y }, end: { x: A4.width - M.right, y: ctx.y }, thickness: 0.5, color: RULE });
  }
  ctx.y -= 8;
}

function questionText(ctx: Ctx, number: number, question: string, note: string, keepWith: number): void {
  const { fonts } = ctx;
  const lines = wrapText(question, fonts.regular, BODY + 0.5, CONTENT_W - COL_NO);
  const h = lines.length * lineH(BODY + 0.5) + (note ? lineH(7.5) + 2 : 0);
  ensure(ctx, h + keepWith);
  itemNumber(ctx, number, ctx.y - BODY - 0.5, M.left + 2);
  lines.forEach((line, j) => text(ctx, line, M.left + COL_NO, ctx.y - BODY - 0.5 - j * lineH(BODY + 0.5), BODY + 0.5));
  ctx.y -= lines.length * lineH(BODY + 0.5);
  if (note) {
    const noteLines = wrapText(note, fonts.regular, 7.5, CONTENT_W - COL_NO);
    noteLines.forEach((line, j) => text(ctx, line, M.left + COL_NO, ctx.y - 8 - j * lineH(7.5), 7.5, fonts.regular, MUTED));
    ctx.y -= noteLines.length * lineH(7.5) + 2;
  }
}


function extraQuestion(ctx: Ctx, item: Extract<PaperFormItem, { kind: 'extra' }>, q: ExtraQuestion): void {
  const { t, lang } = ctx;
  const title = localizedText(q.title, lang);
  const description = localizedText(q.description, lang);
  const note = [description, q.required ? '' : t('paperForm.optional')].filter(Boolean).join(' ');
  if (q.type === 'radio' || q.type === 'checkbox') {
    choiceQuestion(ctx, item.number, title, [note, q.type === 'radio' ? t('paperForm.markOne') : t('paperForm.markAny')].filter(Boolean).join(' '), q.answers.map((a) => localizedText(a, lang)));
  } else if (q.type === 'scale') {
    ratingQuestion(ctx, item.number, [title, note].filter(Boolean).join(' '), item.min ?? 1, item.max ?? 5, localizedText(q.scale?.min_label, lang), localizedText(q.scale?.max_label, lang));
  } else {
    const count = q.type === 'text250' ? 3 : 7;
    questionText(ctx, item.number, title, note, 21 * 2);
    writingLines(ctx, count);
  }
  if (q.allow_comments) {
    ensure(ctx, 16 + 21 * 2);
    text(ctx, `${t('paperForm.comment')}:`, M.left + COL_NO, ctx.y - 8, 8, ctx.fonts.regular, MUTED);
    ctx.y -= 4;
    writingLines(ctx, 2);
  }
}

function laterItems(ctx: Ctx, items: PaperFormItem[]): void {
  const { t, lang, input } = ctx;
  const extraById = new Map(input.package.extra_questions.map((q) => [q.id, q]));
  let section = '';
  const enter = (name: string, title: string, keepWith: number, hint?: string) => {
    if (section === name) return;
    section = name;
    sectionTitle(ctx, title, keepWith + (hint ? 14 : 0));
    if (hint) paragraph(ctx, hint, { size: 8.5, color: MUTED, after: 6 });
  };
  for (const item of items) {
    switch (item.kind) {
      case 'statement':
        break;
      case 'enps':
        enter('enps', t('paperForm.enpsTitle'), 70);
        ratingQuestion(ctx, item.number, ENPS_QUESTION.question[lang], 0, 10, ENPS_QUESTION.minLabel[lang], ENPS_QUESTION.maxLabel[lang]);
        break;
      case 'esi': {
        const q = ESI_QUESTIONS.find((e) => e.id === item.id);
        if (!q) break;
        enter('esi', t('paperForm.esiTitle'), 70);
        ratingQuestion(ctx, item.number, q.question[lang], 1, 10, q.minLabel[lang], q.maxLabel[lang]);
        break;
      }
      case 'demographic': {
        const q = DEMOGRAPHIC_QUESTIONS.find((d) => d.id === item.id);
        if (!q) break;
        enter('about', t('paperForm.aboutTitle'), 50, t('paperForm.aboutHint'));
        choiceQuestion(ctx, item.number, q.question[lang], '', q.options.map((o) => o.label[lang]));
        break;
      }
      case 'department':
      case 'location':
        enter('about', t('paperForm.aboutTitle'), 50, t('paperForm.aboutHint'));
        choiceQuestion(ctx, item.number, (item.kind === 'department' ? DEPARTMENT_QUESTION : LOCATION_QUESTION).question[lang], '', item.options);
        break;
      case 'extra': {
        const q = extraById.get(item.id);
        if (!q) break;
        enter('extra', t('paperForm.extraTitle'), 60);
        extraQuestion(ctx, item, q);
        break;
      }
      case 'praise_critique':
        enter('praise', t('paperForm.praiseTitle'), 80);
        questionText(ctx, item.number, `${PRAISE_CRITIQUE_QUESTION.question[lang]} ${t('paperForm.optional')}`, PRAISE_CRITIQUE_QUESTION.hint[lang], 21 * 3);
        writingLines(ctx, 9);
        break;
    }
  }
}

function closing(ctx: Ctx): void {
  const { t, lang, input, fonts } = ctx;
  const body = [t('paperForm.returnForm'), input.endDate ? t('paperForm.until', { date: input.endDate }) : ''].filter(Boolean).join(' ');
  const lines = wrapText(body, fonts.regular, BODY, CONTENT_W - 20);
  const h = 22 + lines.length * lineH(BODY) + 12;
  ensure(ctx, h + 8);
  ctx.y -= 8;
  ctx.page.drawRectangle({ x: M.left, y: ctx.y - h, width: CONTENT_W, height: h, color: TINT });
  text(ctx, INTRO_TEXTS.thanks[lang], M.left + 10, ctx.y - 17, 11.5, fonts.bold, ACCENT);
  lines.forEach((line, j) => text(ctx, line, M.left + 10, ctx.y - 32 - j * lineH(BODY)));
  ctx.y -= h;
}

function footers(pages: PDFPage[], fonts: Fonts, t: TFunction, input: TemplateInput, lang: QuestionLanguageCode): void {
  pages.forEach((page, i) => {
    const y = M.bottom - 22;
    page.drawLine({ start: { x: M.left, y: y + 12 }, end: { x: A4.width - M.right, y: y + 12 }, thickness: 0.5, color: RULE });
    const left = fitLine(`${INTRO_TEXTS.title[lang]} · ${input.surveyName}`, fonts.regular, 7.5, CONTENT_W - 120);
    page.drawText(left, { x: M.left, y, size: 7.5, font: fonts.regular, color: MUTED });
    const right = t('paperForm.pageOf', { page: i + 1, pages: pages.length });
    page.drawText(right, { x: A4.width - M.right - fonts.bold.widthOfTextAtSize(right, 9), y, size: 9, font: fonts.bold, color: INK });
  });
}

/**
 * Lays out the static part of the form (everything but the code and the QR code) and returns the
 * template document's bytes and its page count.
 */
async function embedLogo(doc: PDFDocument, input: TemplateInput): Promise<PDFImage | null> {
  if (!input.logo) return null;
  try {
    return input.logo.type === 'png' ? await doc.embedPng(input.logo.bytes) : await doc.embedJpg(input.logo.bytes);
  } catch {
    return null; // An unreadable image never stops the print: the company name is there anyway.
  }
}

/** Lays one form's static content out on new pages of `doc`; returns those pages. */
function layoutForm(doc: PDFDocument, fonts: Fonts, logo: PDFImage | null, input: TemplateInput): PDFPage[] {
  const first = doc.getPageCount();
  const lang = input.language;
  const ctx = { doc, fonts, logo, input, lang, t: textsFor(lang, 'print'), y: 0, onNewPage: null } as unknown as Ctx;
  newPage(ctx);
  const items = paperFormItems(input.package as PaperFormPackage);
  intro(ctx);
  statements(ctx, items);
  laterItems(ctx, items);
  closing(ctx);
  // An even page count, so forms printed on both sides of the sheet never share a sheet.
  if ((doc.getPageCount() - first) % 2 === 1) {
    newPage(ctx);
    const w = fonts.regular.widthOfTextAtSize(ctx.t('paperForm.blank'), BODY);
    text(ctx, ctx.t('paperForm.blank'), (A4.width - w) / 2, A4.height / 2, BODY, fonts.regular, MUTED);
  }
  const pages = doc.getPages().slice(first);
  footers(pages, fonts, ctx.t, input, lang);
  return pages;
}

/**
 * Lays out the static part of the form (everything but the code and the QR code) and returns the
 * template document's bytes and its page count.
 */
export async function renderPaperFormTemplate(rawInput: Omit<PaperFormInput, 'codes'>): Promise<{ bytes: Uint8Array; pages: number }> {
  const input = paperFormInputSchema.omit({ codes: true }).parse(rawInput);
  const doc = await PDFDocument.create();
  const fonts = await embedFonts(doc);
  const pages = layoutForm(doc, fonts, await embedLogo(doc, input), input);
  return { bytes: await doc.save({ objectsPerTick: Infinity }), pages: pages.length };
}

/**
 * For the benchmark only: the same forms built page by page from scratch (every form laid out and
 * drawn again), to measure what the template-once approach gains.
 */
export async function renderPaperFormsNaive(rawInput: PaperFormInput): Promise<Uint8Array> {
  const input = paperFormInputSchema.parse(rawInput);
  const doc = await PDFDocument.create();
  const fonts = await embedFonts(doc);
  const logo = await embedLogo(doc, input);
  for (const raw of input.codes) {
    const code = formatAccessCode(raw);
    const link = questionnaireLink(input.questionnaireUrl, code);
    for (const page of layoutForm(doc, fonts, logo, input)) {
      const w = fonts.mono.widthOfTextAtSize(code, STAMP.codeSize);
      page.drawText(code, { x: STAMP.codeRight - w, y: STAMP.codeY, size: STAMP.codeSize, font: fonts.mono, color: ACCENT });
      drawQrCode(page, link, { x: STAMP.qrX, y: STAMP.qrY, size: QR_SIZE });
    }
  }
  return doc.save({ objectsPerTick: Infinity });
}

const num = (v: number) => (Math.round(v * 100) / 100).toString();

/** The content stream of a QR code as rectangles in one filled path (the same drawing as blocks/qr.ts). */
function qrPath(data: string, x: number, y: number, size: number, margin = 4): string {
  const qr = QRCode.create(data, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const cell = size / (count + margin * 2);
  const parts: string[] = [`q 1 g ${num(x)} ${num(y)} ${num(size)} ${num(size)} re f 0 g`];
  for (let row = 0; row < count; row++) {
    let runStart = -1;
    for (let col = 0; col <= count; col++) {
      const dark = col < count && qr.modules.get(row, col) === 1;
      if (dark && runStart < 0) runStart = col;
      if (!dark && runStart >= 0) {
        parts.push(`${num(x + (margin + runStart) * cell)} ${num(y + size - (margin + row + 1) * cell)} ${num((col - runStart) * cell)} ${num(cell)} re`);
        runStart = -1;
      }
    }
  }
  parts.push('f Q');
  return parts.join('\n');
}

/**
 * Renders one paper form per code into one PDF (each form `pages` pages long, in code order).
 * Throws a ZodError for invalid input.
 */
export async function renderPaperForms(rawInput: PaperFormInput, hooks: { onForm?: (done: number, total: number) => void } = {}): Promise<Uint8Array> {
  const input = paperFormInputSchema.parse(rawInput);
  const codes = input.codes.map((c) => formatAccessCode(c));
  const template = await renderPaperFormTemplate(rawInput);
  return stampForms(template, input, codes, hooks);
}

async function stampForms(template: { bytes: Uint8Array; pages: number }, input: Input, codes: string[], hooks: { onForm?: (done: number, total: number) => void }): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${INTRO_TEXTS.title[input.language]} – ${input.companyName} – ${input.surveyName}`);
  doc.setLanguage(input.language);
  doc.setProducer('IZZ platform print/');
  doc.setCreationDate(new Date(0));
  doc.setModificationDate(new Date(0));
  const mono = await embedFont(doc, 'mono');
  const templatePages = await doc.embedPdf(template.bytes, Array.from({ length: template.pages }, (_, i) => i));
  const { context } = doc;

  // The page tree is built by hand: one Pages node per form under the root, and page leaves that
  // inherit MediaBox and Resources from the root (PDFDocument.addPage walks the whole tree on every
  // call, which made 5,000 forms quadratic). Resources: the template pages as XObjects and the code font.
  const xobjects: Record<string, PDFRef> = {};
  templatePages.forEach((p, i) => (xobjects[`T${i}`] = p.ref));
  const rootRef = doc.catalog.get(PDFName.of('Pages')) as PDFRef;
  const root = doc.catalog.Pages();
  root.set(PDFName.of('MediaBox'), context.obj([0, 0, A4.width, A4.height]));
  root.set(PDFName.of('Resources'), context.register(context.obj({ XObject: xobjects, Font: { FC: mono.ref } })));
  // One tiny content stream per template page that draws it; shared by every form.
  const calls = templatePages.map((_, i) => context.register(context.flateStream(`q /T${i} Do Q`)));
  const codeWidth = mono.widthOfTextAtSize(codes[0] ?? 'XXXXX-XXXXX', STAMP.codeSize);

  for (let f = 0; f < codes.length; f++) {
    const code = codes[f]!;
    const link = questionnaireLink(input.questionnaireUrl, code);
    // The form's stamp (its code and QR code), one stream shared by all of its pages.
    const stamp = [
      `BT /FC ${STAMP.codeSize} Tf 0.05 0.37 0.42 rg ${num(STAMP.codeRight - codeWidth)} ${num(STAMP.codeY)} Td ${mono.encodeText(code).toString()} Tj ET`,
      qrPath(link, STAMP.qrX, STAMP.qrY, QR_SIZE),
    ].join('\n');
    const bytes = deflateSync(Buffer.from(stamp, 'latin1'));
    const stampRef = context.register(PDFRawStream.of(context.obj({ Length: bytes.length, Filter: 'FlateDecode' }), bytes));
    const formRef = context.nextRef();
    const kids = calls.map((call) => context.register(context.obj({ Type: 'Page', Parent: formRef, Contents: [call, stampRef] })));
    context.assign(formRef, context.obj({ Type: 'Pages', Parent: rootRef, Kids: kids, Count: kids.length }));
    root.pushTreeNode(formRef);
    hooks.onForm?.(f + 1, codes.length);
    // Let other requests run between slices of a large batch.
    if (f % 100 === 99) await new Promise((resolve) => setImmediate(resolve));
  }
  root.set(PDFName.of('Count'), context.obj(codes.length * templatePages.length));
  // addDefaultPage: pdf-lib counts pages through addPage, which this builder does not use.
  return doc.save({ objectsPerTick: Infinity, addDefaultPage: false });
}
