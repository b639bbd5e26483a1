/**
 * Test helper: the text of a PDF as pdftotext (Debian poppler-utils) extracts it, i.e. what a reader
 * can select and search. Used by the print and API tests; never by the running server.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface PdfTextOptions {
  /** Keep the physical layout (pdftotext -layout). */
  layout?: boolean;
  /** Only this 1-based page. */
  page?: number;
  /** Runs of white space become single spaces (wrapped lines join up again). */
  joinLines?: boolean;
}

/** The text of PDF bytes, or of a PDF file when given its path. */
export function pdfText(pdf: Uint8Array | string, options: PdfTextOptions = {}): string {
  const args = [...(options.page ? ['-f', String(options.page), '-l', String(options.page)] : []), ...(options.layout ? ['-layout'] : [])];
  const run = (file: string): string => {
    const text = execFileSync('pdftotext', [...args, file, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    return options.joinLines ? text.replace(/\s+/g, ' ') : text;
  };
  if (typeof pdf === 'string') return run(pdf);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'izz-pdftext-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    return run(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A word as pdftotext places it: its page (1-based), text and box in points from the top-left corner. */
export interface PdfWord {
  page: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

/** Every word of a PDF with its box (pdftotext -bbox), for layout checks: nothing outside the margins, nothing overlapping. */
export function pdfWords(pdf: Uint8Array): PdfWord[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'izz-pdfwords-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    const words: PdfWord[] = [];
    let page = 0;
    for (const line of html.split('\n')) {
      if (line.includes('<page ')) page += 1;
      const m = /<word xMin="(-?[\d.]+)" yMin="(-?[\d.]+)" xMax="(-?[\d.]+)" yMax="(-?[\d.]+)">(.*)<\/word>/.exec(line);
      if (m) words.push({ page, xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), yMax: Number(m[4]), text: unescape(m[5]!) });
    }
    return words;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Words that leave the text area between `left` and `right` (points from the left edge), and pairs of words on one
 * page whose boxes overlap by more than `tolerance` points both ways: what a reader would see as text sticking out
 * of the page or printed over other text.
 */
export function layoutProblems(pdf: Uint8Array, area: { left: number; right: number }, tolerance = 0.8): string[] {
  const words = pdfWords(pdf);
  const problems: string[] = [];
  for (const w of words) if (w.xMin < area.left - tolerance || w.xMax > area.right + tolerance) problems.push(`p${w.page} "${w.text}" outside (${w.xMin.toFixed(1)}–${w.xMax.toFixed(1)})`);
  const byPage = new Map<number, PdfWord[]>();
  for (const w of words) byPage.set(w.page, [...(byPage.get(w.page) ?? []), w]);
  for (const [page, list] of byPage) {
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const a = list[i]!;
        const b = list[j]!;
        const dx = Math.min(a.xMax, b.xMax) - Math.max(a.xMin, b.xMin);
        const dy = Math.min(a.yMax, b.yMax) - Math.max(a.yMin, b.yMin);
        if (dx > tolerance && dy > tolerance) problems.push(`p${page} "${a.text}" overlaps "${b.text}"`);
      }
    }
  }
  return problems;
}
