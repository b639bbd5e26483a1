import type { Db } from '../../db/connection.js';
import type { CompanyDataRow } from './company-data.js';

export interface ProfileRow extends CompanyDataRow {
  company_id: number;
  company_name: string;
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  pending_email: string | null;
  locale: string;
}

export interface TestimonialRow {
  id: number;
  company_id: number;
  name: string;
  title: string;
  comment: string;
  photo_asset_id: string | null;
  status: 'pending' | 'approved' | 'hidden';
  company_name: string;
  created_at: string;
  updated_at: string;
  reviewed_at: string | null;
}

export const TESTIMONIAL_SELECT = `SELECT t.id, t.company_id, t.name, t.title, t.comment, t.photo_asset_id, t.status, c.name AS company_name,
  t.created_at, t.updated_at, t.reviewed_at FROM testimonials t JOIN companies c ON c.id = t.company_id`;

/** Every query is scoped by the caller's company id and user id. */
export function createProfileRepo(db: Db) {
  return {
    async find(companyId: number, userId: number): Promise<ProfileRow | undefined> {
      return await db.get<ProfileRow>(
        `SELECT c.id AS company_id, c.name AS company_name, c.country, c.industry, c.activity, c.street, c.house_number, c.city,
           c.tax_number, c.size, c.employees_total, c.employees_male, c.employees_female, c.employees_other_gender,
           c.education_low, c.education_middle, c.education_higher, c.education_special, c.logo_asset_id,
           u.first_name, u.last_name, u.phone, u.email, u.pending_email, u.locale
         FROM companies c JOIN users u ON u.company_id = c.id WHERE c.id = ? AND u.id = ?`,
        [companyId, userId],
      );
    },
    async updateCompany(companyId: number, v: Record<string, unknown>): Promise<void> {
      await db.run(
        `UPDATE companies SET name = @company_name, country = @country, industry = @industry, activity = @activity, street = @street,
           house_number = @house_number, city = @city, tax_number = @tax_number, size = @size, employees_total = @total,
           employees_male = @male, employees_female = @female, employees_other_gender = @other_gender, education_low = @education_low,
           education_middle = @education_middle, education_higher = @education_higher, education_special = @education_special,
           updated_at = @now WHERE id = @companyId`,
        { ...v, companyId },
      );
    },
    async updateContact(userId: number, companyId: number, v: { first_name: string; last_name: string; phone: string; locale: string; now: string }): Promise<void> {
      await db.run(
        `UPDATE users SET first_name = @first_name, last_name = @last_name, name = @first_name || ' ' || @last_name, phone = @phone,
           locale = @locale, updated_at = @now WHERE id = @userId AND company_id = @companyId`,
        { ...v, userId, companyId },
      );
    },
    async setLogo(companyId: number, assetId: string | null, now: string): Promise<string | null> {
      const previous = (await db.get<{ logo_asset_id: string | null }>('SELECT logo_asset_id FROM companies WHERE id = ?', [companyId]))?.logo_asset_id ?? null;
      await db.run('UPDATE companies SET logo_asset_id = ?, updated_at = ? WHERE id = ?', [assetId, now, companyId]);
      return previous;
    },
    async deleteAsset(id: string): Promise<void> {
      await db.run('DELETE FROM assets WHERE id = ?', [id]);
    },
    async findTestimonial(companyId: number): Promise<TestimonialRow | undefined> {
      return await db.get<TestimonialRow>(`${TESTIMONIAL_SELECT} WHERE t.company_id = ?`, [companyId]);
    },
    async upsertTestimonial(companyId: number, v: { name: string; title: string; comment: string }, now: string): Promise<void> {
      await db.run(
        `INSERT INTO testimonials (company_id, name, title, comment, status, created_at, updated_at)
         VALUES (@companyId, @name, @title, @comment, 'pending', @now, @now)
         ON CONFLICT (company_id) DO UPDATE SET name = excluded.name, title = excluded.title, comment = excluded.comment,
           status = 'pending', reviewed_at = NULL, updated_at = excluded.updated_at`,
        { ...v, companyId, now },
      );
    },
    async setTestimonialPhoto(companyId: number, assetId: string, now: string): Promise<void> {
      await db.run(`UPDATE testimonials SET photo_asset_id = ?, status = 'pending', reviewed_at = NULL, updated_at = ? WHERE company_id = ?`, [assetId, now, companyId]);
    },
    async deleteTestimonial(companyId: number): Promise<void> {
      await db.run('DELETE FROM testimonials WHERE company_id = ?', [companyId]);
    },
    async approvedTestimonials(): Promise<TestimonialRow[]> {
      return await db.all<TestimonialRow>(`${TESTIMONIAL_SELECT} WHERE t.status = 'approved' AND c.disabled_at IS NULL ORDER BY t.reviewed_at DESC, t.id DESC`);
    },
  };
}
export type ProfileRepo = ReturnType<typeof createProfileRepo>;
