/**
 * Report Excel, version 2: the anonymised response matrix (./anonymised-matrix.ts). Sheets:
 * Responses (the reporting base: one row per respondent in content order, groupable columns as the
 * base releases them), Free text (content order, no row reference) and Columns (what each column
 * holds and what the anonymity protection did). Written row by row with the streaming writer.
 */
import type { Writable } from 'node:stream';
import { buildAnonymisedMatrix, dimensionHeader, type AnonymisedMatrix, type MatrixInput } from './anonymised-matrix.js';
import { protectionRows, t, XlsxWriter, type ColumnSpec, type ReportLanguage } from './excel.js';
import type { ReportSurvey } from '../figures/figures.js';

export type XlsxV2Input = MatrixInput;

/** Writes version 2 to `output`, or returns it as a Buffer when no stream is given. */
export async function writeReportXlsxV2(input: XlsxV2Input, output?: Writable): Promise<Buffer | undefined> {
  return writeMatrixXlsx(buildAnonymisedMatrix(input), input.survey, input.language, output);
}

export async function writeMatrixXlsx(matrix: AnonymisedMatrix, survey: ReportSurvey, language: ReportLanguage, output?: Writable): Promise<Buffer | undefined> {
  const xlsx = new XlsxWriter(output);

  const widths: Record<string, number> = { statement: 6, enps: 11, esi: 11, quasi: 18, extra: 16 };
  const columns: ColumnSpec[] = matrix.columns.map((c) => ({ header: c.header, width: widths[c.kind] ?? 12 }));
  const sheet = xlsx.sheet(t(language, 'excel.sheets.responses'), columns);
  for (const row of matrix.rows) sheet.plainRow(row);
  sheet.commit();

  const free = xlsx.sheet(t(language, 'excel.sheets.freeText'), [
    { header: t(language, 'excel.question'), width: 30 },
    { header: t(language, 'excel.text'), width: 100 },
  ]);
  for (const { question, text } of matrix.texts) free.row([question, text]);
  free.commit();

  const legend = xlsx.sheet(t(language, 'excel.sheets.columns'), [
    { header: t(language, 'excel.column'), width: 30 },
    { header: t(language, 'excel.meaning'), width: 100 },
  ]);
  for (const c of matrix.columns) legend.row([c.header, c.meaning]);
  legend.row([]);
  legend.row([t(language, 'labels.minGroup'), matrix.minGroupSize]);
  for (const row of protectionRows(matrix.protection, (q) => dimensionHeader(q, survey, language), language)) legend.row(row);
  legend.commit();

  return xlsx.finish();
}
