/** The report calls (contract: docs/api.md, "Reports"). Errors arrive as ApiError. */
import type { FilterAnswer, PulsFigures, ReportFigures, ReportOptions } from '../../../shared/schemas/report';

export type { ReportOptions };
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
