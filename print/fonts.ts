/**
 * The embedded Unicode fonts (DejaVu) every PDF uses, so č ć đ š ž and Cyrillic render
 * and the text stays selectable and searchable. Font files are read once per process.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fontkit, { type Font as FontkitFont } from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

const FONT_FILES = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  mono: 'DejaVuSansMono-Bold.ttf',
  /** The serif faces: only the award certificate's headings use them, embedded one by one (embedFont). */
  serif: 'DejaVuSerif.ttf',
  serifBold: 'DejaVuSerif-Bold.ttf',
} as const;

export type FontName = keyof typeof FONT_FILES;
/** The faces embedFonts embeds into every document. */
const DOCUMENT_FONTS = ['regular', 'bold', 'mono'] as const satisfies readonly FontName[];
export type Fonts = Record<(typeof DOCUMENT_FONTS)[number], PDFFont>;

const cache = new Map<FontName, Uint8Array>();

function fontBytes(name: FontName): Uint8Array {
  let bytes = cache.get(name);
  if (!bytes) {
    bytes = readFileSync(path.join(fontDir, FONT_FILES[name]));
    cache.set(name, bytes);
  }
  return bytes;
}

const measured = new Map<FontName, { font: FontkitFont; widths: Map<string, number> }>();

/**
 * The width of a text set in one of the faces, without a PDF (the SVG badge fits its lines by it): the sum of
 * the characters' advance widths (kerning left out, so never narrower than the text as set).
 */
export function textWidth(name: FontName, text: string, size: number): number {
  let face = measured.get(name);
  if (!face) {
    face = { font: fontkit.create(fontBytes(name)), widths: new Map() };
    measured.set(name, face);
  }
  let total = 0;
  for (const ch of text) {
    let w = face.widths.get(ch);
    if (w === undefined) {
      w = face.font.layout(ch).advanceWidth / face.font.unitsPerEm;
      face.widths.set(ch, w);
    }
    total += w;
  }
  return total * size;
}

/** Embeds one font, subset to the glyphs actually used. */
export async function embedFont(doc: PDFDocument, name: FontName): Promise<PDFFont> {
  doc.registerFontkit(fontkit);
  return doc.embedFont(fontBytes(name), { subset: true });
}

/** Embeds the fonts, subset to the glyphs actually used, into a document. */
export async function embedFonts(doc: PDFDocument): Promise<Fonts> {
  doc.registerFontkit(fontkit);
  const [regular, bold, mono] = await Promise.all(
    DOCUMENT_FONTS.map((name) => doc.embedFont(fontBytes(name), { subset: true })),
  );
  return { regular: regular!, bold: bold!, mono: mono! };
}
