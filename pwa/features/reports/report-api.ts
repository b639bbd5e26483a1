/** The report calls (contract: docs/api.md, "Reports"). Errors arrive as ApiError. */
import type { FilterAnswer, PulsFigures, ReportFigures, ReportOptions } from '../../../shared/schemas/report';
import type { BenchmarkFigures, ComparativeFigures, ComparativeOptions, ComparativeVariant } from '../../../shared/schemas/comparison';

export type { ComparativeOptions, ReportOptions };
import type { QuestionLanguageCode } from '../../../shared/locales';
import { getData } from '../../lib/api';

/** What the settings form holds (the shared ReportSettings before parsing). */
export interface ReportSettingsState {
  language: QuestionLanguageCode;
  chosen: string[];
  group: string | null;
  answers: FilterAnswer[];
}

export type ReportFormat = 'json' | 'pdf' | 'xlsx1' | 'xlsx2' | 'xlsx';

/** The query string of GET /api/surveys/:id/report (answers as 'question:value', repeated). */
export function reportQuery(settings: ReportSettingsState, format: ReportFormat = 'json'): string {
  const q = new URLSearchParams();
  q.set('language', settings.language);
  if (settings.chosen.length > 0) q.set('questions', settings.chosen.join(','));
  if (settings.group) q.set('group', settings.group);
  for (const a of settings.answers) q.append('answer', `${a.question}:${a.value}`);
  if (format !== 'json') q.set('format', format);
  return q.toString();
}

const base = (surveyId: number) => `/api/surveys/${String(surveyId)}/report`;

export function reportFileUrl(surveyId: number, settings: ReportSettingsState, format: ReportFormat): string {
  return `${base(surveyId)}?${reportQuery(settings, format)}`;
}

export function pulsFileUrl(surveyId: number, language: QuestionLanguageCode, format: ReportFormat): string {
  const q = new URLSearchParams({ language });
  if (format !== 'json') q.set('format', format);
  return `${base(surveyId)}/puls?${q.toString()}`;
}

export function getReportOptions(surveyId: number, signal?: AbortSignal): Promise<ReportOptions> {
  return getData<ReportOptions>(`${base(surveyId)}/options`, { signal });
}

export function getReport(surveyId: number, settings: ReportSettingsState, signal?: AbortSignal): Promise<ReportFigures> {
  return getData<ReportFigures>(`${base(surveyId)}?${reportQuery(settings)}`, { signal });
}

export function getPulsReport(surveyId: number, language: QuestionLanguageCode, signal?: AbortSignal): Promise<PulsFigures> {
  return getData<PulsFigures>(pulsFileUrl(surveyId, language, 'json'), { signal });
}

// ---------------------------------------------------------------------------------------------
// Comparative and benchmark reports (contract: shared/schemas/comparison.ts)
// ---------------------------------------------------------------------------------------------

/** What the comparative settings form holds: the variant, its question group ('groups', 'group-years') and the report language. */
export interface ComparativeSettingsState {
  variant: ComparativeVariant;
  /** Ignored (not sent) for 'years'. */
  group: string | null;
  language: QuestionLanguageCode;
}

export type ComparisonFormat = 'json' | 'pdf' | 'xlsx';

/** The query string of GET /api/surveys/:id/report/comparative: variant, group (not for 'years'), language, format. */
export function comparativeQuery(settings: ComparativeSettingsState, format: ComparisonFormat = 'json'): string {
  const q = new URLSearchParams();
  q.set('variant', settings.variant);
  if (settings.variant !== 'years' && settings.group) q.set('group', settings.group);
  q.set('language', settings.language);
  if (format !== 'json') q.set('format', format);
  return q.toString();
}

export function comparativeFileUrl(surveyId: number, settings: ComparativeSettingsState, format: ComparisonFormat): string {
  return `${base(surveyId)}/comparative?${comparativeQuery(settings, format)}`;
}

export function getComparativeOptions(surveyId: number, signal?: AbortSignal): Promise<ComparativeOptions> {
  return getData<ComparativeOptions>(`${base(surveyId)}/comparative/options`, { signal });
}

/** 'years' and 'group-years' with fewer than two finished surveys answer 409 'group-report-all-years-unavailable'; a group that does not fit 422. */
export function getComparative(surveyId: number, settings: ComparativeSettingsState, signal?: AbortSignal): Promise<ComparativeFigures> {
  return getData<ComparativeFigures>(comparativeFileUrl(surveyId, settings, 'json'), { signal });
}

export function benchmarkFileUrl(surveyId: number, language: QuestionLanguageCode, format: ComparisonFormat): string {
  const q = new URLSearchParams({ language });
  if (format !== 'json') q.set('format', format);
  return `${base(surveyId)}/benchmark?${q.toString()}`;
}

/** Before the year's award is published: 409 'report-unavailable'. */
export function getBenchmark(surveyId: number, language: QuestionLanguageCode, signal?: AbortSignal): Promise<BenchmarkFigures> {
  return getData<BenchmarkFigures>(benchmarkFileUrl(surveyId, language, 'json'), { signal });
}
