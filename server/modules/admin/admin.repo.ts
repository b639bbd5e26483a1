import type { Db } from '../../db/connection.js';
import type { CompanyDataRow } from '../profile/index.js';
import type { MailRow } from '../mail/index.js';
import { TESTIMONIAL_SELECT, type TestimonialRow } from '../profile/index.js';

export interface CompanyListRow {
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

export interface CompanyRow extends CompanyDataRow {
  id: number;
  name: string;
  created_at: string;
  updated_at: string;
  verified_at: string | null;
  disabled_at: string | null;
}

export interface CompanyUserRow {
  id: number;
  email: string;
  name: string;
  phone: string;
  locale: string;
  email_verified_at: string | null;
  pending_email: string | null;
  disabled_at: string | null;
  created_at: string;
}

const STATUS_FILTER: Record<'all' | 'unverified' | 'disabled', string> = {
  all: '1 = 1',
  unverified: 'c.verified_at IS NULL',
  disabled: 'c.disabled_at IS NOT NULL',
};

export function createAdminRepo(db: Db) {
  return {
    async companies(filter: { q?: string; status: 'all' | 'unverified' | 'disabled'; limit: number; offset: number }): Promise<{ rows: CompanyListRow[]; total: number }> {
      const like = filter.q ? `%${filter.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : null;
      // The company's first user is its contact (the account that registered it). lower() on both sides: SQLite's
      // LIKE ignores the case of ASCII letters, PostgreSQL's does not.
      const from = `FROM companies c LEFT JOIN users u ON u.id = (SELECT min(id) FROM users WHERE company_id = c.id)
        WHERE ${STATUS_FILTER[filter.status]} AND (CAST(@like AS TEXT) IS NULL OR lower(c.name) LIKE lower(@like) ESCAPE '\\'
          OR lower(c.tax_number) LIKE lower(@like) ESCAPE '\\' OR lower(c.city) LIKE lower(@like) ESCAPE '\\'
          OR EXISTS (SELECT 1 FROM users x WHERE x.company_id = c.id AND lower(x.email) LIKE lower(@like) ESCAPE '\\'))`;
      const rows = await db.all<CompanyListRow>(
        `SELECT c.id, c.name, c.tax_number, c.country, c.city, c.created_at, c.verified_at, c.disabled_at, u.email AS user_email,
           u.email_verified_at ${from} ORDER BY c.created_at DESC, c.id DESC LIMIT @limit OFFSET @offset`,
        { like, limit: filter.limit, offset: filter.offset },
      );
      const total = (await db.get<{ n: number }>(`SELECT count(*) AS n ${from}`, { like }))?.n ?? 0;
      return { rows, total };
    },
    async company(id: number): Promise<CompanyRow | undefined> {
      return await db.get<CompanyRow>('SELECT * FROM companies WHERE id = ?', [id]);
    },
    /** The id of the company's testimonial, if it wrote one. */
    async testimonialIdOfCompany(companyId: number): Promise<number | undefined> {
      return (await db.get<{ id: number }>('SELECT id FROM testimonials WHERE company_id = ?', [companyId]))?.id;
    },

    /** The company's first user with the company scope (the one an administrator acts as). */
    async firstCompanyUserId(companyId: number): Promise<number | undefined> {
      return (await db.get<{ id: number }>(`SELECT id FROM users WHERE company_id = ? AND scope LIKE '%"company"%' ORDER BY id LIMIT 1`, [companyId]))?.id;
    },

    async companyUsers(companyId: number): Promise<CompanyUserRow[]> {
      return await db.all<CompanyUserRow>(
        'SELECT id, email, name, phone, locale, email_verified_at, pending_email, disabled_at, created_at FROM users WHERE company_id = ? ORDER BY id',
        [companyId],
      );
    },
    async setCompanyState(id: number, column: 'verified_at' | 'disabled_at', value: string | null): Promise<void> {
      await db.run(`UPDATE companies SET ${column} = ?, updated_at = ? WHERE id = ?`, [value, new Date().toISOString(), id]);
    },
    async outbox(filter: { status?: string; limit: number; offset: number }): Promise<{ rows: MailRow[]; total: number }> {
      const where = '(CAST(@status AS TEXT) IS NULL OR status = @status)';
      const rows = await db.all<MailRow>(`SELECT * FROM mail_outbox WHERE ${where} ORDER BY id DESC LIMIT @limit OFFSET @offset`, {
        status: filter.status ?? null,
        limit: filter.limit,
        offset: filter.offset,
      });
      const total = (await db.get<{ n: number }>(`SELECT count(*) AS n FROM mail_outbox WHERE ${where}`, { status: filter.status ?? null }))?.n ?? 0;
      return { rows, total };
    },
    async mail(id: number): Promise<MailRow | undefined> {
      return await db.get<MailRow>('SELECT * FROM mail_outbox WHERE id = ?', [id]);
    },
    async requeueMail(id: number, now: string): Promise<boolean> {
      return (
        (await db.run(
          `UPDATE mail_outbox SET status = 'queued', attempts = 0, next_attempt_at = ?, last_error = NULL, sent_at = NULL
           WHERE id = ? AND status IN ('failed', 'captured')`,
          [now, id],
        )).changes > 0
      );
    },
    async testimonials(status?: string): Promise<TestimonialRow[]> {
      return await db.all<TestimonialRow>(`${TESTIMONIAL_SELECT} WHERE (CAST(@status AS TEXT) IS NULL OR t.status = @status) ORDER BY t.updated_at DESC, t.id DESC`, {
        status: status ?? null,
      });
    },
    async testimonial(id: number): Promise<TestimonialRow | undefined> {
      return await db.get<TestimonialRow>(`${TESTIMONIAL_SELECT} WHERE t.id = ?`, [id]);
    },
    async setTestimonialStatus(id: number, status: 'approved' | 'hidden', now: string): Promise<void> {
      await db.run('UPDATE testimonials SET status = ?, reviewed_at = ? WHERE id = ?', [status, now, id]);
    },
  };
}
export type AdminRepo = ReturnType<typeof createAdminRepo>;
