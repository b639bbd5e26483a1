/**
 * The Best Employer badge a winner may put on its website: a self-contained SVG (no fonts, images, links or
 * scripts of its own; system fonts with fallbacks) of a rosette in the award's metal around a disc in the
 * product's teal, with the award's name, the year and, on a banner, the place and size class or the special
 * category in short form. Its accessible name (role="img", aria-label and <title>) is the award's full line.
 * Lines are fitted by the widths of DejaVu Sans, which is as wide as or wider than the fonts the stack names
 * before it, so a line fits in any of them; one that would not fit even at its smallest size is compressed
 * to the room it has (textLength).
 * Texts: the `print` namespace, `award.*` (shared with the certificate through award-common.ts).
 */
import { UI_LOCALE_TAGS } from '../../shared/locales.js';
import { textWidth } from '../fonts.js';
import { awardIdentitySchema, awardLabel, awardTexts, METALS, metalOf, TEAL, type AwardIdentity } from './award-common.js';

export type AwardBadgeInput = AwardIdentity;

/** The badge's side in CSS pixels (viewBox units). */
export const BADGE_SIZE = 240;
const C = BADGE_SIZE / 2;
const FONT_STACK = "Arial, Helvetica, 'Liberation Sans', 'DejaVu Sans', sans-serif";

/** Escapes text for SVG content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

const n = (v: number) => String(Math.round(v * 100) / 100);

interface Line {
  text: string;
  y: number;
  size: number;
  bold: boolean;
  fill: string;
  /** The room the line has; a line wider than it at its size is compressed to it. */
  room: number;
  letterSpacing?: number;
}

const width = (text: string, size: number, bold: boolean, letterSpacing = 0) => textWidth(bold ? 'bold' : 'regular', text, size) + letterSpacing * [...text].length;

/** The largest size from `max` down to `min` (half steps) at which the text fits `room`. */
function fitSize(text: string, bold: boolean, max: number, min: number, room: number, letterSpacing = 0): number {
  let size = max;
  while (size > min && width(text, size, bold, letterSpacing) > room) size -= 0.5;
  return size;
}

/** Two lines of about the same width from a text's words (the split whose wider line is narrowest); null for one word. */
function splitInTwo(text: string, bold: boolean): [string, string] | null {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length < 2) return null;
  let best: [string, string] = [words[0]!, words.slice(1).join(' ')];
  let bestWidest = Infinity;
  for (let i = 1; i < words.length; i++) {
    const pair: [string, string] = [words.slice(0, i).join(' '), words.slice(i).join(' ')];
    const widest = Math.max(width(pair[0], 10, bold), width(pair[1], 10, bold));
    if (widest < bestWidest) {
      best = pair;
      bestWidest = widest;
    }
  }
  return best;
}

/** The room across the disc at a line's baseline y for text of this size (the chord of the inner ring at the line's far edge). */
function chord(y: number, size: number, radius: number): number {
  const d = Math.max(Math.abs(y - C), Math.abs(y - size * 0.75 - C));
  return d >= radius ? 0 : 2 * Math.sqrt(radius * radius - d * d);
}

function textElement(line: Line): string {
  const fits = width(line.text, line.size, line.bold, line.letterSpacing) <= line.room;
  const attrs = [
    `x="${n(C)}"`,
    `y="${n(line.y)}"`,
    `font-size="${n(line.size)}"`,
    ...(line.bold ? ['font-weight="700"'] : []),
    ...(line.letterSpacing ? [`letter-spacing="${n(line.letterSpacing)}"`] : []),
    `fill="${line.fill}"`,
    ...(fits ? [] : [`textLength="${n(line.room)}"`, 'lengthAdjust="spacingAndGlyphs"']),
  ];
  return `<text ${attrs.join(' ')}>${escapeXml(line.text)}</text>`;
}

/** Points of a star polygon around the badge's centre: the rosette's scalloped edge. */
function rosette(points: number, outer: number, inner: number): string {
  const parts: string[] = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = (i * Math.PI) / points - Math.PI / 2;
    parts.push(`${n(C + r * Math.cos(a))},${n(C + r * Math.sin(a))}`);
  }
  return parts.join(' ');
}

/** Three five-pointed stars in a row, centred at height y (drawn, so no font needs the ★ glyph). */
function stars(y: number, r: number, gap: number, fill: string): string {
  return [-gap, 0, gap]
    .map((dx) => {
      const pts: string[] = [];
      for (let i = 0; i < 10; i++) {
        const radius = i % 2 === 0 ? r : r * 0.45;
        const a = (i * Math.PI) / 5 - Math.PI / 2;
        pts.push(`${n(C + dx + radius * Math.cos(a))},${n(y + radius * Math.sin(a))}`);
      }
      return `<polygon points="${pts.join(' ')}" fill="${fill}"/>`;
    })
    .join('');
}

/** Renders the badge; returns the SVG document as a string. Throws a ZodError for invalid input. */
export function renderAwardBadge(input: AwardBadgeInput): string {
  const award = awardIdentitySchema.parse(input);
  const texts = awardTexts(award);
  const label = awardLabel(award, texts);
  const metal = METALS[metalOf(award)];
  const ring = 92;

  const lines: Line[] = [];
  // The award's name in capitals: one line if it fits at a readable size, else two.
  const name = texts.name.toLocaleUpperCase(UI_LOCALE_TAGS[award.language]);
  const spacing = 0.8;
  const oneLine = fitSize(name, true, 17, 12, chord(88, 17, ring - 8), spacing);
  const pair = splitInTwo(name, true);
  if (width(name, oneLine, true, spacing) <= chord(88, oneLine, ring - 8) || !pair) {
    lines.push({ text: name, y: 88, size: oneLine, bold: true, fill: '#FFFFFF', room: chord(88, oneLine, ring - 8), letterSpacing: spacing });
  } else {
    pair.forEach((text, i) => {
      const y = 76 + i * 18;
      const size = fitSize(text, true, 15, 9, chord(y, 15, ring - 8), spacing);
      lines.push({ text, y, size, bold: true, fill: '#FFFFFF', room: chord(y, size, ring - 8), letterSpacing: spacing });
    });
  }
  lines.push({ text: String(award.year), y: 138, size: 40, bold: true, fill: '#FFFFFF', room: chord(138, 40, ring - 6) });

  // The banner across the lower half: the place and size class, or the special category.
  const banner = { x: 12, y: 150, w: BADGE_SIZE - 24, h: texts.short.secondary ? 42 : 30 };
  const room = banner.w - 20;
  const primaryY = texts.short.secondary ? banner.y + 18 : banner.y + 20;
  lines.push({ text: texts.short.primary, y: primaryY, size: fitSize(texts.short.primary, true, 14, 8, room), bold: true, fill: '#FFFFFF', room });
  if (texts.short.secondary) {
    lines.push({ text: texts.short.secondary, y: banner.y + 34, size: fitSize(texts.short.secondary, false, 11.5, 7.5, room), bold: false, fill: '#FFFFFF', room });
  }

  const tail = (dir: 1 | -1) => {
    const x0 = dir === 1 ? banner.x : banner.x + banner.w;
    const pts = [
      [x0 + dir * 10, banner.y + 8],
      [x0 - dir * 10, banner.y + 8],
      [x0 - dir * 2, banner.y + 8 + banner.h / 2],
      [x0 - dir * 10, banner.y + 8 + banner.h],
      [x0 + dir * 10, banner.y + 8 + banner.h],
    ];
    return `<polygon points="${pts.map(([x, y]) => `${n(x!)},${n(y!)}`).join(' ')}" fill="${metal.face}"/><polygon points="${n(x0 + dir * 10)},${n(banner.y + banner.h)} ${n(x0)},${n(banner.y + banner.h)} ${n(x0 + dir * 10)},${n(banner.y + banner.h + 8)}" fill="${TEAL.dark}"/>`;
  };

  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${BADGE_SIZE}" height="${BADGE_SIZE}" viewBox="0 0 ${BADGE_SIZE} ${BADGE_SIZE}" role="img" aria-label="${escapeXml(label)}">`,
    `<title>${escapeXml(label)}</title>`,
    `<polygon points="${rosette(36, 118, 109)}" fill="${metal.rim}"/>`,
    `<circle cx="${C}" cy="${C}" r="102" fill="${TEAL.accent}"/>`,
    `<circle cx="${C}" cy="${C}" r="${ring}" fill="none" stroke="${metal.light}" stroke-width="1.2"/>`,
    stars(50, 4.5, 13, metal.light),
    `<line x1="${C - 34}" y1="103" x2="${C + 34}" y2="103" stroke="${metal.light}" stroke-width="0.8"/>`,
    tail(1),
    tail(-1),
    `<rect x="${banner.x}" y="${banner.y}" width="${banner.w}" height="${banner.h}" fill="${metal.face}"/>`,
    `<rect x="${banner.x + 3}" y="${banner.y + 3}" width="${banner.w - 6}" height="${banner.h - 6}" fill="none" stroke="${metal.light}" stroke-width="0.6"/>`,
    `<g font-family="${FONT_STACK}" text-anchor="middle">`,
    ...lines.map(textElement),
    '</g>',
    stars(208, 3.5, 10, metal.light),
    '</svg>',
  ];
  return `${parts.join('\n')}\n`;
}
