/**
 * Calls of the administration API (contract: .tmp/accounts-api.md, section "Admin").
 * Every call goes through the one fetch wrapper, so failures arrive as ApiError with the shared shape.
 */
import type { CurrentUser, Testimonial } from '../../../shared/schemas/user';
import { api, getData } from '../../app/api';

export const COMPANY_STATUS_FILTERS = ['all', 'unverified', 'disabled'] as const;
export type CompanyStatusFilter = (typeof COMPANY_STATUS_FILTERS)[number];

export const MAIL_STATUSES = ['queued', 'sent', 'captured', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

export interface CompanyListItem {
  id: number;
  name: string;
  tax_number: string;
  country: string;
  city: string;
  created_at: string;
  verified_at: string | null;
  disabled_at: string | null;
  user_email: string | null;
  email_verified_at: string | null;
}

/** The detail endpoint may add more company fields; the page shows the known ones. */
export interface CompanyDetail extends CompanyListItem {
  [key: string]: unknown;
}

export interface CompanyUser {
  id: number;
  email: string;
  name?: string;
  first_name?: string;
  last_name?: string;
  email_verified_at: string | null;
  created_at?: string;
  disabled_at?: string | null;
  last_login_at?: string | null;
}

export interface CompanyView {
  company: CompanyDetail;
  users: CompanyUser[];
  testimonial: Testimonial | null;
}

export interface MailItem {
  id: number;
  to: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface MailView extends MailItem {
  html: string;
  text: string;
}

export interface AuditEntry {
  id: number;
  at: string;
  actor_email: string | null;
  action: string;
  target_type: string | null;
  target_id: number | string | null;
  details: unknown;
}

export type AdminTestimonial = Testimonial & { company_id?: number };

export function listCompanies(query: { q?: string; page?: number; status?: CompanyStatusFilter }, signal?: AbortSignal) {
  return getData<Paged<CompanyListItem>>('/api/admin/companies', {
    query: { q: query.q || undefined, page: query.page, status: query.status },
    signal,
  });
}

export function getCompany(id: number | string, signal?: AbortSignal) {
  return getData<CompanyView>(`/api/admin/companies/${id}`, { signal });
}

export type CompanyAction = 'verify' | 'disable' | 'enable';

export function changeCompany(id: number, action: CompanyAction) {
  return api<{ data: CompanyDetail }>(`/api/admin/companies/${id}/${action}`, { method: 'POST' }).then((r) => r.data);
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
