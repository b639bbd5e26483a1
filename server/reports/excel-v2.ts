/**
 * Report Excel, version 2: the anonymised response matrix (./anonymised-matrix.ts). Sheets:
 * Responses (one row per response, random order, quasi-identifiers coarsened to the minimum group
 * size), Free text (shuffled, no row reference) and Columns (what each column holds and what the
 * anonymity protection did). Written row by row with the streaming writer.
 */
import type { Writable } from 'node:stream';
import type { ResponseAnswers } from '../../shared/schemas/questionnaire.js';
import type { Rng } from './anonymity.js';
import { buildAnonymisedMatrix, type AnonymisedMatrix } from './anonymised-matrix.js';
import { t, XlsxWriter, type ColumnSpec, type ReportLanguage } from './excel.js';
import type { ReportResponse, ReportSurvey } from './figures.js';

export interface XlsxV2Input {
  survey: ReportSurvey;
  responses: readonly (ReportResponse | ResponseAnswers)[];
  /** From config (MIN_GROUP_SIZE); clamped to at least 3. */
  minGroupSize: number;
  language: ReportLanguage;
  /** Row and text order; Math.random by default. */
  rng?: Rng;
}

/** Writes version 2 to `output`, or returns it as a Buffer when no stream is given. */
export async function writeReportXlsxV2(input: XlsxV2Input, output?: Writable): Promise<Buffer | undefined> {
  const matrix = buildAnonymisedMatrix({ ...input, rng: input.rng ?? Math.random });
  return writeMatrixXlsx(matrix, input.language, output);
}

export async function writeMatrixXlsx(matrix: AnonymisedMatrix, language: ReportLanguage, output?: Writable): Promise<Buffer | undefined> {
  const xlsx = new XlsxWriter(output);

  const widths: Record<string, number> = { statement: 6, enps: 11, esi: 11, quasi: 18, extra: 16 };
  const columns: ColumnSpec[] = matrix.columns.map((c) => ({ header: c.header, width: widths[c.kind] ?? 12 }));
  const sheet = xlsx.sheet(t(language, 'responses'), columns);
  for (const row of matrix.rows) sheet.plainRow(row);
  sheet.commit();

  const free = xlsx.sheet(t(language, 'freeText'), [
    { header: t(language, 'question'), width: 30 },
    { header: t(language, 'text'), width: 100 },
  ]);
  for (const { question, text } of matrix.texts) free.row([question, text]);
  free.commit();

  const legend = xlsx.sheet(t(language, 'columns'), [
    { header: t(language, 'column'), width: 30 },
    { header: t(language, 'meaning'), width: 100 },
  ]);
  for (const c of matrix.columns) legend.row([c.header, c.meaning]);
  legend.row([]);
  legend.row([t(language, 'minGroup'), matrix.minGroupSize]);
  const protection = t(language, 'coarsening', { what: '' }).replace(/[:\s]+$/, '');
  for (const q of matrix.quasi) {
    let what: string | null = null;
    if (q.treatment === 'removed') what = `${q.header}: –`;
    else if (q.treatment !== 'as-answered') {
      const parts: string[] = [];
      if (q.bands.length > 0) parts.push(q.bands.join(' / '));
      if (q.merged.length > 0) parts.push(`${q.merged.join(', ')} → ${t(language, 'other')}`);
      what = `${q.header}: ${parts.join('; ')}`;
    }
    if (what) legend.row([protection, what]);
  }
  if (matrix.hiddenRows > 0) legend.row([protection, `${t(language, 'hiddenValue')}: ${matrix.hiddenRows}`]);
  legend.commit();

  return xlsx.finish();
}
