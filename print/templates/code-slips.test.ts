import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfText as readPdfText } from '../pdf-text.js';
import { questionnaireLink, renderCodeSlips, SLIPS_PER_PAGE } from './code-slips.js';

const dir = mkdtempSync(path.join(tmpdir(), 'izz-print-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const pdfText = (bytes: Uint8Array) => readPdfText(bytes, { layout: true });

const codes = ['ABCDEFGHJK', 'MNPQRSTUVW', 'XYZ2345678', '9ABCDEFGHJ', 'KMNPQRSTUV', 'WXYZ234567', '89ABCDEFGH', 'JKMNPQRSTU', 'VWXYZ23456'];

describe('code slips', () => {
  it('puts eight slips on each A4 page', async () => {
    const bytes = await renderCodeSlips({ companyName: 'Acme', surveyName: 'IZZ 2026', questionnaireUrl: 'https://izz.example.com/en/questionnaire', language: 'en', codes });
    const doc = await PDFDocument.load(bytes);
    expect(SLIPS_PER_PAGE).toBe(8);
    expect(doc.getPageCount()).toBe(2);
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
  });

  it('prints Slovenian text with č š ž and every code, formatted', async () => {
    const bytes = await renderCodeSlips({
      companyName: 'Tovarna Čevljev Žiri d.o.o.',
      surveyName: 'Zadovoljstvo 2026',
      questionnaireUrl: 'https://izz.example.com/vprasalnik',
      endDate: '30.11.2026',
      language: 'sl',
      codes,
    });
    const text = pdfText(bytes);
    expect(text).toContain('Tovarna Čevljev Žiri d.o.o.');
    expect(text).toContain('Vaša dostopna koda');
    expect(text).toContain('30.11.2026');
    for (const code of codes) expect(text).toContain(`${code.slice(0, 5)}-${code.slice(5)}`);
  });

  it('prints Macedonian in Cyrillic', async () => {
    const bytes = await renderCodeSlips({ companyName: 'Фабрика ДООЕЛ', surveyName: 'Анкета 2026', questionnaireUrl: 'https://izz.example.com/mk/questionnaire', language: 'mk', codes: codes.slice(0, 1) });
    const text = pdfText(bytes);
    expect(text).toContain('Фабрика ДООЕЛ');
    expect(text).toContain('Вашиот код за пристап');
  });

  it('titles PULS slips as the pulse survey in every language, IZZ slips as the employee satisfaction survey', async () => {
    const en = pdfText(await renderCodeSlips({ companyName: 'Acme', surveyName: 'Pulse Q1', questionnaireUrl: 'https://izz.example.com/en/questionnaire-puls', language: 'en', surveyType: 'puls', codes: codes.slice(0, 1) }));
    expect(en).toContain('Pulse survey (PULS) · Pulse Q1');
    expect(en).not.toContain('Employee satisfaction survey');
    const mk = pdfText(await renderCodeSlips({ companyName: 'Фабрика', surveyName: 'Пулс', questionnaireUrl: 'https://izz.example.com/mk/questionnaire-puls', language: 'mk', surveyType: 'puls', codes: codes.slice(0, 1) }));
    expect(mk).toContain('Пулсно истражување PULS');
    const izz = pdfText(await renderCodeSlips({ companyName: 'Acme', surveyName: 'IZZ 2026', questionnaireUrl: 'https://izz.example.com/en/questionnaire', language: 'en', codes: codes.slice(0, 1) }));
    expect(izz).toContain('Employee satisfaction survey · IZZ 2026');
  });

  it('links the QR code to the questionnaire with the code', () => {
    expect(questionnaireLink('https://izz.example.com/vprasalnik', 'ABCDE-FGHJK')).toBe('https://izz.example.com/vprasalnik?code=ABCDE-FGHJK');
  });

  it('refuses invalid input', async () => {
    await expect(renderCodeSlips({ companyName: 'Acme', surveyName: 'X', questionnaireUrl: 'not a url', language: 'en', codes })).rejects.toThrow();
    await expect(renderCodeSlips({ companyName: 'Acme', surveyName: 'X', questionnaireUrl: 'https://x.test', language: 'en', codes: [] })).rejects.toThrow();
    await expect(renderCodeSlips({ companyName: 'Acme', surveyName: 'X', questionnaireUrl: 'https://x.test', language: 'en', codes: ['O0O0O0O0O0'] })).rejects.toThrow();
  });
});
