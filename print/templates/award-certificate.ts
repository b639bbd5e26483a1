/**
 * The Best Employer award certificate a winner downloads from its profile: one A4 landscape page with a
 * double frame, the award's name and year, "awarded to" and the company's name (wrapped and shrunk to fit,
 * never overflowing), the place and size class or the special category, what the award rests on, the issue
 * date (DD.MM.YYYY), the company's logo when it has one and a vector seal with ribbons in the award's metal.
 * Texts: the `print` namespace, `award.*` (shared with the badge through award-common.ts).
 */
import { PDFDocument, rgb, type PDFFont, type PDFImage, type PDFPage, type RGB } from 'pdf-lib';
import { z } from 'zod';
import { formatDate } from '../../shared/dates.js';
import { textsFor } from '../../shared/i18n/node.js';
import { UI_LOCALE_TAGS } from '../../shared/locales.js';
import { COLORS, drawCentered } from '../blocks/charts.js';
import { fitTextBlock } from '../blocks/text.js';
import { embedFont, embedFonts, type Fonts } from '../fonts.js';
import { awardIdentitySchema, awardTexts, hexToRgb, METALS, metalOf, type AwardIdentity, type Metal } from './award-common.js';

export interface AwardCertificateInput extends AwardIdentity {
  companyName: string;
  logo?: { bytes: Uint8Array; type: 'png' | 'jpg' } | null;
  /** The day the certificate is issued, an ISO date ('2027-01-15'); printed DD.MM.YYYY. */
  issuedOn: string;
}

const inputSchema = awardIdentitySchema.extend({
  companyName: z.string().trim().min(1).max(500),
  issuedOn: z.string().refine((value) => formatDate(value) !== '', 'an ISO date'),
});

/** A4 landscape. */
export const CERTIFICATE_PAGE = { width: 841.89, height: 595.28 };
const W = CERTIFICATE_PAGE.width;
const H = CERTIFICATE_PAGE.height;
/** The text column: centred, this far from each side. */
const SIDE = 110;
const TEXT_W = W - 2 * SIDE;
/** The main text is centred between these heights; the date, logo and seal sit below. */
const TEXT_TOP = H - 62;
const TEXT_BOTTOM = 200;

const color = (hex: string): RGB => rgb(...hexToRgb(hex));

interface CertificateFonts extends Fonts {
  serif: PDFFont;
  serifBold: PDFFont;
}

/** One centred block of lines at a size, with the space it takes (line height × lines) and the gap after it. */
interface Block {
  lines: string[];
  font: PDFFont;
  size: number;
  lineHeight: number;
  color: RGB;
  gapAfter: number;
}

function drawFrame(page: PDFPage, metal: Metal): void {
  const gold = color(METALS[metal].rim);
  page.drawRectangle({ x: 22, y: 22, width: W - 44, height: H - 44, borderColor: COLORS.accent, borderWidth: 2.4 });
  page.drawRectangle({ x: 30, y: 30, width: W - 60, height: H - 60, borderColor: gold, borderWidth: 0.8 });
  // A small diamond at each inner corner.
  for (const [x, y] of [
    [30, 30],
    [W - 30, 30],
    [30, H - 30],
    [W - 30, H - 30],
  ] as const) {
    page.drawSvgPath('M 0 -6 L 6 0 L 0 6 L -6 0 Z', { x, y, color: gold });
  }
}

/** A thin rule with a diamond in its middle, under the award's name. */
function drawOrnament(page: PDFPage, cx: number, y: number, metal: Metal): void {
  const gold = color(METALS[metal].rim);
  page.drawLine({ start: { x: cx - 70, y }, end: { x: cx - 10, y }, thickness: 0.8, color: gold });
  page.drawLine({ start: { x: cx + 10, y }, end: { x: cx + 70, y }, thickness: 0.8, color: gold });
  page.drawSvgPath('M 0 -4.5 L 4.5 0 L 0 4.5 L -4.5 0 Z', { x: cx, y, color: gold });
}

/** Points of a star polygon (SVG coordinates, y down) around the origin: the rosette's scalloped edge. */
function rosettePath(points: number, outer: number, inner: number): string {
  const parts: string[] = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = (i * Math.PI) / points - Math.PI / 2;
    parts.push(`${i === 0 ? 'M' : 'L'} ${(r * Math.cos(a)).toFixed(2)} ${(r * Math.sin(a)).toFixed(2)}`);
  }
  return `${parts.join(' ')} Z`;
}

/** A five-pointed star around the origin (SVG coordinates). */
function starPath(r: number): string {
  const parts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const a = (i * Math.PI) / 5 - Math.PI / 2;
    parts.push(`${i === 0 ? 'M' : 'L'} ${(radius * Math.cos(a)).toFixed(2)} ${(radius * Math.sin(a)).toFixed(2)}`);
  }
  return `${parts.join(' ')} Z`;
}

/** The seal: two ribbon tails in the product's teal behind a rosette in the award's metal, with the year in its middle. */
function drawSeal(page: PDFPage, fonts: CertificateFonts, cx: number, cy: number, r: number, year: number, metal: Metal): void {
  const m = METALS[metal];
  const teal = COLORS.accent;
  const tealDark = rgb(0.03, 0.27, 0.31);
  // Ribbon tails (SVG coordinates relative to the seal's centre, y down), each with a notched end.
  const s = r / 50;
  const tail = (dir: 1 | -1) =>
    [
      [-30, 18],
      [-6, 26],
      [-18, 80],
      [-30, 69],
      [-43, 75],
    ]
      .map(([x, y], i) => `${i === 0 ? 'M' : 'L'} ${(dir * x! * s).toFixed(2)} ${(y! * s).toFixed(2)}`)
      .join(' ') + ' Z';
  page.drawSvgPath(tail(1), { x: cx, y: cy, color: teal });
  page.drawSvgPath(tail(-1), { x: cx, y: cy, color: tealDark });
  page.drawSvgPath(rosettePath(30, r, r * 0.9), { x: cx, y: cy, color: color(m.rim) });
  page.drawCircle({ x: cx, y: cy, size: r * 0.8, color: color(m.face) });
  page.drawCircle({ x: cx, y: cy, size: r * 0.72, borderColor: color(m.light), borderWidth: 0.8 });
  const white = COLORS.paper;
  for (const dx of [-9, 0, 9]) page.drawSvgPath(starPath(3.2 * s), { x: cx + dx * s, y: cy + r * 0.38, color: color(m.light) });
  drawCentered(page, String(year), cx, cy - r * 0.16, { font: fonts.serifBold, size: 19 * s, color: white });
  page.drawLine({ start: { x: cx - r * 0.32, y: cy - r * 0.3 }, end: { x: cx + r * 0.32, y: cy - r * 0.3 }, thickness: 0.6, color: color(m.light) });
}

async function embedLogo(doc: PDFDocument, logo: AwardCertificateInput['logo']): Promise<PDFImage | null> {
  if (!logo) return null;
  try {
    return logo.type === 'png' ? await doc.embedPng(logo.bytes) : await doc.embedJpg(logo.bytes);
  } catch {
    // A broken logo must not cost the company its certificate: the name is always printed.
    return null;
  }
}

/** Renders the certificate; returns the PDF bytes. Throws a ZodError for invalid input. */
export async function renderAwardCertificate(input: AwardCertificateInput): Promise<Uint8Array> {
  const award = inputSchema.parse(input);
  const t = textsFor(award.language, 'print');
  const texts = awardTexts(award);
  const metal = metalOf(award);

  const doc = await PDFDocument.create();
  doc.setTitle(`${texts.title} – ${award.companyName}`);
  doc.setSubject(texts.line);
  doc.setLanguage(UI_LOCALE_TAGS[award.language]);
  doc.setProducer('IZZ platform print/');
  doc.setCreationDate(new Date(0));
  doc.setModificationDate(new Date(0));
  const [base, serif, serifBold] = await Promise.all([embedFonts(doc), embedFont(doc, 'serif'), embedFont(doc, 'serifBold')]);
  const fonts: CertificateFonts = { ...base, serif, serifBold };
  const logo = await embedLogo(doc, input.logo);

  const page = doc.addPage([W, H]);
  drawFrame(page, metal);
  const cx = W / 2;
  const accentMetal = color(METALS[metal].face);

  const fit = (text: string, font: PDFFont, maxSize: number, minSize: number, maxLines: number) => fitTextBlock(text, font, { maxSize, minSize, maxWidth: TEXT_W, maxLines });
  /** One line while the text fits on one at `oneLineMin` or larger, else wrapped (and shrunk) into up to `maxLines`. */
  const fitHeading = (text: string, font: PDFFont, maxSize: number, oneLineMin: number, minSize: number, maxLines: number) =>
    font.widthOfTextAtSize(text, oneLineMin) <= TEXT_W ? fit(text, font, maxSize, oneLineMin, 1) : fit(text, font, maxSize, minSize, maxLines);
  const kicker = fit(t('award.certificate').toLocaleUpperCase(UI_LOCALE_TAGS[award.language]), fonts.bold, 12, 9, 1);
  const title = fitHeading(texts.title, fonts.serifBold, 44, 30, 22, 2);
  const awardedTo = fit(t('award.awardedTo'), fonts.serif, 15, 10, 1);
  const company = fitHeading(award.companyName, fonts.serifBold, 36, 26, 14, 4);
  const line = fit(texts.line, fonts.bold, 17, 10, 2);
  const basis = fit(t('award.basis', { year: award.year }), fonts.regular, 10.5, 8, 2);
  const ORNAMENT = 26;
  const blocks: (Block | typeof ORNAMENT)[] = [
    { ...kicker, font: fonts.bold, lineHeight: kicker.size * 1.3, color: accentMetal, gapAfter: 12 },
    { ...title, font: fonts.serifBold, lineHeight: title.size * 1.15, color: COLORS.accent, gapAfter: 8 },
    ORNAMENT,
    { ...awardedTo, font: fonts.serif, lineHeight: awardedTo.size * 1.3, color: COLORS.muted, gapAfter: 14 },
    { ...company, font: fonts.serifBold, lineHeight: company.size * 1.2, color: COLORS.ink, gapAfter: 26 },
    { ...line, font: fonts.bold, lineHeight: line.size * 1.3, color: COLORS.accent, gapAfter: 10 },
    { ...basis, font: fonts.regular, lineHeight: basis.size * 1.35, color: COLORS.muted, gapAfter: 0 },
  ];
  const height = blocks.reduce((sum, b) => sum + (b === ORNAMENT ? ORNAMENT : b.lines.length * b.lineHeight + b.gapAfter), 0);
  let y = TEXT_BOTTOM + (TEXT_TOP - TEXT_BOTTOM + height) / 2;
  for (const b of blocks) {
    if (b === ORNAMENT) {
      drawOrnament(page, cx, y - ORNAMENT / 2, metal);
      y -= ORNAMENT;
      continue;
    }
    for (const text of b.lines) {
      // The baseline sits about 0.8 of the size below the line's top.
      drawCentered(page, text, cx, y - b.size * 0.8 - (b.lineHeight - b.size) / 2, { font: b.font, size: b.size, color: b.color });
      y -= b.lineHeight;
    }
    y -= b.gapAfter;
  }

  // Bottom row: the issue date on the left, the logo in the middle, the seal on the right.
  const dateX = 190;
  drawCentered(page, formatDate(award.issuedOn), dateX, 118, { font: fonts.bold, size: 13, color: COLORS.ink });
  page.drawLine({ start: { x: dateX - 80, y: 110 }, end: { x: dateX + 80, y: 110 }, thickness: 0.6, color: COLORS.muted });
  const label = fitTextBlock(t('award.issuedOn'), fonts.regular, { maxSize: 9, minSize: 7, maxWidth: 160, maxLines: 1 });
  drawCentered(page, label.lines[0] ?? '', dateX, 98, { font: fonts.regular, size: label.size, color: COLORS.muted });

  if (logo) {
    const scale = Math.min(180 / logo.width, 72 / logo.height);
    const w = logo.width * scale;
    const h = logo.height * scale;
    page.drawImage(logo, { x: cx - w / 2, y: 120 - h / 2, width: w, height: h });
  }

  drawSeal(page, fonts, W - 190, 134, 54, award.year, metal);

  return doc.save();
}
