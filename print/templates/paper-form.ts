/**
 * The printable IZZ paper questionnaire (offline and combined surveys): A4, the company's name and
 * logo, instructions, every statement with four labelled boxes, eNPS 0-10 and ESI 1-10 boxes,
 * demographics, department and location, the extra questions and lines for praise/critique.
 * Every page carries the form's own code as text and as a QR code (the questionnaire URL with
 * ?code=, so the employee may answer online instead) and "page x of n".
 *
 * Batches: the static template is laid out ONCE (renderPaperFormTemplate), each of its pages becomes
 * a Form XObject in the batch document, and every form adds one small stream with its code text that all
 * of its pages share and one QR path per page (the page mark: code, survey, page, layout version).
 * Every position comes from shared/paper-form.ts paperFormLayout. See docs/decisions/0020-paper-forms.md "Paper forms".
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
import {
  PAPER_BOX,
  PAPER_COLUMNS,
  PAPER_CONTENT_WIDTH,
  PAPER_HEADER_HEIGHT,
  PAPER_HEIGHTS,
  PAPER_LAYOUT_VERSION,
  PAPER_MARGIN,
  PAPER_MARKER,
  PAPER_PAGE,
  PAPER_QR,
  PAPER_STATEMENT_TEXT_WIDTH,
  paperFormLayout,
  paperMarkerCentres,
  paperPageMarkText,
  type PaperBlock,
  type PaperBoxLayout,
  type PaperFormItem,
  type PaperFormPackage,
  type PaperRect,
  type PaperSectionId,
} from '../../shared/paper-form.js';
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
import { extraQuestionSchema, type ExtraQuestionType } from '../../shared/schemas/application.js';
import { drawQrCode } from '../blocks/qr.js';
import { fitLine, fitTextBlock, wrapText } from '../blocks/text.js';
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
  /** The survey's id, printed in each page mark so the reader can tell another survey's page. */
  surveyId: z.number().int().positive().optional(),
});
export type PaperFormInput = z.input<typeof paperFormInputSchema>;
type Input = z.output<typeof paperFormInputSchema>;
type TemplateInput = Omit<Input, 'codes'>;

const A4 = PAPER_PAGE;
const M = PAPER_MARGIN;
const CONTENT_W = PAPER_CONTENT_WIDTH;
const QR_SIZE = PAPER_QR.size;
/** Where each page's code and QR code are stamped (PDF coordinates, y upwards). */
const STAMP = {
  qrX: PAPER_QR.x,
  qrY: A4.height - PAPER_QR.y - PAPER_QR.size,
  codeRight: PAPER_QR.x - 6,
  codeY: A4.height - M.top - 36,
  codeSize: 13,
};
/** The note under an extra question that says how to mark it (the registry's paper layout: one box, any boxes, none). */
const EXTRA_MARK_NOTE = {
  radio: (t) => t('paperForm.markOne'),
  checkbox: (t) => t('paperForm.markAny'),
  scale: () => '',
  text250: () => '',
  text1000: () => '',
} satisfies Record<ExtraQuestionType, (t: TFunction) => string>;

const BODY = 9.5;
const INK = rgb(0.1, 0.13, 0.18);
const MUTED = rgb(0.36, 0.4, 0.46);
const ACCENT = rgb(0.05, 0.37, 0.42);
const RULE = rgb(0.72, 0.75, 0.79);
const BOX = rgb(0.2, 0.23, 0.28);
const TINT = rgb(0.93, 0.96, 0.96);
const ZEBRA = rgb(0.965, 0.97, 0.975);
const FAINT = rgb(0.78, 0.8, 0.82);

/** Statement table columns: number, text, four answer boxes (shared/paper-form.ts). */
const COL_NO = PAPER_COLUMNS.number;
const COL_BOX = PAPER_COLUMNS.box;
const COL_TEXT = PAPER_STATEMENT_TEXT_WIDTH;
const BOX_SIZE = PAPER_BOX;

interface Ctx {
  doc: PDFDocument;
  fonts: Fonts;
  logo: PDFImage | null;
  input: TemplateInput;
  lang: QuestionLanguageCode;
  t: TFunction;
  page: PDFPage;
}

const lineH = (size: number) => size * 1.28;
/** PDF y (upwards) of a layout y (points from the top). */
const Y = (y: number) => A4.height - y;

function text(ctx: Ctx, s: string, x: number, y: number, size = BODY, font: PDFFont = ctx.fonts.regular, color: RGB = INK): void {
  ctx.page.drawText(s, { x, y, size, font, color });
}

/** Text fitted into a layout rectangle (top-down), at most `maxLines` lines; returns the height used. */
function fitted(ctx: Ctx, s: string, r: { x: number; y: number; width: number }, opts: { size?: number; minSize?: number; maxLines: number; font?: PDFFont; color?: RGB }): number {
  const font = opts.font ?? ctx.fonts.regular;
  const fit = fitTextBlock(s, font, { maxSize: opts.size ?? BODY, minSize: opts.minSize ?? 6.5, maxWidth: r.width, maxLines: opts.maxLines, step: 0.5 });
  fit.lines.forEach((line, j) => text(ctx, line, r.x, Y(r.y + fit.size + j * lineH(fit.size)), fit.size, font, opts.color ?? INK));
  return fit.lines.length * lineH(fit.size);
}

/** A box drawn from a layout box (top-left corner, y downwards). */
function layoutBox(ctx: Ctx, b: PaperBoxLayout, faintLabel: boolean): void {
  ctx.page.drawRectangle({ x: b.x, y: Y(b.y + b.size), width: b.size, height: b.size, borderColor: BOX, borderWidth: 0.9, color: rgb(1, 1, 1) });
  if (!faintLabel) return;
  // A faint value in the box helps the person keying the answers in; light enough for the reader to ignore.
  const fs = 6;
  const w = ctx.fonts.regular.widthOfTextAtSize(b.label, fs);
  text(ctx, b.label, b.x + (b.size - w) / 2, Y(b.y + b.size) + (b.size - fs) / 2 + 0.8, fs, ctx.fonts.regular, FAINT);
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
  const ruleY = top - PAPER_HEADER_HEIGHT + 6;
  page.drawLine({ start: { x: M.left, y: ruleY }, end: { x: PAPER_QR.x - 8, y: ruleY }, thickness: 0.8, color: ACCENT });
  // The corner markers the reader registers the page by.
  for (const c of paperMarkerCentres()) {
    const s = PAPER_MARKER.size;
    page.drawRectangle({ x: c.x - s / 2, y: Y(c.y + s / 2), width: s, height: s, color: rgb(0, 0, 0) });
  }
}

// ---- the parts ----------------------------------------------------------------------------------

function intro(ctx: Ctx, r: PaperRect): void {
  const { t, lang, fonts, input } = ctx;
  const url = new URL(input.questionnaireUrl);
  const blocks: { title?: string; body: string; example?: boolean }[] = [
    { title: t('paperForm.howTitle'), body: t('paperForm.howToMark'), example: true },
    { body: `${INTRO_TEXTS.anonymity[lang]} ${t('paperForm.noName')}` },
    { title: t('paperForm.returnTitle'), body: [t('paperForm.returnForm'), input.endDate ? t('paperForm.until', { date: input.endDate }) : ''].filter(Boolean).join(' ') },
    { body: t('paperForm.online', { url: `${url.host}${url.pathname}` }) },
  ];
  const pad = 10;
  const w = CONTENT_W - pad * 2;
  // The largest body size at which everything fits the intro's fixed height.
  let size = BODY;
  const measure = (sz: number) => {
    const lh = lineH(sz);
    const head = lineH(17) + lineH(11) + 10 + (wrapText(`${INTRO_TEXTS.purpose[lang]} ${INTRO_TEXTS.duration[lang]}`, fonts.regular, sz, CONTENT_W).length + wrapText(INTRO_TEXTS.participation[lang], fonts.bold, sz, CONTENT_W).length) * lh + 16;
    const panel = blocks.reduce((sum, b) => sum + (b.title ? 16 : 0) + wrapText(b.body, fonts.regular, sz, w - (b.example ? 70 : 0)).length * lh + 6, 0) + pad;
    return { head, panel };
  };
  while (size > 6.5 && measure(size).head + measure(size).panel > r.height) size -= 0.5;
  let y = r.y;
  y += fitted(ctx, INTRO_TEXTS.title[lang], { x: M.left, y, width: CONTENT_W }, { size: 17, minSize: 12, maxLines: 1, font: fonts.bold }) + 2;
  y += fitted(ctx, input.surveyName, { x: M.left, y, width: CONTENT_W }, { size: 11, minSize: 8, maxLines: 1, color: MUTED }) + 8;
  y += fitted(ctx, `${INTRO_TEXTS.purpose[lang]} ${INTRO_TEXTS.duration[lang]}`, { x: M.left, y, width: CONTENT_W }, { size, minSize: size, maxLines: 8 }) + 4;
  y += fitted(ctx, INTRO_TEXTS.participation[lang], { x: M.left, y, width: CONTENT_W }, { size, minSize: size, maxLines: 4, font: fonts.bold }) + 8;
  const h = r.y + r.height - y;
  ctx.page.drawRectangle({ x: M.left, y: Y(y + h), width: CONTENT_W, height: h, color: TINT, borderColor: rgb(0.78, 0.86, 0.87), borderWidth: 0.6 });
  y += pad;
  for (const b of blocks) {
    if (b.title) {
      text(ctx, b.title, M.left + pad, Y(y + 10.5), 10.5, fonts.bold, ACCENT);
      y += 16;
    }
    if (b.example) {
      // Example: a crossed box (an answer) and a filled box (a cancelled answer).
      const ex = M.left + CONTENT_W - pad - 56;
      const top = Y(y);
      ctx.page.drawRectangle({ x: ex, y: top - 14, width: 13, height: 13, borderColor: BOX, borderWidth: 0.9, color: rgb(1, 1, 1) });
      ctx.page.drawLine({ start: { x: ex + 2.5, y: top - 11.5 }, end: { x: ex + 10.5, y: top - 3.5 }, thickness: 1.6, color: INK });
      ctx.page.drawLine({ start: { x: ex + 2.5, y: top - 3.5 }, end: { x: ex + 10.5, y: top - 11.5 }, thickness: 1.6, color: INK });
      text(ctx, '✓', ex + 17, top - 12, 10, fonts.bold, ACCENT);
      ctx.page.drawRectangle({ x: ex + 32, y: top - 14, width: 13, height: 13, color: INK, borderColor: BOX, borderWidth: 0.9 });
      text(ctx, '✗', ex + 49, top - 12, 10, fonts.bold, rgb(0.7, 0.15, 0.15));
    }
    y += fitted(ctx, b.body, { x: M.left + pad, y, width: w - (b.example ? 70 : 0) }, { size, minSize: size, maxLines: 12 }) + 6;
  }
}

const SECTION_TITLE: Record<PaperSectionId, string> = {
  statements: 'paperForm.statementsTitle',
  enps: 'paperForm.enpsTitle',
  esi: 'paperForm.esiTitle',
  about: 'paperForm.aboutTitle',
  extra: 'paperForm.extraTitle',
  praise: 'paperForm.praiseTitle',
};

/** The header row of the statement table: 1..4 with the scale labels. */
function scaleHeader(ctx: Ctx, r: PaperRect): void {
  const { fonts, lang } = ctx;
  const x0 = M.left + COL_NO + COL_TEXT;
  ctx.page.drawRectangle({ x: x0, y: Y(r.y + r.height - 2), width: COL_BOX * 4, height: r.height - 2, color: TINT });
  SCALE_LABELS.forEach((l, i) => {
    const cx = x0 + i * COL_BOX + COL_BOX / 2;
    const digit = String(i + 1);
    text(ctx, digit, cx - fonts.bold.widthOfTextAtSize(digit, 11) / 2, Y(r.y + 13), 11, fonts.bold, ACCENT);
    const fit = fitTextBlock(l.label[lang], fonts.regular, { maxSize: 7, minSize: 5.5, maxWidth: COL_BOX - 4, maxLines: 2, step: 0.5 });
    fit.lines.forEach((line, j) => text(ctx, line, cx - fonts.regular.widthOfTextAtSize(line, fit.size) / 2, Y(r.y + 22 + j * lineH(fit.size)), fit.size, fonts.regular, INK));
  });
}

function itemNumber(ctx: Ctx, n: number, y: number, x = M.left + 2): void {
  text(ctx, `${n}.`, x, y, 8.5, ctx.fonts.bold, MUTED);
}

/** The question text of an item in the package's language, and its note (optional, mark one…). */
function questionOf(ctx: Ctx, item: PaperFormItem): { question: string; note: string; minLabel: string; maxLabel: string; options: string[] } {
  const { t, lang, input } = ctx;
  const none = { note: '', minLabel: '', maxLabel: '', options: [] as string[] };
  switch (item.kind) {
    case 'statement':
      return { ...none, question: statementById(item.id)?.text[lang] ?? '' };
    case 'enps':
      return { ...none, question: ENPS_QUESTION.question[lang], minLabel: ENPS_QUESTION.minLabel[lang], maxLabel: ENPS_QUESTION.maxLabel[lang] };
    case 'esi': {
      const q = ESI_QUESTIONS.find((e) => e.id === item.id);
      return { ...none, question: q?.question[lang] ?? '', minLabel: q?.minLabel[lang] ?? '', maxLabel: q?.maxLabel[lang] ?? '' };
    }
    case 'demographic': {
      const q = DEMOGRAPHIC_QUESTIONS.find((d) => d.id === item.id);
      return { ...none, question: q?.question[lang] ?? '', options: q?.options.map((o) => o.label[lang]) ?? [] };
    }
    case 'department':
    case 'location':
      return { ...none, question: (item.kind === 'department' ? DEPARTMENT_QUESTION : LOCATION_QUESTION).question[lang], options: item.options };
    case 'praise_critique':
      return { ...none, question: `${PRAISE_CRITIQUE_QUESTION.question[lang]} ${t('paperForm.optional')}`, note: PRAISE_CRITIQUE_QUESTION.hint[lang] };
    case 'extra': {
      const q = input.package.extra_questions.find((e) => e.id === item.id);
      if (!q) return { ...none, question: '' };
      const description = localizedText(q.description, lang);
      const kind = EXTRA_MARK_NOTE[q.type](t);
      const note = [description, q.required ? '' : t('paperForm.optional'), kind].filter(Boolean).join(' ');
      return { question: localizedText(q.title, lang), note, minLabel: localizedText(q.scale?.min_label, lang), maxLabel: localizedText(q.scale?.max_label, lang), options: q.answers.map((a) => localizedText(a, lang)) };
    }
  }
}

function drawBlock(ctx: Ctx, block: PaperBlock): void {
  const { t, lang, fonts } = ctx;
  const r = block.rect;
  const textX = M.left + COL_NO;
  const textW = CONTENT_W - COL_NO;
  switch (block.kind) {
    case 'intro':
      intro(ctx, r);
      break;
    case 'section': {
      text(ctx, fitLine(t(SECTION_TITLE[block.section]), fonts.bold, 13, CONTENT_W), M.left, Y(r.y + 19), 13, fonts.bold, ACCENT);
      if (block.hint) fitted(ctx, t('paperForm.aboutHint'), { x: M.left, y: r.y + 25, width: CONTENT_W }, { size: 8.5, maxLines: 1, color: MUTED });
      break;
    }
    case 'statements-intro':
      fitted(ctx, INTRO_TEXTS.answering[lang], { x: M.left, y: r.y, width: CONTENT_W }, { size: BODY, maxLines: 2 });
      break;
    case 'scale-header':
      scaleHeader(ctx, r);
      break;
    case 'category': {
      const title = CATEGORIES.find((c) => c.id === block.category)?.title[lang] ?? '';
      const s = block.continued ? `${title} ${t('paperForm.continued')}` : title;
      ctx.page.drawLine({ start: { x: M.left, y: Y(r.y + 21) }, end: { x: A4.width - M.right, y: Y(r.y + 21) }, thickness: 0.6, color: RULE });
      text(ctx, fitLine(s, fonts.bold, 10.5, CONTENT_W), M.left, Y(r.y + 16), 10.5, fonts.bold, INK);
      break;
    }
    case 'statement': {
      if (block.row % 2 === 1) ctx.page.drawRectangle({ x: r.x, y: Y(r.y + r.height), width: r.width, height: r.height, color: ZEBRA });
      const fit = fitTextBlock(questionOf(ctx, block.item).question, fonts.regular, { maxSize: BODY, minSize: 6.5, maxWidth: COL_TEXT - 8, maxLines: 2, step: 0.5 });
      const top = r.y + (r.height - fit.lines.length * lineH(fit.size)) / 2 + fit.size - 1;
      itemNumber(ctx, block.item.number, Y(top));
      fit.lines.forEach((line, j) => text(ctx, line, textX, Y(top + j * lineH(fit.size)), fit.size));
      for (const b of block.boxes) layoutBox(ctx, b, true);
      break;
    }
    case 'rating': {
      const q = questionOf(ctx, block.item);
      itemNumber(ctx, block.item.number, Y(r.y + BODY + 0.5));
      fitted(ctx, [q.question, q.note].filter(Boolean).join(' '), block.question, { size: BODY + 0.5, maxLines: 2 });
      for (const b of block.boxes) {
        const cx = b.x + b.size / 2;
        text(ctx, b.label, cx - fonts.bold.widthOfTextAtSize(b.label, 9) / 2, Y(b.y - 3), 9, fonts.bold, ACCENT);
        layoutBox(ctx, b, false);
      }
      const first = block.boxes[0];
      const last = block.boxes[block.boxes.length - 1];
      if (first && last) {
        const small = 7.5;
        const ly = Y(first.y + first.size + 10);
        const half = (last.x + last.size - first.x) / 2 - 6;
        text(ctx, fitLine(q.minLabel, fonts.regular, small, half), first.x, ly, small, fonts.regular, MUTED);
        const maxText = fitLine(q.maxLabel, fonts.regular, small, half);
        text(ctx, maxText, last.x + last.size - fonts.regular.widthOfTextAtSize(maxText, small), ly, small, fonts.regular, MUTED);
      }
      break;
    }
    case 'question': {
      const q = questionOf(ctx, block.item);
      itemNumber(ctx, block.item.number, Y(r.y + BODY + 0.5));
      fitted(ctx, q.question, { x: textX, y: r.y, width: textW }, { size: BODY + 0.5, maxLines: 2 });
      if (q.note) fitted(ctx, q.note, { x: textX, y: r.y + PAPER_HEIGHTS.question, width: textW }, { size: 7.5, minSize: 6, maxLines: 1, color: MUTED });
      break;
    }
    case 'choice-row': {
      const options = questionOf(ctx, block.item).options;
      const colW = textW / block.columns;
      block.boxes.forEach((b, c) => {
        layoutBox(ctx, b, false);
        const label = `${b.label}. ${options[block.options[c]!] ?? ''}`;
        fitted(ctx, label, { x: b.x + BOX_SIZE + 6, y: r.y + 2, width: colW - BOX_SIZE - 12 }, { size: BODY, minSize: 6.5, maxLines: 2 });
      });
      break;
    }
    case 'writing': {
      let y = r.y;
      if (block.comment) {
        text(ctx, `${t('paperForm.comment')}:`, r.x, Y(y + 8), 8, fonts.regular, MUTED);
        y += PAPER_HEIGHTS.note;
      }
      for (let i = 1; i <= block.lines; i++) {
        const ly = Y(y + i * PAPER_HEIGHTS.writingLine);
        ctx.page.drawLine({ start: { x: r.x, y: ly }, end: { x: r.x + r.width, y: ly }, thickness: 0.5, color: RULE });
      }
      break;
    }
    case 'closing': {
      const body = [t('paperForm.returnForm'), ctx.input.endDate ? t('paperForm.until', { date: ctx.input.endDate }) : ''].filter(Boolean).join(' ');
      ctx.page.drawRectangle({ x: M.left, y: Y(r.y + r.height - 4), width: CONTENT_W, height: r.height - 8, color: TINT });
      text(ctx, fitLine(INTRO_TEXTS.thanks[lang], fonts.bold, 11.5, CONTENT_W - 20), M.left + 10, Y(r.y + 21), 11.5, fonts.bold, ACCENT);
      fitted(ctx, body, { x: M.left + 10, y: r.y + 28, width: CONTENT_W - 20 }, { size: BODY, minSize: 7, maxLines: 2 });
      break;
    }
    case 'blank': {
      const w = fonts.regular.widthOfTextAtSize(t('paperForm.blank'), BODY);
      text(ctx, t('paperForm.blank'), (A4.width - w) / 2, A4.height / 2, BODY, fonts.regular, MUTED);
      break;
    }
  }
}

function footers(pages: PDFPage[], fonts: Fonts, t: TFunction, input: TemplateInput, lang: QuestionLanguageCode): void {
  pages.forEach((page, i) => {
    const y = M.bottom - 30;
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

/** Lays one form's static content out on new pages of `doc` from the shared layout; returns those pages. */
function layoutForm(doc: PDFDocument, fonts: Fonts, logo: PDFImage | null, input: TemplateInput): PDFPage[] {
  const lang = input.language;
  const layout = paperFormLayout(input.package as PaperFormPackage);
  const ctx = { doc, fonts, logo, input, lang, t: textsFor(lang, 'print') } as Ctx;
  const pages = layout.pages.map((p) => {
    ctx.page = doc.addPage([A4.width, A4.height]);
    drawHeader(ctx);
    for (const block of p.blocks) drawBlock(ctx, block);
    return ctx.page;
  });
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
    const pages = layoutForm(doc, fonts, logo, input);
    pages.forEach((page, i) => {
      const w = fonts.mono.widthOfTextAtSize(code, STAMP.codeSize);
      page.drawText(code, { x: STAMP.codeRight - w, y: STAMP.codeY, size: STAMP.codeSize, font: fonts.mono, color: ACCENT });
      const mark = paperPageMarkText(link, { survey: input.surveyId ?? null, page: i + 1, pages: pages.length, layout: PAPER_LAYOUT_VERSION });
      drawQrCode(page, mark, { x: STAMP.qrX, y: STAMP.qrY, size: QR_SIZE, margin: PAPER_QR.margin });
    });
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
    // The form's code, one stream shared by all of its pages; each page's own page mark (QR code).
    const codeText = `BT /FC ${STAMP.codeSize} Tf 0.05 0.37 0.42 rg ${num(STAMP.codeRight - codeWidth)} ${num(STAMP.codeY)} Td ${mono.encodeText(code).toString()} Tj ET`;
    const codeRef = context.register(context.flateStream(codeText));
    const formRef = context.nextRef();
    const kids = calls.map((call, i) => {
      const mark = paperPageMarkText(link, { survey: input.surveyId ?? null, page: i + 1, pages: calls.length, layout: PAPER_LAYOUT_VERSION });
      const bytes = deflateSync(Buffer.from(qrPath(mark, STAMP.qrX, STAMP.qrY, QR_SIZE, PAPER_QR.margin), 'latin1'));
      const qrRef = context.register(PDFRawStream.of(context.obj({ Length: bytes.length, Filter: 'FlateDecode' }), bytes));
      return context.register(context.obj({ Type: 'Page', Parent: formRef, Contents: [call, codeRef, qrRef] }));
    });
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
