/** The public entry of the reports module: other server modules import only from here (lint). */
export { createReportsService } from './reports.service.js';
export type { ReportsService } from './reports.service.js';
export type { ReportingBase } from './figures/reporting-base.js';
export { enps, esi } from './figures/statistics.js';
export { createComparisonService } from './comparison.service.js';
export type { ComparisonService } from './comparison.service.js';
export { surveyDetail } from './figures/market.js';
export type { MarketParticipant, SurveyDetail } from './figures/market.js';
export { reportRenderers } from './renderers.js';
export { reportsRoutes } from './reports.routes.js';
