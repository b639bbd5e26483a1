/**
 * Calls of the administration API (contract: docs/api.md and the zod schemas in shared/schemas/).
 * Every call goes through the one fetch wrapper, so failures arrive as ApiError with the shared shape.
 */
import {
  COMPANY_STATUS_FILTERS,
  MAIL_STATUSES,
  type AdminCompany,
  type AdminCompanyDetail,
  type AdminCompanyListItem,
  type AdminOutboxDetail,
  type AdminOutboxItem,
  type AdminTestimonial,
  type AuditEntry,
} from '../../../shared/schemas/admin';
import type { PriceSettings } from '../../../shared/pricing';
import type { CurrentUser } from '../../../shared/schemas/user';
import { api, getData } from '../../lib/api';

export { COMPANY_STATUS_FILTERS, MAIL_STATUSES };
export type { AdminCompany, AdminCompanyDetail, AdminTestimonial, AuditEntry };
export type CompanyStatusFilter = (typeof COMPANY_STATUS_FILTERS)[number];
export type MailStatus = (typeof MAIL_STATUSES)[number];
export type CompanyListItem = AdminCompanyListItem;
export type MailItem = AdminOutboxItem;
export type MailView = AdminOutboxDetail;

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

export function listCompanies(query: { q?: string; page?: number; status?: CompanyStatusFilter }, signal?: AbortSignal) {
  return getData<Paged<CompanyListItem>>('/api/admin/companies', {
    query: { q: query.q || undefined, page: query.page, status: query.status },
    signal,
  });
}

export function getCompany(id: number | string, signal?: AbortSignal) {
  return getData<AdminCompanyDetail>(`/api/admin/companies/${id}`, { signal });
}

export type CompanyAction = 'verify' | 'disable' | 'enable';

export function changeCompany(id: number, action: CompanyAction) {
  return api<{ data: AdminCompany }>(`/api/admin/companies/${id}/${action}`, { method: 'POST' }).then((r) => r.data);
}

export function listOutbox(query: { status?: MailStatus | ''; page?: number }, signal?: AbortSignal) {
  return getData<Paged<MailItem>>('/api/admin/outbox', {
    query: { status: query.status || undefined, page: query.page },
    signal,
  });
}

export function getMail(id: number, signal?: AbortSignal) {
  return getData<MailView>(`/api/admin/outbox/${id}`, { signal });
}

export function retryMail(id: number) {
  return api<{ data: MailItem }>(`/api/admin/outbox/${id}/retry`, { method: 'POST' }).then((r) => r.data);
}

export function listTestimonials(status: string, signal?: AbortSignal) {
  return getData<AdminTestimonial[]>('/api/admin/testimonials', { query: { status: status || undefined }, signal });
}

export function changeTestimonial(id: number, action: 'approve' | 'hide') {
  return api<{ data: AdminTestimonial }>(`/api/admin/testimonials/${id}/${action}`, { method: 'POST' }).then((r) => r.data);
}

export function listAuditLog(page: number, signal?: AbortSignal) {
  return getData<Paged<AuditEntry>>('/api/admin/audit-log', { query: { page }, signal });
}

export function startActingAs(companyId: number) {
  return api<{ data: CurrentUser }>('/api/admin/login-as-client', { method: 'POST', body: { company_id: companyId } }).then((r) => r.data);
}

/** The calculator's prices (public GET) and their replacement (administrators; audited). */
export function getPrices(signal?: AbortSignal) {
  return getData<PriceSettings>('/api/prices', { signal });
}

export function updatePrices(settings: PriceSettings) {
  return api<{ data: PriceSettings }>('/api/admin/prices', { method: 'PUT', body: settings }).then((r) => r.data);
}
