/**
 * The embedded Unicode fonts (DejaVu) every PDF uses, so č ć đ š ž and Cyrillic render
 * and the text stays selectable and searchable. Font files are read once per process.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
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
