/**
 * The report files: which reports come in which file formats, with each file's content type, file-name ending and the
 * label key of its download button (shared/i18n/<locale>/reports.json, `downloads.*`). The server's routes offer
 * exactly these (server/modules/reports/renderers.ts renders each, keyed by this table) and the PWA's download lists
 * read them from here, so a new report output is one row here plus its renderer.
 */

/** Content types of the files the platform hands out. */
export const FILE_TYPES = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  svg: 'image/svg+xml; charset=utf-8',
} as const;

export type FileExtension = keyof typeof FILE_TYPES;

export interface ReportFileFormat {
  extension: FileExtension;
  /** Added to the file's stem before the extension ('-v1' → '…-en-v1.xlsx'). */
  suffix: string;
  /** The download button's label: `downloads.<labelKey>` in reports.json. */
  labelKey: 'pdf' | 'xlsx' | 'xlsx1' | 'xlsx2';
}

export const REPORT_KINDS = ['izz', 'puls', 'comparative', 'benchmark'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

const PDF: ReportFileFormat = { extension: 'pdf', suffix: '', labelKey: 'pdf' };
const XLSX: ReportFileFormat = { extension: 'xlsx', suffix: '', labelKey: 'xlsx' };

/** Per report, its file formats in the order the download list shows them (`?format=<key>`; `json` is the data). */
export const REPORT_FILE_FORMATS = {
  izz: {
    pdf: PDF,
    xlsx1: { extension: 'xlsx', suffix: '-v1', labelKey: 'xlsx1' },
    xlsx2: { extension: 'xlsx', suffix: '-v2', labelKey: 'xlsx2' },
  },
  puls: { pdf: PDF, xlsx: XLSX },
  comparative: { pdf: PDF, xlsx: XLSX },
  benchmark: { pdf: PDF, xlsx: XLSX },
} as const satisfies Record<ReportKind, Record<string, ReportFileFormat>>;

export type ReportFileFormatKey<K extends ReportKind> = keyof (typeof REPORT_FILE_FORMATS)[K] & string;

/** The file formats of a report, in download-list order. */
export function reportFileFormats<K extends ReportKind>(kind: K): Array<ReportFileFormatKey<K>> {
  return Object.keys(REPORT_FILE_FORMATS[kind]) as Array<ReportFileFormatKey<K>>;
}

/** The format row of a report file (undefined for a format the report does not have). */
export function reportFileFormat(kind: ReportKind, format: string): ReportFileFormat | undefined {
  const formats: Record<string, ReportFileFormat> = REPORT_FILE_FORMATS[kind];
  return Object.hasOwn(formats, format) ? formats[format] : undefined;
}

/** A report file's name: its stem, the format's suffix and extension ('report-en' + xlsx1 → 'report-en-v1.xlsx'). */
export function reportFileName(stem: string, format: ReportFileFormat): string {
  return `${stem}${format.suffix}.${format.extension}`;
}
