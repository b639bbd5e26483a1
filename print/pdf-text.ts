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
