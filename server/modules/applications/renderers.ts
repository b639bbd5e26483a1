/**
 * The files the applications routes offer: the access codes (CSV, XLSX, code slips PDF) and the paper
 * forms PDF. Each renderer takes what the service gathered (the survey's language in it) and returns
 * { filename, contentType, body }; the routes only authorise, call the service and a renderer, and send.
 */
import ExcelJS from 'exceljs';
import { renderCodeSlips, renderPaperForms, type PaperFormInput } from '../../../print/index.js';
import { FILE_TYPES } from '../../../shared/report-formats.js';
import { AppError } from '../../errors.js';
import type { RenderedFile } from '../../lib/files.js';
export type CodesFormat = 'csv' | 'xlsx' | 'pdf';

/** The live codes of a survey (service.codes), with the origin the questionnaire link is built on. */
export interface CodesData {
  surveyId: number;
  /** The code slips' title: the survey's type. */
  type: 'izz' | 'puls';
  companyName: string;
  surveyName: string;
  endDate?: string;
  language: string;
  questionnaireUrl: string;
  codes: { code: string; formatted: string; channel: 'online' | 'paper'; email: string; language: string }[];
}

/** What the paper forms of a survey need (service.paperForms), the questionnaire link resolved. */
export interface PaperFormsData extends Omit<PaperFormInput, 'companyName' | 'surveyName'> {
  surveyId: number;
  companyName: string;
  surveyName: string;
}

/** A spreadsheet cell: quoted when needed, and a leading = + - @ neutralised (no formula injection). */
const csvCell = (v: string) => (/[",\n\r]/.test(v) || /^[=+\-@]/.test(v) ? `"${(/^[=+\-@]/.test(v) ? `'${v}` : v).replace(/"/g, '""')}"` : v);

/** One line per code (UTF-8 with a BOM, CRLF), so Excel opens it with the right characters. */
export function renderCodesCsv(data: CodesData): RenderedFile {
  const lines = ['code,channel,email,language', ...data.codes.map((c) => [c.formatted, c.channel, c.email, c.language].map(csvCell).join(','))];
  return { filename: `codes-${data.surveyId}.csv`, contentType: FILE_TYPES.csv, body: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8') };
}

export async function renderCodesXlsx(data: CodesData): Promise<RenderedFile> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Codes');
  sheet.columns = [
    { header: 'code', key: 'code', width: 16 },
    { header: 'channel', key: 'channel', width: 10 },
    { header: 'email', key: 'email', width: 32 },
    { header: 'language', key: 'language', width: 10 },
  ];
  for (const c of data.codes) sheet.addRow({ code: c.formatted, channel: c.channel, email: c.email, language: c.language });
  const buffer = await workbook.xlsx.writeBuffer();
  return { filename: `codes-${data.surveyId}.xlsx`, contentType: FILE_TYPES.xlsx, body: Buffer.from(buffer as ArrayBuffer) };
}

/**
 * Slips are for online respondents without e-mail (paper codes go on the paper forms); when every
 * online code has an e-mail, all online codes are printed (HR may still hand them out on paper).
 * No online code: 404 'not-found'.
 */
export async function renderCodeSlipsPdf(data: CodesData): Promise<RenderedFile> {
  const online = data.codes.filter((c) => c.channel === 'online');
  const withoutEmail = online.filter((c) => !c.email);
  const slipCodes = withoutEmail.length > 0 ? withoutEmail : online;
  if (slipCodes.length === 0) throw new AppError('not-found');
  const pdf = await renderCodeSlips({
    companyName: data.companyName || '-',
    surveyName: data.surveyName || '-',
    questionnaireUrl: data.questionnaireUrl,
    endDate: data.endDate,
    language: data.language as 'en',
    surveyType: data.type,
    codes: slipCodes.map((c) => c.code),
  });
  return { filename: `codes-${data.surveyId}.pdf`, contentType: FILE_TYPES.pdf, body: pdf };
}

export const codesRenderers: Record<CodesFormat, (data: CodesData) => RenderedFile | Promise<RenderedFile>> = {
  csv: renderCodesCsv,
  xlsx: renderCodesXlsx,
  pdf: renderCodeSlipsPdf,
};

/** Surveys whose paper forms are being generated in this process: one batch at a time each (429 'rate-limited' otherwise). */
const paperFormsInFlight = new Set<number>();

/**
 * All paper forms, or the part from/count (1-based position in the survey's unused paper codes), as one
 * PDF; 1,000 forms take a few seconds (docs/benchmarks.md). No code in the part: 404 'not-found'.
 * `forms` is how many forms the file holds.
 */
export async function renderPaperFormsPdf(data: PaperFormsData, part: { from: number; count?: number } = { from: 1 }): Promise<RenderedFile & { forms: number }> {
  const codes = data.codes.slice(part.from - 1, part.count ? part.from - 1 + part.count : undefined);
  if (codes.length === 0) throw new AppError('not-found');
  if (paperFormsInFlight.has(data.surveyId)) throw new AppError('rate-limited');
  paperFormsInFlight.add(data.surveyId);
  let pdf: Uint8Array;
  try {
    pdf = await renderPaperForms({
      companyName: data.companyName || '-',
      logo: data.logo,
      surveyName: data.surveyName || '-',
      language: data.language,
      package: data.package,
      endDate: data.endDate,
      questionnaireUrl: data.questionnaireUrl,
      codes,
      surveyId: data.surveyId,
    });
  } finally {
    paperFormsInFlight.delete(data.surveyId);
  }
  const suffix = part.from > 1 || part.count ? `-${part.from}-${part.from + codes.length - 1}` : '';
  return { filename: `paper-forms-${data.surveyId}-${data.language}${suffix}.pdf`, contentType: FILE_TYPES.pdf, body: pdf, forms: codes.length };
}
