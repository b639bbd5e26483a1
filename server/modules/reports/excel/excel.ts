/**
 * Report Excel: what the three workbooks share — the texts (the 'reports' namespace),
 * ASCII-safe sheet names, header styling and the streaming writer that ends in a stream or a Buffer.
 *
 * The workbooks themselves: ./excel-v1.ts (aggregated tables), ./excel-v2.ts (the same aggregates as
 * one pivot-ready long table) and ./excel-puls.ts (PULS rounds and trend). Every
 * workbook is written with exceljs's streaming WorkbookWriter, so a large survey never holds a whole
 * workbook model in memory. Renderers only render: numbers come from the statistics module.
 */
import { PassThrough, type Writable } from 'node:stream';
import type { TFunction } from 'i18next';
import ExcelJS from 'exceljs';
import { textsFor } from '../../../../shared/i18n/node.js';
import { localizedText } from '../../../../shared/i18n/localized-text.js';
import type { QuestionLanguageCode } from '../../../../shared/locales.js';
import { roundHalfAwayFromZero } from '../../../../shared/rounding.js';
import type { ExtraQuestion } from '../../../../shared/schemas/application.js';
import { dimensionName, type LeftOutReason, type ReportProtection } from '../../../../shared/schemas/report.js';

export type ReportLanguage = QuestionLanguageCode;

// ---------------------------------------------------------------------------------------------
// Texts
// ---------------------------------------------------------------------------------------------

const textsByLanguage = new Map<string, TFunction>();

/**
 * A text of the 'reports' namespace in the report language (shared/i18n/<locale>/reports.json):
 * `labels.*` are the words the web report and the PDF use too, `excel.*` the workbooks' own.
 */
export function t(language: ReportLanguage, key: string, vars: Record<string, string | number> = {}): string {
  let texts = textsByLanguage.get(language);
  if (!texts) textsByLanguage.set(language, (texts = textsFor(language, 'reports')));
  return texts(key, vars);
}

const accountTexts = new Map<string, TFunction>();

/** An industry's name (the 'account' namespace's `industries.<code>`, as the company profile reads it). */
export function industryName(language: ReportLanguage, code: string): string {
  let texts = accountTexts.get(language);
  if (!texts) accountTexts.set(language, (texts = textsFor(language, 'account')));
  return texts(`industries.${code}`);
}

/**
 * A dimension's short name in the report language, as the web report and the PDF write it (sheet and
 * column names, the v2 breakdown column): department, location and the demographic questions by their
 * group name, an extra question by `extraTitle(id)`.
 */
export function dimensionTitle(question: string, language: ReportLanguage, extraTitle: (id: string) => string | undefined): string {
  return dimensionName(question, { group: (id) => t(language, `labels.groups.${id}`, { defaultValue: id }), extraTitle });
}

/** dimensionTitle with the extra questions' titles from the survey's definition. */
export function dimensionHeader(question: string, survey: { extraQuestions: readonly ExtraQuestion[] }, language: ReportLanguage): string {
  return dimensionTitle(question, language, (id) => {
    const q = survey.extraQuestions.find((x) => x.id === id);
    return q && (localizedText(q.title, language) || q.id);
  });
}

/** An option row's answer: the reporting base's "Other" value reads "Other: <the merged answers>". */
export function optionLabel(o: { label: string; other: boolean }, language: ReportLanguage): string {
  return o.other ? `${t(language, 'labels.other')}: ${o.label}` : o.label;
}

/**
 * How the reporting base protects the survey, as (label, text) rows: the values merged into "Other"
 * per question, the questions left out as groups and filters (with why), and the withheld
 * respondents, as the v1 Summary writes them.
 */
export function protectionRows(protection: ReportProtection, header: (question: string) => string, language: ReportLanguage): [string, string][] {
  const label = t(language, 'labels.sections.protection');
  const noAnswer = t(language, 'labels.noAnswer');
  const rows: [string, string][] = [];
  for (const m of protection.merged) rows.push([label, `${header(m.question)}: ${m.values.map((v) => v ?? noAnswer).join(', ')} → ${t(language, 'labels.other')}`]);
  const reasons: Record<LeftOutReason, string> = { 'small-combinations': 'excel.leftOutSmall', 'one-group': 'excel.leftOutOneGroup', spread: 'excel.leftOutSpread' };
  for (const l of protection.left_out) rows.push([label, `${header(l.question)}: ${t(language, reasons[l.reason])}`]);
  if (protection.withheld > 0) rows.push([label, `${t(language, 'labels.withheld')}: n = ${protection.withheld}`]);
  return rows;
}

/** The marker written where a figure is hidden by the anonymity rules. */
export function hiddenMarker(language: ReportLanguage, min: number, reason: string | null | undefined): string {
  if (reason === 'not-released') return t(language, 'excel.hiddenNotReleased');
  return reason === 'complementary' || reason === 'difference-below-minimum' ? t(language, 'excel.hiddenProtect') : t(language, 'excel.hiddenBelow', { n: min });
}

// ---------------------------------------------------------------------------------------------
// Sheet names
// ---------------------------------------------------------------------------------------------

const CYRILLIC: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', ѓ: 'gj', е: 'e', ж: 'zh', з: 'z', ѕ: 'dz', и: 'i', ј: 'j', к: 'k', л: 'l', љ: 'lj', м: 'm', н: 'n', њ: 'nj', о: 'o',
  п: 'p', р: 'r', с: 's', т: 't', ќ: 'kj', у: 'u', ф: 'f', х: 'h', ц: 'c', ч: 'ch', џ: 'dzh', ш: 'sh', ђ: 'dj', ћ: 'c', й: 'j', ы: 'y', э: 'e', ю: 'ju', я: 'ja', ь: '', ъ: '', щ: 'shch', ё: 'e',
};

/** Plain ASCII: Latin letters lose their marks (đ → dj, ß → ss), Cyrillic is transliterated. */
export function toAscii(text: string): string {
  let out = '';
  for (const ch of text) {
    const lower = ch.toLowerCase();
    const cyr = CYRILLIC[lower];
    if (cyr !== undefined) {
      out += ch !== lower && cyr ? cyr[0]!.toUpperCase() + cyr.slice(1) : cyr;
      continue;
    }
    if (ch === 'đ') out += 'dj';
    else if (ch === 'Đ') out += 'Dj';
    else if (ch === 'ß') out += 'ss';
    else if (ch === 'æ') out += 'ae';
    else if (ch === 'œ') out += 'oe';
    else if (ch === '–' || ch === '—') out += '-';
    else if (ch === '’' || ch === '‘') out += "'";
    else out += ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  }
  return out.replace(/[^\x20-\x7e]/g, '');
}

/** Excel's limit on a sheet name. */
export const SHEET_NAME_MAX = 31;

/**
 * Sheet names of one workbook: ASCII, without the characters Excel forbids ([ ] : * ? / \), not
 * starting or ending with an apostrophe, at most 31 characters, unique regardless of case.
 */
export class SheetNames {
  private readonly used = new Set<string>();

  name(wanted: string): string {
    let base = toAscii(wanted)
      .replace(/[[\]:*?/\\]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^'+|'+$/g, '');
    if (!base) base = 'Sheet';
    base = base.slice(0, SHEET_NAME_MAX).trim();
    let candidate = base;
    for (let i = 2; this.used.has(candidate.toLowerCase()); i++) {
      const suffix = ` (${i})`;
      candidate = base.slice(0, SHEET_NAME_MAX - suffix.length).trim() + suffix;
    }
    this.used.add(candidate.toLowerCase());
    return candidate;
  }
}

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

export type Cell = string | number | null | undefined;
export type Worksheet = ExcelJS.Worksheet;

export const FORMATS = {
  mean: '0.00',
  /** A share stored as a fraction (0.734 shows as 73.4%). */
  pct: '0.0%',
  /** One-decimal figures that are not shares: eNPS, ESI, margins of error in percentage points. */
  one: '0.0',
  int: '0',
  /** Changes, always signed: a mean's, a one-decimal figure's, a share's (in percentage points, shown as %). */
  meanChange: '+0.00;-0.00;0.00',
  oneChange: '+0.0;-0.0;0.0',
  pctChange: '+0.0%;-0.0%;0.0%',
} as const;
export type Format = keyof typeof FORMATS;

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F4E79' } };
const HEADER_FONT: Partial<ExcelJS.Font> = { bold: true, color: { argb: 'FFFFFFFF' } };
const MARKER_FONT: Partial<ExcelJS.Font> = { italic: true, color: { argb: 'FF7F7F7F' } };

export interface ColumnSpec {
  header: string;
  width: number;
  format?: Format;
}

/** Dates DD.MM.YYYY (shared/dates.ts); '' when missing. */
export { formatDate } from '../../../../shared/dates.js';

/** A figure share in % (0..100, one decimal) as the fraction Excel's % format expects. */
export function share(pct: number | null | undefined): number | null {
  return pct === null || pct === undefined ? null : roundHalfAwayFromZero(pct / 100, 3);
}

/** A workbook on exceljs's streaming writer that ends in `output` or, without one, in a Buffer. */
export class XlsxWriter {
  readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  readonly sheetNames = new SheetNames();
  private readonly chunks: Buffer[] = [];
  private readonly buffered: boolean;

  constructor(output?: Writable) {
    this.buffered = output === undefined;
    let stream: Writable | undefined = output;
    if (!stream) {
      const pass = new PassThrough();
      pass.on('data', (c: Buffer) => this.chunks.push(c));
      stream = pass;
    }
    // zlib level 1: a few % larger files, about twice as fast to write (level 6 is the default).
    this.workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false, zip: { zlib: { level: 1 } } });
    this.workbook.creator = 'IZZ';
  }

  /** A sheet with a styled, frozen header row (and `frozenColumns` frozen on the left). */
  sheet(name: string, columns: readonly ColumnSpec[], frozenColumns = 0): SheetWriter {
    const ws = this.workbook.addWorksheet(this.sheetNames.name(name), {
      views: [{ state: 'frozen', xSplit: frozenColumns, ySplit: 1, activeCell: 'A2' }],
    });
    ws.columns = columns.map((c) => ({ width: c.width }));
    const header = ws.addRow(columns.map((c) => c.header));
    header.eachCell((cell) => {
      cell.font = HEADER_FONT;
      cell.fill = HEADER_FILL;
      cell.alignment = { vertical: 'middle', wrapText: true };
    });
    header.commit();
    return new SheetWriter(ws, columns);
  }

  /** Commits every sheet and the workbook; the Buffer when no output stream was given. */
  async finish(): Promise<Buffer | undefined> {
    await this.workbook.commit();
    return this.buffered ? Buffer.concat(this.chunks) : undefined;
  }
}

/** Appends rows to one sheet; each value takes its column's number format. */
export class SheetWriter {
  constructor(
    readonly worksheet: Worksheet,
    private readonly columns: readonly ColumnSpec[],
  ) {}

  /** A row of values; a `{ marker }` value is written as a grey italic note (a hidden figure). */
  row(values: readonly (Cell | { marker: string })[], options: { bold?: boolean; formats?: readonly (Format | undefined)[] } = {}): void {
    const plain = values.map((v) => (v !== null && typeof v === 'object' ? v.marker : (v ?? null)));
    const row = this.worksheet.addRow(plain);
    values.forEach((v, i) => {
      const cell = row.getCell(i + 1);
      const format = options.formats?.[i] ?? this.columns[i]?.format;
      if (v !== null && typeof v === 'object') cell.font = MARKER_FONT;
      else if (typeof v === 'number' && format) cell.numFmt = FORMATS[format];
      if (options.bold) cell.font = { bold: true };
    });
    row.commit();
  }

  /** A row without per-cell styles (the fast path for large sheets). */
  plainRow(values: readonly Cell[]): void {
    this.worksheet.addRow(values as Cell[]).commit();
  }

  commit(): void {
    this.worksheet.commit();
  }
}
