/**
 * The file renderers the report routes offer: the PDF (print/templates/report-basic.ts,
 * report-puls.ts) and the Excel layouts (server/reports/excel*.ts). A format without a renderer
 * here is not offered (422 on ?format=).
 */
import type { ReportRenderers } from './reports.routes.js';

export const reportRenderers: ReportRenderers = {};
