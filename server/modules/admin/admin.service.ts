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
import { isDisabled, toCurrentUser, type AuthService } from '../auth/index.js';
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
  const record = async (actor: UserRow, action: string, targetType?: string, targetId?: string | number, details?: Record<string, unknown>) =>
    await audit.insert({ actorUserId: actor.id, actorEmail: actor.email, action, targetType, targetId, details });
  const companyOrThrow = async (id: number) => {
    const row = await repo.company(id);
    if (!row) throw new AppError('not-found');
    return row;
  };

  return {
    async companies(query: { q?: string; status: 'all' | 'unverified' | 'disabled'; page: number }): Promise<Paged<AdminCompanyListItem>> {
      const { rows, total } = await repo.companies({ q: query.q || undefined, status: query.status, ...paging(query.page) });
      return {
        items: rows.map((r) => ({ ...r, country: oneOf(MARKETS, r.country, 'si') })),
        total,
        page: query.page,
        page_size: ADMIN_PAGE_SIZE,
      };
    },

    async company(id: number): Promise<AdminCompanyDetail> {
      const company = await companyOrThrow(id);
      const testimonialId = await repo.testimonialIdOfCompany(id);
      const t = testimonialId !== undefined ? await repo.testimonial(testimonialId) : undefined;
      return { company: toCompany(company), users: await repo.companyUsers(id), testimonial: t ? toTestimonial(t) : null };
    },

    async setCompanyState(actor: UserRow, id: number, action: 'verify' | 'disable' | 'enable'): Promise<AdminCompany> {
      await companyOrThrow(id);
      await db.transaction(async () => {
        const now = new Date().toISOString();
        if (action === 'verify') await repo.setCompanyState(id, 'verified_at', now);
        if (action === 'enable') await repo.setCompanyState(id, 'disabled_at', null);
        if (action === 'disable') {
          await repo.setCompanyState(id, 'disabled_at', now);
          for (const user of await repo.companyUsers(id)) {
            await auth.repo.revokeUserSessions(user.id, now);
            await auth.repo.endActingSessions(user.id);
          }
        }
        await record(actor, `company.${action}`, 'company', id);
      });
      return toCompany(await companyOrThrow(id));
    },

    async outbox(query: { status?: string; page: number }): Promise<Paged<AdminOutboxItem>> {
      const { rows, total } = await repo.outbox({ status: query.status, ...paging(query.page) });
      return { items: rows.map(toOutboxItem), total, page: query.page, page_size: ADMIN_PAGE_SIZE };
    },

    /** The full mail (its links are live tokens, so viewing is audited). */
    async mail(actor: UserRow, id: number): Promise<AdminOutboxDetail> {
      const row = await repo.mail(id);
      if (!row) throw new AppError('not-found');
      await record(actor, 'outbox.view', 'mail', id);
      return { ...toOutboxItem(row), html: row.html, text: row.text, locale: row.locale };
    },

    async retryMail(actor: UserRow, id: number): Promise<AdminOutboxItem> {
      const row = await repo.mail(id);
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
      await db.transaction(async () => {
        await repo.requeueMail(id, new Date().toISOString());
        await record(actor, 'outbox.retry', 'mail', id, { previous_status: row.status, attempts: row.attempts });
      });
      deps.kickMail?.();
      return toOutboxItem(await repo.mail(id) as MailRow);
    },

    async testimonials(status?: string): Promise<AdminTestimonial[]> {
      return (await repo.testimonials(status)).map(toAdminTestimonial);
    },

    async setTestimonialStatus(actor: UserRow, id: number, status: 'approved' | 'hidden'): Promise<AdminTestimonial> {
      if (!await repo.testimonial(id)) throw new AppError('not-found');
      await db.transaction(async () => {
        await repo.setTestimonialStatus(id, status, new Date().toISOString());
        await record(actor, status === 'approved' ? 'testimonial.approve' : 'testimonial.hide', 'testimonial', id);
      });
      return toAdminTestimonial(await repo.testimonial(id) as TestimonialRow);
    },

    async auditLog(page: number): Promise<Paged<AuditEntry>> {
      const { rows, total } = await audit.page(ADMIN_PAGE_SIZE, (page - 1) * ADMIN_PAGE_SIZE);
      return {
        items: rows.map((r) => ({ ...r, details: JSON.parse(r.details) as Record<string, unknown> })),
        total,
        page,
        page_size: ADMIN_PAGE_SIZE,
      };
    },

    /**
     * The administrator's current session acts as the company's first user from now on. A disabled company (or
     * user) is 409 company-disabled: its users are locked out, and so is acting as them (auth.resolveToken also
     * ignores an acting user that became disabled).
     */
    async loginAsClient(actor: UserRow, sessionId: string, companyId: number): Promise<CurrentUser> {
      const company = await companyOrThrow(companyId);
      if (company.disabled_at !== null) throw new AppError('company-disabled');
      const targetId = await repo.firstCompanyUserId(companyId);
      if (targetId === undefined) throw new AppError('not-found');
      const user = await auth.repo.findUserById(targetId) as UserRow;
      await db.transaction(async () => {
        // Checked again inside the transaction: the company may have been disabled meanwhile.
        const current = await auth.repo.findUserById(user.id);
        if (!current || isDisabled(current)) throw new AppError('company-disabled');
        await auth.repo.setActingUser(sessionId, user.id);
        await record(actor, 'login-as-client.start', 'company', companyId, { user_id: user.id, user_email: user.email, company_name: company.name });
      });
      return toCurrentUser(user, { id: actor.id, email: actor.email });
    },

    async stopLoginAsClient(actor: UserRow, sessionId: string, actingUserId: number | null): Promise<CurrentUser> {
      await db.transaction(async () => {
        await auth.repo.setActingUser(sessionId, null);
        if (actingUserId !== null) await record(actor, 'login-as-client.stop', 'user', actingUserId);
      });
      return toCurrentUser(actor);
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
