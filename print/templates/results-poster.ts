/**
 * The employees' results poster: one A4 portrait page for the factory wall, in one of the survey's
 * languages. It prints the published results page (SharedResults, built from the company's own report of the whole
 * survey) and nothing else: response rate, ESI, eNPS, the category means as bars, the focus areas with their actions,
 * HR's message, and a QR code with the page's link (also printed as text). Texts: the `print` namespace, `poster.*`.
 */
import { PDFDocument, type PDFPage } from 'pdf-lib';
import { formatDate } from '../../shared/dates.js';
import { textsFor } from '../../shared/i18n/node.js';
import { isUiLocale } from '../../shared/locales.js';
import type { SharedResults } from '../../shared/schemas/actions.js';
import { COLORS, drawRight } from '../blocks/charts.js';
import { drawQrCode } from '../blocks/qr.js';
import { fitLine, wrapText } from '../blocks/text.js';
import { embedFonts, type Fonts } from '../fonts.js';
import { A4, M, CONTENT_W, NumberFormat } from './report-common.js';

export interface ResultsPosterInput {
  results: SharedResults;
  /** The public page's absolute URL (the QR code's content). */
  url: string;
}

const QR_SIZE = 118;

export async function renderResultsPoster(input: ResultsPosterInput): Promise<Uint8Array> {
  const { results: r, url } = input;
  const language = r.language;
  const t = textsFor(language, 'print');
  const nf = new NumberFormat(isUiLocale(language) ? language : 'en');
  const doc = await PDFDocument.create();
  doc.setTitle(t('poster.title'));
  doc.setLanguage(language);
  const fonts: Fonts = await embedFonts(doc);
  const page: PDFPage = doc.addPage([A4.width, A4.height]);
  let y = A4.height - M.top;

  const text = (s: string, x: number, size: number, bold = false, color = COLORS.ink) => page.drawText(s, { x, y, size, font: bold ? fonts.bold : fonts.regular, color });
  const para = (s: string, size: number, width = CONTENT_W, bold = false, x = M.left) => {
    for (const line of wrapText(s, bold ? fonts.bold : fonts.regular, size, width)) {
      text(line, x, size, bold);
      y -= size * 1.35;
    }
  };

  // Heading band.
  page.drawRectangle({ x: 0, y: A4.height - 118, width: A4.width, height: 118, color: COLORS.accent });
  y = A4.height - 50;
  page.drawText(fitLine(t('poster.title'), fonts.bold, 24, CONTENT_W), { x: M.left, y, size: 24, font: fonts.bold, color: COLORS.paper });
  y -= 26;
  page.drawText(fitLine(r.company, fonts.regular, 14, CONTENT_W), { x: M.left, y, size: 14, font: fonts.regular, color: COLORS.paper });
  y -= 18;
  // The year, unless the survey's name already says it.
  const surveyLine = r.year === null || r.survey_name.includes(String(r.year)) ? r.survey_name : `${r.survey_name} · ${String(r.year)}`;
  page.drawText(fitLine(surveyLine, fonts.regular, 11, CONTENT_W), { x: M.left, y, size: 11, font: fonts.regular, color: COLORS.paper });
  y = A4.height - 150;

  // Key figures: three boxes.
  const boxes: [string, string][] = [
    [t('poster.responseRate'), r.response_rate === null ? t('poster.responses', { count: r.responses }) : nf.pct(r.response_rate)],
    [t('poster.esi'), r.esi === null ? '–' : nf.num(r.esi, 1)],
    [t('poster.enps'), r.enps === null ? '–' : nf.sign(r.enps, 1)],
  ];
  const gap = 12;
  const bw = (CONTENT_W - gap * 2) / 3;
  boxes.forEach(([label, value], i) => {
    const x = M.left + i * (bw + gap);
    page.drawRectangle({ x, y: y - 62, width: bw, height: 74, color: COLORS.accentSoft });
    // The label on up to two lines (a long name is wrapped, never cut), the figure below it.
    wrapText(label, fonts.regular, 9.5, bw - 16)
      .slice(0, 2)
      .forEach((line, l) => page.drawText(fitLine(line, fonts.regular, 9.5, bw - 16), { x: x + 8, y: y - 2 - l * 12, size: 9.5, font: fonts.regular, color: COLORS.ink }));
    page.drawText(fitLine(value, fonts.bold, 22, bw - 16), { x: x + 8, y: y - 50, size: 22, font: fonts.bold, color: COLORS.accent });
  });
  y -= 84;
  if (r.response_rate !== null) {
    text(t('poster.responses', { count: r.responses }), M.left, 9, false, COLORS.muted);
    y -= 18;
  }

  // Categories as bars on the 1–4 scale.
  if (r.categories.length > 0) {
    text(t('poster.categories'), M.left, 13, true);
    y -= 16;
    const labelW = 210;
    const barX = M.left + labelW + 8;
    const barW = CONTENT_W - labelW - 8 - 40;
    for (const c of r.categories) {
      text(fitLine(c.label, fonts.regular, 9.5, labelW), M.left, 9.5);
      page.drawRectangle({ x: barX, y: y - 2, width: barW, height: 10, color: COLORS.track });
      if (c.mean !== null) {
        page.drawRectangle({ x: barX, y: y - 2, width: (barW * (c.mean - 1)) / 3, height: 10, color: COLORS.accent });
        drawRight(page, nf.num(c.mean, 2), M.left + CONTENT_W, y, { font: fonts.bold, size: 9.5 });
      } else drawRight(page, '–', M.left + CONTENT_W, y, { font: fonts.regular, size: 9.5 });
      y -= 15;
    }
    text(t('poster.scale'), M.left, 8, false, COLORS.muted);
    y -= 22;
  } else {
    para(t('poster.tooFew', { min: r.min_group_size }), 10);
    y -= 8;
  }

  // Focus areas and their actions, beside the QR code at the bottom right.
  const qrX = M.left + CONTENT_W - QR_SIZE;
  const columnW = CONTENT_W;
  if (r.focus_areas.length > 0) {
    text(t('poster.focusAreas'), M.left, 13, true);
    y -= 17;
    for (const a of r.focus_areas) {
      if (y < M.bottom + QR_SIZE + 40) break;
      const figure = a.mean === null ? '' : ` (${nf.num(a.mean, 2)})`;
      para(`${a.label}${figure}`, 10.5, columnW, true);
      for (const x of a.actions) {
        if (y < M.bottom + QR_SIZE + 30) break;
        const line = `• ${x.title} — ${t(`poster.status.${x.status}`)} · ${t('poster.due', { date: formatDate(x.due_on) })}`;
        para(line, 9.5, columnW - 12, false, M.left + 12);
      }
      y -= 4;
    }
  }

  // HR's message.
  if (r.message.trim() !== '' && y > M.bottom + QR_SIZE + 30) {
    y -= 4;
    for (const line of wrapText(r.message, fonts.regular, 10, CONTENT_W).slice(0, 6)) {
      if (y < M.bottom + QR_SIZE + 20) break;
      text(line, M.left, 10);
      y -= 13.5;
    }
  }

  // QR code and link, bottom.
  const qrY = M.bottom + 14;
  drawQrCode(page, url, { x: qrX, y: qrY, size: QR_SIZE });
  const leftW = CONTENT_W - QR_SIZE - 16;
  let by = qrY + QR_SIZE - 14;
  for (const line of wrapText(t('poster.scan'), fonts.bold, 12, leftW)) {
    page.drawText(line, { x: M.left, y: by, size: 12, font: fonts.bold, color: COLORS.ink });
    by -= 16;
  }
  for (const line of wrapText(url, fonts.regular, 8.5, leftW)) {
    page.drawText(line, { x: M.left, y: by, size: 8.5, font: fonts.regular, color: COLORS.accent });
    by -= 11;
  }
  by -= 4;
  for (const line of wrapText(t('poster.anonymity', { min: r.min_group_size }), fonts.regular, 8, leftW)) {
    page.drawText(line, { x: M.left, y: by, size: 8, font: fonts.regular, color: COLORS.muted });
    by -= 10.5;
  }
  return await doc.save();
}
