/** The survey application calls (contract: docs/api.md, "Survey applications"). Errors arrive as ApiError. */
import type { QuestionLanguageCode } from '../../../shared/locales';
import type { ApplicationStatus, ApplicationSummary, ApplicationType, ApplicationView, EmailParseResult } from '../../../shared/schemas/application';
import { api, getData } from '../../lib/api';

/** The response shapes are shared with the server (shared/schemas/application.ts). */
export type { ApplicationStatus, ApplicationSummary, ApplicationType, EmailParseResult };

/** An application with its draft (the shared ApplicationView, narrowed to one kind of draft where the caller knows it). */
export type Application<D = ApplicationView['draft']> = Omit<ApplicationView, 'draft'> & { draft: D };

export type CodeFormat = 'csv' | 'xlsx' | 'pdf';

/** The id, or the :id of the page's URL as it stands. */
const base = (id: ApplicationSummary['id'] | string) => `/api/applications/${encodeURIComponent(String(id))}`;

export const listApplications = (type: ApplicationType, signal?: AbortSignal) => getData<ApplicationSummary[]>('/api/applications', { query: { type }, signal });
export const createApplication = (type: ApplicationType) => getData<Application>('/api/applications', { method: 'POST', body: { type } });
export const getApplication = (id: string, signal?: AbortSignal) => getData<Application>(base(id), { signal });
export const saveDraft = (id: ApplicationSummary['id'], draft: unknown) => api<{ data: Application; saved_at: string }>(`${base(id)}/draft`, { method: 'PUT', body: { draft } });
export const deleteApplication = (id: ApplicationSummary['id']) => api<void>(base(id), { method: 'DELETE' });
export const submitApplication = (id: ApplicationSummary['id']) => getData<Application>(`${base(id)}/submit`, { method: 'POST' });
export const getStatus = (id: ApplicationSummary['id'], signal?: AbortSignal) => getData<ApplicationStatus>(`${base(id)}/status`, { signal });
export const sendReminder = (id: ApplicationSummary['id']) => getData<{ sent: number }>(`${base(id)}/reminders`, { method: 'POST' });
export const codesUrl = (id: ApplicationSummary['id'], format: CodeFormat) => `${base(id)}/codes?format=${format}`;

/** An uploaded CSV/XLSX (raw bytes with its type) or pasted text, parsed by the server; the draft is not changed. */
export const parseEmailFile = (id: ApplicationSummary['id'], file: Blob, language: QuestionLanguageCode) =>
  getData<EmailParseResult>(`${base(id)}/emails/parse`, { method: 'POST', body: file, query: { language } });

/** Chromium refuses a keepalive request whose body (with the other keepalive requests in flight) exceeds 64 KiB. */
export const KEEPALIVE_MAX_BYTES = 60 * 1024;

/**
 * Saves the draft while the page goes away (pagehide, tab hidden, leaving the form): fetch with
 * keepalive outlives the page. A body too large for keepalive goes as a plain request (it completes
 * when the page stays, e.g. a hidden tab; the caller keeps a local copy for the rest).
 * Resolves with the server's saved_at, or null when it failed.
 */
export async function saveDraftKeepalive(id: ApplicationSummary['id'], draft: unknown): Promise<string | null> {
  const size = new TextEncoder().encode(JSON.stringify({ draft })).length;
  try {
    const saved = await api<{ data?: { saved_at?: string | null }; saved_at?: string | null }>(`${base(id)}/draft`, { method: 'PUT', body: { draft }, keepalive: size <= KEEPALIVE_MAX_BYTES });
    return saved.data?.saved_at ?? saved.saved_at ?? null;
  } catch {
    return null;
  }
}
