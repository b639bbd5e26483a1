/**
 * Calls of the administrator's review of survey applications (docs/api.md, "Survey applications").
 * Every call goes through the one fetch wrapper, so failures arrive as ApiError in the page's language.
 */
import type { AdminApplicationDetail, AdminApplicationListItem, ApplicationType, ApplicationView, PulsRoundEnded } from '../../../shared/schemas/application';
import { api, getData } from '../../lib/api';
import type { Paged } from './admin-api';

/** The list filters: 'review' = submitted or in review (the default: what waits for the administrator). */
export const APPLICATION_FILTERS = ['review', 'approved', 'in_progress', 'changes_requested', 'finished', 'draft', 'all'] as const;
export type ApplicationFilter = (typeof APPLICATION_FILTERS)[number];
export const APPLICATION_TYPE_FILTERS = ['all', 'izz', 'puls'] as const;
export type ApplicationTypeFilter = (typeof APPLICATION_TYPE_FILTERS)[number];

export type { AdminApplicationListItem, ApplicationType };

export type { AdminApplicationDetail };

export function listApplications(query: { state?: ApplicationFilter; type?: ApplicationTypeFilter; page?: number }, signal?: AbortSignal) {
  return getData<Paged<AdminApplicationListItem>>('/api/admin/applications', {
    query: { state: query.state && query.state !== 'all' ? query.state : undefined, type: query.type && query.type !== 'all' ? query.type : undefined, page: query.page },
    signal,
  });
}

export function getApplication(id: number | string, signal?: AbortSignal) {
  return getData<AdminApplicationDetail>(`/api/admin/applications/${id}`, { signal });
}

export function approveApplication(id: number) {
  return api<{ data: ApplicationView }>(`/api/admin/applications/${id}/approve`, { method: 'POST' }).then((r) => r.data);
}

export function requestChanges(id: number, comment: string) {
  return api<{ data: ApplicationView }>(`/api/admin/applications/${id}/request-changes`, { method: 'POST', body: { comment } }).then((r) => r.data);
}

export function reissueCodes(id: number) {
  return api<{ data: { online: number; offline: number } }>(`/api/admin/applications/${id}/reissue-codes`, { method: 'POST' }).then((r) => r.data);
}

export function closeApplication(id: number) {
  return api<{ data: ApplicationView }>(`/api/admin/applications/${id}/close`, { method: 'POST' }).then((r) => r.data);
}

/** Ends the open round of a PULS survey now (the next round keeps its schedule). */
export function endRound(id: number, round: number) {
  return api<{ data: PulsRoundEnded }>(`/api/admin/applications/${id}/rounds/${round}/close`, { method: 'POST' }).then((r) => r.data);
}
