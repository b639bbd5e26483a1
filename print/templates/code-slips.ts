/**
 * Code slips: access codes for respondents without e-mail, eight slips per A4 page,
 * with cut lines, the code as text and as a QR code that opens the questionnaire with
 * the code filled in, and short instructions in the survey's language.
 */
import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { formatAccessCode } from '../../shared/access-codes.js';
import { QUESTION_LANGUAGE_CODES } from '../../shared/locales.js';
import { drawQrCode } from '../blocks/qr.js';
import { fitLine, wrapText } from '../blocks/text.js';
import { embedFonts, type Fonts } from '../fonts.js';
import { textsFor } from '../../shared/i18n/node.js';

export const codeSlipsInputSchema = z.object({
  companyName: z.string().min(1).max(200),
  surveyName: z.string().min(1).max(200),
  /** Absolute questionnaire URL; the QR code holds it with ?code=<code>. */
  questionnaireUrl: z.url(),
  /** Last day to answer, DD.MM.YYYY as printed. */
  endDate: z.string().regex(/^\d{2}\.\d{2}\.\d{4}$/).optional(),
  language: z.enum(QUESTION_LANGUAGE_CODES),
  /** Which survey the slips are for: the title under the company's name ('izz': employee satisfaction survey). */
  surveyType: z.enum(['izz', 'puls']).default('izz'),
  codes: z.array(z.string()).min(1).max(5000),
});
export type CodeSlipsInput = z.input<typeof codeSlipsInputSchema>;

const A4 = { width: 595.28, height: 841.89 };
const COLS = 2;
const ROWS = 4;
export const SLIPS_PER_PAGE = COLS * ROWS;
const MARGIN = 18;
const INK = rgb(0.11, 0.16, 0.23);
const MUTED = rgb(0.33, 0.38, 0.45);
const CUT = rgb(0.62, 0.65, 0.7);
const ACCENT = rgb(0.05, 0.37, 0.42);

export function questionnaireLink(baseUrl: string, code: string): string {
  const url = new URL(baseUrl);
  url.searchParams.set('code', code);
  return url.toString();
}

function drawCutLines(page: PDFPage, slipW: number, slipH: number): void {
  const dash = { dashArray: [4, 3], thickness: 0.5, color: CUT };
  for (let c = 1; c < COLS; c++) {
    const x = MARGIN + c * slipW;
    page.drawLine({ start: { x, y: MARGIN / 2 }, end: { x, y: A4.height - MARGIN / 2 }, ...dash });
  }
  for (let r = 0; r <= ROWS; r++) {
    const y = MARGIN + r * slipH;
    page.drawLine({ start: { x: MARGIN / 2, y }, end: { x: A4.width - MARGIN / 2, y }, ...dash });
  }
  for (const x of [MARGIN, A4.width - MARGIN]) {
    page.drawLine({ start: { x, y: MARGIN / 2 }, end: { x, y: A4.height - MARGIN / 2 }, ...dash });
  }
}

function drawSlip(page: PDFPage, fonts: Fonts, texts: TFunction, input: z.output<typeof codeSlipsInputSchema>, code: string, x: number, y: number, w: number, h: number): void {
  const pad = 12;
  const qrSize = 100;
  const textW = w - pad * 3 - qrSize;
  let cursor = y + h - pad - 10;

  page.drawText(fitLine(input.companyName, fonts.bold, 10, w - pad * 2), { x: x + pad, y: cursor, size: 10, font: fonts.bold, color: INK });
  cursor -= 13;
  const title = input.surveyType === 'puls' ? texts('slips.titlePuls') : texts('slips.title');
  page.drawText(fitLine(`${title} · ${input.surveyName}`, fonts.regular, 7.5, w - pad * 2), { x: x + pad, y: cursor, size: 7.5, font: fonts.regular, color: MUTED });

  cursor -= 22;
  page.drawText(texts('slips.codeLabel'), { x: x + pad, y: cursor, size: 8, font: fonts.regular, color: MUTED });
  cursor -= 20;
  const shown = formatAccessCode(code);
  page.drawText(shown, { x: x + pad, y: cursor, size: 17, font: fonts.mono, color: ACCENT });

  const link = questionnaireLink(input.questionnaireUrl, shown);
  drawQrCode(page, link, { x: x + w - pad - qrSize + 6, y: y + h - pad - 36 - qrSize, size: qrSize });

  cursor -= 16;
  const host = new URL(input.questionnaireUrl);
  const lines = [
    ...wrapText(texts('slips.howTo', { url: `${host.host}${host.pathname}` }), fonts.regular, 7, textW),
    ...(input.endDate ? wrapText(texts('slips.until', { date: input.endDate }), fonts.regular, 7, textW) : []),
  ];
  for (const line of lines) {
    page.drawText(line, { x: x + pad, y: cursor, size: 7, font: fonts.regular, color: INK });
    cursor -= 9;
  }
  let bottom = y + pad;
  for (const line of wrapText(texts('slips.notFor'), fonts.regular, 6.5, w - pad * 2).reverse()) {
    page.drawText(line, { x: x + pad, y: bottom, size: 6.5, font: fonts.regular, color: MUTED });
    bottom += 8.5;
  }
  for (const line of wrapText(texts('slips.anonymity'), fonts.bold, 6.5, w - pad * 2).reverse()) {
    page.drawText(line, { x: x + pad, y: bottom, size: 6.5, font: fonts.bold, color: MUTED });
    bottom += 8.5;
  }
}

/** Renders the slips; returns the PDF bytes. Throws a ZodError for invalid input. */
export async function renderCodeSlips(rawInput: CodeSlipsInput): Promise<Uint8Array> {
  const input = codeSlipsInputSchema.parse(rawInput);
  const texts = textsFor(input.language, 'print');
  const doc = await PDFDocument.create();
  doc.setTitle(`${texts('slips.codeLabel')} – ${input.companyName} – ${input.surveyName}`);
  doc.setLanguage(input.language);
  doc.setProducer('IZZ platform print/');
  doc.setCreationDate(new Date(0));
  doc.setModificationDate(new Date(0));
  const fonts = await embedFonts(doc);

  const slipW = (A4.width - MARGIN * 2) / COLS;
  const slipH = (A4.height - MARGIN * 2) / ROWS;
  for (let start = 0; start < input.codes.length; start += SLIPS_PER_PAGE) {
    const page = doc.addPage([A4.width, A4.height]);
    drawCutLines(page, slipW, slipH);
    page.drawText(texts('slips.cutHere'), { x: MARGIN, y: A4.height - MARGIN + 4, size: 6, font: fonts.regular, color: CUT });
    input.codes.slice(start, start + SLIPS_PER_PAGE).forEach((code, i) => {
      const col = i % COLS;
      const row = Math.floor(i / COLS);
      drawSlip(page, fonts, texts, input, code, MARGIN + col * slipW, A4.height - MARGIN - (row + 1) * slipH, slipW, slipH);
    });
  }
  return doc.save();
}
