import { PDFDocument, type PDFFont } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { embedFont } from '../fonts.js';
import { fitLine, fitTextBlock, wrapText } from './text.js';

let font: PDFFont;
beforeAll(async () => {
  font = await embedFont(await PDFDocument.create(), 'bold');
});

const widest = (lines: string[], size: number) => Math.max(...lines.map((line) => font.widthOfTextAtSize(line, size)));

describe('text helpers', () => {
  it('wraps at spaces and shortens a single line with an ellipsis', () => {
    expect(wrapText('one two three', font, 10, font.widthOfTextAtSize('one two', 10))).toEqual(['one two', 'three']);
    expect(fitLine('Tovarna Čevljev Žiri d.o.o.', font, 10, 60)).toMatch(/…$/);
    expect(font.widthOfTextAtSize(fitLine('Tovarna Čevljev Žiri d.o.o.', font, 10, 60), 10)).toBeLessThanOrEqual(60);
  });

  it('keeps the largest size that fits, on as few lines as allowed', () => {
    expect(fitTextBlock('Acme d.o.o.', font, { maxSize: 30, minSize: 12, maxWidth: 400, maxLines: 2 })).toEqual({ size: 30, lines: ['Acme d.o.o.'] });
    const name = 'Gesellschaft für Qualitätssicherung und Weiterentwicklung in der Metallindustrie';
    const fit = fitTextBlock(name, font, { maxSize: 30, minSize: 12, maxWidth: 300, maxLines: 3 });
    expect(fit.size).toBeLessThan(30);
    expect(fit.lines.length).toBeLessThanOrEqual(3);
    expect(widest(fit.lines, fit.size)).toBeLessThanOrEqual(300);
    expect(fit.lines.join(' ')).toBe(name);
  });

  it('never overflows: breaks a word wider than a line and ends a text too long for the lines in an ellipsis', () => {
    const word = 'Ž'.repeat(80);
    const broken = fitTextBlock(word, font, { maxSize: 20, minSize: 10, maxWidth: 200, maxLines: 5 });
    expect(broken.size).toBe(10);
    expect(broken.lines.length).toBeGreaterThan(1);
    expect(broken.lines.join('')).toBe(word);
    expect(widest(broken.lines, 10)).toBeLessThanOrEqual(200);

    const long = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const cut = fitTextBlock(long, font, { maxSize: 20, minSize: 10, maxWidth: 200, maxLines: 2 });
    expect(cut.lines).toHaveLength(2);
    expect(cut.lines[1]).toMatch(/…$/);
    expect(widest(cut.lines, 10)).toBeLessThanOrEqual(200);
  });
});
