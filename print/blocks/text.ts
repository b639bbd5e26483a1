import type { PDFFont } from 'pdf-lib';

/** Splits text into lines that fit maxWidth at the given size (words longer than a line are kept whole). */
export function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(candidate, size) > maxWidth) {
        lines.push(line);
        line = word;
      } else {
        line = candidate;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** Shortens a single line with an ellipsis so it fits maxWidth. */
export function fitLine(text: string, font: PDFFont, size: number, maxWidth: number): string {
  if (font.widthOfTextAtSize(text, size) <= maxWidth) return text;
  let end = text.length;
  while (end > 0 && font.widthOfTextAtSize(`${text.slice(0, end)}…`, size) > maxWidth) end--;
  return `${text.slice(0, end).trimEnd()}…`;
}

/** Splits a word wider than maxWidth into pieces that fit, at character boundaries. */
function breakWord(word: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const ch of word) {
    if (piece && font.widthOfTextAtSize(piece + ch, size) > maxWidth) {
      pieces.push(piece);
      piece = ch;
    } else {
      piece += ch;
    }
  }
  if (piece) pieces.push(piece);
  return pieces;
}

export interface TextBlockFit {
  size: number;
  lines: string[];
}

/**
 * Fits text into a box of at most `maxLines` lines no wider than `maxWidth`: the largest size from `maxSize`
 * down to `minSize` (in `step`s) at which the wrapped text fits. When even `minSize` does not, a word wider
 * than a line is broken at characters and the last line ends in an ellipsis: the block never overflows.
 */
export function fitTextBlock(text: string, font: PDFFont, opts: { maxSize: number; minSize: number; maxWidth: number; maxLines: number; step?: number }): TextBlockFit {
  const { maxSize, minSize, maxWidth, maxLines } = opts;
  const step = opts.step ?? 1;
  const clean = text.replace(/\s+/g, ' ').trim();
  for (let size = maxSize; size > minSize; size -= step) {
    const lines = wrapText(clean, font, size, maxWidth);
    if (lines.length <= maxLines && lines.every((line) => font.widthOfTextAtSize(line, size) <= maxWidth)) return { size, lines };
  }
  const size = minSize;
  const words = clean.split(' ').flatMap((word) => (font.widthOfTextAtSize(word, size) > maxWidth ? breakWord(word, font, size, maxWidth) : [word]));
  const lines = wrapText(words.join(' '), font, size, maxWidth);
  if (lines.length <= maxLines) return { size, lines };
  return { size, lines: [...lines.slice(0, maxLines - 1), fitLine(lines.slice(maxLines - 1).join(' '), font, size, maxWidth)] };
}
