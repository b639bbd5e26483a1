/**
 * The file renderers the report routes offer: the PDFs (print/templates/report-basic.ts,
 * report-puls.ts) and the Excel layouts (server/reports/excel-*.ts). A format without a renderer
 * here is not offered (422 on ?format=).
 *
 * Excel v1's per-group sheets are computed from all responses, so they are added only to an
 * unfiltered report (with selected answers the sheets would describe another population). Excel v2
 * is the anonymised matrix of the whole survey, whatever the filter: a matrix per filter could be
 * compared with the whole one.
 */
import { renderBasicReport } from '../../../print/templates/report-basic.js';
import { renderPulsReport } from '../../../print/templates/report-puls.js';
import { writePulsXlsx } from '../../reports/excel-puls.js';
import { writeReportXlsxV1 } from '../../reports/excel-v1.js';
import { writeReportXlsxV2 } from '../../reports/excel-v2.js';
import type { ReportRenderers } from './reports.routes.js';
import { cryptoRng } from './reports.service.js';

function bytes(buffer: Buffer | undefined): Uint8Array {
  if (!buffer) throw new Error('the Excel writer returned no workbook');
  return buffer;
}

export const reportRenderers: ReportRenderers = {
  pdf: (source, figures, generatedOn) => renderBasicReport({ figures, logo: source.logo ?? undefined, generatedOn }),
  xlsx1: async (source, figures, settings) =>
    bytes(
      await writeReportXlsxV1({
        figures,
        survey: source.survey,
        ...(settings.filter.answers.length === 0 ? { responsesForGroups: source.responses } : {}),
        language: settings.language,
        rng: cryptoRng,
      }),
    ),
  xlsx2: async (source, figures, settings) =>
    bytes(await writeReportXlsxV2({ survey: source.survey, responses: source.responses, minGroupSize: figures.min_group_size, language: settings.language, rng: cryptoRng })),
  pulsPdf: (source, figures, generatedOn) => renderPulsReport({ figures, logo: source.logo ?? undefined, generatedOn }),
  pulsXlsx: async (_source, figures) => bytes(await writePulsXlsx({ figures })),
};
