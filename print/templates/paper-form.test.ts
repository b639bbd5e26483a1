import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { PDFDocument } from 'pdf-lib';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paperFormLayout, paperMarkerCentres, paperPageBoxes, parsePaperPageMark, type PaperFormPackage } from '../../shared/paper-form.js';
import { STATEMENTS } from '../../shared/question-banks/index.js';
import { pdfText as readPdfText } from '../pdf-text.js';
import { renderPaperForms, renderPaperFormsNaive, renderPaperFormTemplate, type PaperFormInput } from './paper-form.js';

const dir = mkdtempSync(path.join(tmpdir(), 'izz-paper-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function save(bytes: Uint8Array): string {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return file;
}
const pdfText = (file: string, page?: number) => readPdfText(file, { layout: true, ...(page ? { page } : {}) });

/** Renders one page's top right corner (where the code is) to PNG with pdftoppm and decodes the QR code with jsQR. */
function decodeQr(file: string, page: number): string | null {
  const out = path.join(dir, `page-${Math.random().toString(36).slice(2)}`);
  execFileSync('pdftoppm', ['-png', '-r', '150', '-f', String(page), '-l', String(page), '-x', '850', '-y', '0', '-W', '390', '-H', '300', '-singlefile', file, out]);
  const png = PNG.sync.read(readFileSync(`${out}.png`));
  return jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height)?.data ?? null;
}

const codes = ['ABCDEFGHJK', 'MNPQRSTUVW', 'XYZ2345678'];
const base = (language: 'sl' | 'mk'): PaperFormInput => ({
  companyName: language === 'mk' ? 'Фабрика Охрид ДООЕЛ' : 'Tovarna Čevljev Žiri d.o.o.',
  surveyName: language === 'mk' ? 'Анкета 2026' : 'Zadovoljstvo 2026',
  language,
  package: {
    statement_ids: STATEMENTS.map((s) => s.id),
    demographic_ids: ['gender', 'age_group'],
    departments: ['Proizvodnja', 'Skladišče'],
    locations: ['Žiri'],
    extra_questions: [
      { id: 'q1', type: 'radio', title: { sl: 'Kako pridete na delo?', mk: 'Како доаѓате на работа?' }, description: {}, answers: [{ sl: 'Z avtom', mk: 'Со автомобил' }, { sl: 'Peš', mk: 'Пешки' }], required: true, allow_comments: false },
      { id: 'q2', type: 'text250', title: { sl: 'Kaj bi izboljšali?', mk: 'Што би подобриле?' }, description: {}, answers: [], required: false, allow_comments: false },
    ],
  },
  endDate: '30.11.2026',
  questionnaireUrl: language === 'mk' ? 'https://izz.example.com/mk/questionnaire' : 'https://izz.example.com/vprasalnik',
  codes,
});

describe('paper forms', { timeout: 30_000 }, () => {
  let slFile = '';
  let perForm = 0;
  beforeAll(async () => {
    slFile = save(await renderPaperForms(base('sl')));
    perForm = (await renderPaperFormTemplate(base('sl'))).pages;
  }, 60_000);

  it('has forms x pages per form A4 pages, an even count per form', async () => {
    const doc = await PDFDocument.load(readFileSync(slFile));
    expect(perForm).toBeGreaterThanOrEqual(4);
    expect(perForm % 2).toBe(0);
    expect(doc.getPageCount()).toBe(codes.length * perForm);
    const { width, height } = doc.getPage(doc.getPageCount() - 1).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
  });

  it('prints Slovenian text with č š ž, statements, and the form code and page x of n on every page', () => {
    const all = pdfText(slFile);
    expect(all).toContain('Tovarna Čevljev Žiri d.o.o.');
    expect(all).toContain('Sploh se ne');
    expect(all).toContain('Lastniki, direktorji in člani uprave ne sodelujejo v anketi.');
    expect(all).toContain('30.11.2026');
    expect(all).toContain('Kako pridete na delo?');
    for (const s of STATEMENTS.slice(0, 5)) expect(all.replace(/\s+/g, ' ')).toContain(s.text.sl.split(' ').slice(0, 3).join(' '));
    codes.forEach((code, f) => {
      for (let p = 1; p <= perForm; p++) {
        const text = pdfText(slFile, f * perForm + p);
        expect(text).toContain(`${code.slice(0, 5)}-${code.slice(5)}`);
        expect(text).toContain(`Stran ${p} od ${perForm}`);
      }
    });
  });

  it('prints Macedonian in Cyrillic', async () => {
    const file = save(await renderPaperForms({ ...base('mk'), codes: codes.slice(0, 1) }));
    const text = pdfText(file).replace(/\s+/g, ' ');
    expect(text).toContain('Фабрика Охрид ДООЕЛ');
    expect(text).toContain('Код на прашалникот');
    expect(text).toContain(STATEMENTS[0]!.text.mk.split(' ').slice(0, 3).join(' '));
    expect(text).toContain('Воопшто не се согласувам'.split(' ')[0]);
  });

  it('has a QR code on the pages that opens the questionnaire with that form’s code and marks the page', () => {
    expect(decodeQr(slFile, 1)).toBe(`https://izz.example.com/vprasalnik?code=ABCDE-FGHJK&pg=1-${perForm}&lv=1`);
    expect(decodeQr(slFile, perForm + 2)).toBe(`https://izz.example.com/vprasalnik?code=MNPQR-STUVW&pg=2-${perForm}&lv=1`);
    expect(decodeQr(slFile, 3 * perForm)).toBe(`https://izz.example.com/vprasalnik?code=XYZ23-45678&pg=${perForm}-${perForm}&lv=1`);
    // The keying's code field still takes it (pwa/features/paper-entry/keying.ts codeFromInput reads ?code=).
    expect(parsePaperPageMark(decodeQr(slFile, 2) ?? '')).toEqual({ code: 'ABCDE-FGHJK', survey: null, page: 2, pages: perForm, layout: 1 });
  }, 30_000);

  it('prints every answer box of the shared layout where the layout says (one description for print and reader)', async () => {
    const file = save(await renderPaperForms({ ...base('sl'), codes: codes.slice(0, 1), surveyId: 7 }));
    const layout = paperFormLayout(base('sl').package as PaperFormPackage);
    expect(layout.pages.length).toBe(perForm);
    const out = path.join(dir, `boxes-${Math.random().toString(36).slice(2)}`);
    execFileSync('pdftoppm', ['-png', '-gray', '-r', '72', '-f', '1', '-l', '1', '-singlefile', file, out]);
    const png = PNG.sync.read(readFileSync(`${out}.png`));
    const grey = (x: number, y: number) => png.data[(Math.round(y) * png.width + Math.round(x)) * 4]!;
    const boxes = paperPageBoxes(layout, 1);
    expect(boxes.length).toBeGreaterThan(10);
    for (const b of boxes) {
      // The border is dark on every side, the middle is paper.
      expect(grey(b.x + b.size / 2, b.y)).toBeLessThan(140);
      expect(grey(b.x, b.y + b.size / 2)).toBeLessThan(140);
      expect(grey(b.x + b.size / 2, b.y + b.size / 2 + 2)).toBeGreaterThan(150);
    }
    for (const c of paperMarkerCentres()) expect(grey(c.x, c.y)).toBeLessThan(40);
    expect(parsePaperPageMark(decodeQr(file, 1) ?? '')?.survey).toBe(7);
  }, 30_000);

  it('lays out the same pages as building every form from scratch', async () => {
    const naive = await PDFDocument.load(await renderPaperFormsNaive({ ...base('sl'), codes: codes.slice(0, 1) }));
    expect(naive.getPageCount()).toBe(perForm);
  });

  it('refuses invalid input', async () => {
    await expect(renderPaperForms({ ...base('sl'), codes: [] })).rejects.toThrow();
    await expect(renderPaperForms({ ...base('sl'), questionnaireUrl: 'nope' })).rejects.toThrow();
    await expect(renderPaperForms({ ...base('sl'), codes: ['O0O0O0O0O0'] })).rejects.toThrow();
  });
});
