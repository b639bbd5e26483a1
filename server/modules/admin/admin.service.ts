/**
 * The administrator's tools: companies (search, view, verify, disable, enable), the mail outbox (list,
 * view, retry), testimonial moderation, the audit log, and login-as-client. Every action is audited
 * with the acting administrator (the session's own user).
 */
import { MARKETS } from '../../../shared/constants.js';
import {
  ADMIN_PAGE_SIZE,
  type AdminCompany,
  type AdminCompanyDetail,
  type AdminCompanyListItem,
  type AdminOutboxDetail,
  type AdminOutboxItem,
  type AdminTestimonial,
  type AuditEntry,
} from '../../../shared/schemas/admin.js';
import type { CurrentUser } from '../../../shared/schemas/user.js';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../errors.js';
import type { UserRow } from '../auth/index.js';
import { toCurrentUser, type AuthService } from '../auth/index.js';
import type { MailRow } from '../mail/index.js';
import type { TestimonialRow } from '../profile/index.js';
import { oneOf, toCompanyData } from '../profile/index.js';
import { toTestimonial } from '../profile/index.js';
import { createAdminRepo, type CompanyRow } from './admin.repo.js';
import { createAuditRepo } from './audit.repo.js';

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

function toCompany(row: CompanyRow): AdminCompany {
  return {
    id: row.id,
    name: row.name,
    ...toCompanyData(row),
    created_at: row.created_at,
    updated_at: row.updated_at,
    verified_at: row.verified_at,
    disabled_at: row.disabled_at,
  };
}

const toOutboxItem = (row: MailRow): AdminOutboxItem => ({
  id: row.id,
  to: row.to_address,
  subject: row.subject,
  status: row.status,
  attempts: row.attempts,
  last_error: row.last_error,
  created_at: row.created_at,
  sent_at: row.sent_at,
});

const toAdminTestimonial = (row: TestimonialRow): AdminTestimonial => ({
  ...toTestimonial(row),
  company_id: row.company_id,
  created_at: row.created_at,
  reviewed_at: row.reviewed_at,
});

export function createAdminService(deps: { db: Db; auth: AuthService; kickMail?: () => void }) {
  const { db, auth } = deps;
  const repo = createAdminRepo(db);
  const audit = createAuditRepo(db);
  const paging = (page: number) => ({ limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE });
  const record = (actor: UserRow, action: string, targetType?: string, targetId?: string | number, details?: Record<string, unknown>) =>
    audit.insert({ actorUserId: actor.id, actorEmail: actor.email, action, targetType, targetId, details });
  const companyOrThrow = (id: number) => {
    const row = repo.company(id);
    if (!row) throw new AppError('not-found');
    return row;
  };

  return {
    companies(query: { q?: string; status: 'all' | 'unverified' | 'disabled'; page: number }): Paged<AdminCompanyListItem> {
      const { rows, total } = repo.companies({ q: query.q || undefined, status: query.status, ...paging(query.page) });
      return {
        items: rows.map((r) => ({ ...r, country: oneOf(MARKETS, r.country, 'si') })),
        total,
        page: query.page,
        page_size: ADMIN_PAGE_SIZE,
      };
    },

    company(id: number): AdminCompanyDetail {
      const company = companyOrThrow(id);
      const testimonialId = repo.testimonialIdOfCompany(id);
      const t = testimonialId !== undefined ? repo.testimonial(testimonialId) : undefined;
      return { company: toCompany(company), users: repo.companyUsers(id), testimonial: t ? toTestimonial(t) : null };
    },

    setCompanyState(actor: UserRow, id: number, action: 'verify' | 'disable' | 'enable'): AdminCompany {
      companyOrThrow(id);
      db.transaction(() => {
        const now = new Date().toISOString();
        if (action === 'verify') repo.setCompanyState(id, 'verified_at', now);
        if (action === 'enable') repo.setCompanyState(id, 'disabled_at', null);
        if (action === 'disable') {
          repo.setCompanyState(id, 'disabled_at', now);
          for (const user of repo.companyUsers(id)) {
            auth.repo.revokeUserSessions(user.id, now);
            auth.repo.endActingSessions(user.id);
          }
        }
        record(actor, `company.${action}`, 'company', id);
      });
      return toCompany(companyOrThrow(id));
    },

    outbox(query: { status?: string; page: number }): Paged<AdminOutboxItem> {
      const { rows, total } = repo.outbox({ status: query.status, ...paging(query.page) });
      return { items: rows.map(toOutboxItem), total, page: query.page, page_size: ADMIN_PAGE_SIZE };
    },

    /** The full mail (its links are live tokens, so viewing is audited). */
    mail(actor: UserRow, id: number): AdminOutboxDetail {
      const row = repo.mail(id);
      if (!row) throw new AppError('not-found');
      record(actor, 'outbox.view', 'mail', id);
      return { ...toOutboxItem(row), html: row.html, text: row.text, locale: row.locale };
    },

    retryMail(actor: UserRow, id: number): AdminOutboxItem {
      const row = repo.mail(id);
      if (!row) throw new AppError('not-found');
      if (row.status !== 'failed' && row.status !== 'captured') {
        throw new AppError('validation-failed', {
          details: [{ location: 'params', path: 'id', code: 'invalid-status', message: `Only failed or captured mails can be retried (this one is ${row.status}).` }],
        });
      }
      if (row.to_address === '') {
        // A respondent mail of a finished survey: its address was deleted with the survey's e-mail list.
        throw new AppError('validation-failed', {
          details: [{ location: 'params', path: 'id', code: 'recipient-deleted', message: 'The recipient of this mail was deleted when its survey finished.' }],
        });
      }
      db.transaction(() => {
        repo.requeueMail(id, new Date().toISOString());
        record(actor, 'outbox.retry', 'mail', id, { previous_status: row.status, attempts: row.attempts });
      });
      deps.kickMail?.();
      return toOutboxItem(repo.mail(id) as MailRow);
    },

    testimonials(status?: string): AdminTestimonial[] {
      return repo.testimonials(status).map(toAdminTestimonial);
    },

    setTestimonialStatus(actor: UserRow, id: number, status: 'approved' | 'hidden'): AdminTestimonial {
      if (!repo.testimonial(id)) throw new AppError('not-found');
      db.transaction(() => {
        repo.setTestimonialStatus(id, status, new Date().toISOString());
        record(actor, status === 'approved' ? 'testimonial.approve' : 'testimonial.hide', 'testimonial', id);
      });
      return toAdminTestimonial(repo.testimonial(id) as TestimonialRow);
    },

    auditLog(page: number): Paged<AuditEntry> {
      const { rows, total } = audit.page(ADMIN_PAGE_SIZE, (page - 1) * ADMIN_PAGE_SIZE);
      return {
        items: rows.map((r) => ({ ...r, details: JSON.parse(r.details) as Record<string, unknown> })),
        total,
        page,
        page_size: ADMIN_PAGE_SIZE,
      };
    },

    /** The administrator's current session acts as the company's first user from now on. */
    loginAsClient(actor: UserRow, sessionId: string, companyId: number): CurrentUser {
      const company = companyOrThrow(companyId);
      const targetId = repo.firstCompanyUserId(companyId);
      if (targetId === undefined) throw new AppError('not-found');
      const user = auth.repo.findUserById(targetId) as UserRow;
      db.transaction(() => {
        auth.repo.setActingUser(sessionId, user.id);
        record(actor, 'login-as-client.start', 'company', companyId, { user_id: user.id, user_email: user.email, company_name: company.name });
      });
      return toCurrentUser(user, { id: actor.id, email: actor.email });
    },

    stopLoginAsClient(actor: UserRow, sessionId: string, actingUserId: number | null): CurrentUser {
      db.transaction(() => {
        auth.repo.setActingUser(sessionId, null);
        if (actingUserId !== null) record(actor, 'login-as-client.stop', 'user', actingUserId);
      });
      return toCurrentUser(actor);
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
