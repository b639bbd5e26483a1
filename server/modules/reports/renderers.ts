/**
 * The file renderers of the report formats in shared/report-formats.ts: the PDFs (print/templates/report-*.ts) and the
 * Excel layouts (excel/excel-*.ts), keyed by report and format.
 *
 * Everything is rendered from the survey's reporting base. Excel v1's per-group sheets are split
 * from the base under the report's selected answers (the same classes as the web report); Excel v2
 * writes the report's figures and those of every released breakdown (under the same selected
 * answers) as one long table: aggregates only, never a row per respondent.
 */
import { renderBasicReport } from '../../../print/templates/report-basic.js';
import { renderBenchmarkReport } from '../../../print/templates/report-benchmark.js';
import { renderComparativeReport } from '../../../print/templates/report-comparative.js';
import { renderPulsReport } from '../../../print/templates/report-puls.js';
import { writeBenchmarkXlsx } from './excel/excel-benchmark.js';
import { writeComparativeXlsx } from './excel/excel-comparative.js';
import { writePulsXlsx } from './excel/excel-puls.js';
import { writeReportXlsxV1 } from './excel/excel-v1.js';
import { buildExcelV2 } from './excel/excel-v2.js';
import type { ReportFileFormatKey, ReportKind } from '../../../shared/report-formats.js';
import type { ReportRenderer } from './reports.routes.js';

function bytes(buffer: Buffer | undefined): Uint8Array {
  if (!buffer) throw new Error('the Excel writer returned no workbook');
  return buffer;
}

/** Every format of shared/report-formats.ts has its renderer (the compiler checks the table is complete). */
export const reportRenderers = {
  izz: {
    pdf: ({ source, figures, generatedOn }) => renderBasicReport({ figures, logo: source.logo ?? undefined, generatedOn }),
    xlsx1: async ({ source, figures, settings }) => bytes(await writeReportXlsxV1({ figures, survey: source.survey, base: source.base, language: settings.language })),
    xlsx2: async ({ figures, settings, released }) => {
      const { breakdowns, comments } = released();
      return bytes(await buildExcelV2({ whole: figures, breakdowns, comments, language: settings.language }));
    },
  },
  puls: {
    pdf: ({ source, figures, generatedOn, followUp }) => renderPulsReport({ figures, logo: source.logo ?? undefined, generatedOn, followUp }),
    xlsx: async ({ figures, followUp }) => bytes(await writePulsXlsx({ figures, followUp })),
  },
  comparative: {
    pdf: ({ source, figures, generatedOn, focusHistory }) => renderComparativeReport({ figures, logo: source.anchor.logo ?? undefined, generatedOn, focusHistory }),
    xlsx: async ({ figures, focusHistory }) => bytes(await writeComparativeXlsx({ figures, focusHistory })),
  },
  benchmark: {
    pdf: ({ source, figures, generatedOn }) => renderBenchmarkReport({ figures, logo: source.anchor.logo ?? undefined, generatedOn }),
    xlsx: async ({ figures }) => bytes(await writeBenchmarkXlsx({ figures })),
  },
} satisfies { [K in ReportKind]: Record<ReportFileFormatKey<K>, ReportRenderer<K>> };
