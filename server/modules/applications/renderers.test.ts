import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../print/pdf-text.js';
import { AppError } from '../../errors.js';
import { renderCodeSlipsPdf, renderCodesCsv, renderCodesXlsx, renderPaperFormsPdf, type CodesData } from './renderers.js';

const codes: CodesData = {
  surveyId: 7,
  type: 'izz',
  companyName: 'Kovina d.o.o.',
  surveyName: 'IZZ 2030',
  endDate: '31.03.2030',
  language: 'sl',
  questionnaireUrl: 'https://izz.example.com/vprasalnik',
  codes: [
    { code: 'ABCDE23456', formatted: 'ABCDE-23456', channel: 'online', email: 'ana@example.com', language: 'sl' },
    { code: 'FGHJK23456', formatted: 'FGHJK-23456', channel: 'online', email: '', language: '' },
    { code: 'MNPQR23456', formatted: 'MNPQR-23456', channel: 'paper', email: '=cmd()', language: '' },
  ],
};

describe('access code files', () => {
  it('CSV: a BOM, the header row, one line per code, formula-like cells neutralised', () => {
    const file = renderCodesCsv(codes);
    expect(file.filename).toBe('codes-7.csv');
    expect(file.contentType).toBe('text/csv; charset=utf-8');
    const text = Buffer.from(file.body).toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual(['code,channel,email,language', 'ABCDE-23456,online,ana@example.com,sl', 'FGHJK-23456,online,,', `MNPQR-23456,paper,"'=cmd()",`, '']);
  });

  it('XLSX: a Codes sheet with the header row and every code', async () => {
    const file = await renderCodesXlsx(codes);
    expect(file.filename).toBe('codes-7.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(file.body) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Codes');
    expect(sheet?.getRow(1).values).toEqual([undefined, 'code', 'channel', 'email', 'language']);
    expect(sheet?.getColumn(1).values.slice(2)).toEqual(['ABCDE-23456', 'FGHJK-23456', 'MNPQR-23456']);
  });

  it('code slips: a PDF with the online codes that have no e-mail, none when there is no online code', async () => {
    const file = await renderCodeSlipsPdf(codes);
    expect(file.filename).toBe('codes-7.pdf');
    expect(Buffer.from(file.body.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const text = pdfText(file.body);
    expect(text).toContain('FGHJK-23456');
    expect(text).not.toContain('ABCDE-23456');
    expect(text).not.toContain('MNPQR-23456');
    await expect(renderCodeSlipsPdf({ ...codes, codes: codes.codes.filter((c) => c.channel === 'paper') })).rejects.toThrow(AppError);
  });

  it("code slips carry the survey's title: the employee satisfaction survey's, or the pulse survey's for PULS", async () => {
    const izz = pdfText((await renderCodeSlipsPdf(codes)).body);
    expect(izz).toContain('Vprašalnik o zadovoljstvu zaposlenih');
    expect(izz).not.toContain('PULS');
    const puls = pdfText((await renderCodeSlipsPdf({ ...codes, type: 'puls', surveyName: 'Utrip 2030' })).body);
    expect(puls).toContain('Pulzna raziskava PULS · Utrip 2030');
    expect(puls).not.toContain('zadovoljstvu zaposlenih');
  });
});

describe('paper forms', () => {
  const data = {
    surveyId: 9,
    companyName: 'Kovina d.o.o.',
    surveyName: 'IZZ 2030',
    language: 'mk' as const,
    package: { statement_ids: [], demographic_ids: ['gender'], departments: [], locations: [], extra_questions: [] },
    questionnaireUrl: 'https://izz.example.com/vprasalnik',
    codes: ['ABCDE23456', 'FGHJK23456', 'MNPQR23456'],
  };

  it('a PDF named after the survey, its language and the part, holding the forms of that part', async () => {
    const all = await renderPaperFormsPdf(data);
    expect(all.filename).toBe('paper-forms-9-mk.pdf');
    expect(all.forms).toBe(3);
    expect(Buffer.from(all.body.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const part = await renderPaperFormsPdf(data, { from: 2, count: 1 });
    expect(part.filename).toBe('paper-forms-9-mk-2-2.pdf');
    expect(part.forms).toBe(1);
    expect(pdfText(part.body)).toContain('FGHJK-23456');
    expect(pdfText(part.body)).not.toContain('ABCDE-23456');
    await expect(renderPaperFormsPdf(data, { from: 4 })).rejects.toThrow(AppError);
  });
});
