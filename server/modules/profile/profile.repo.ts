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
    find(companyId: number, userId: number): ProfileRow | undefined {
      return db.get<ProfileRow>(
        `SELECT c.id AS company_id, c.name AS company_name, c.country, c.industry, c.activity, c.street, c.house_number, c.city,
           c.tax_number, c.size, c.employees_total, c.employees_male, c.employees_female, c.employees_other_gender,
           c.education_low, c.education_middle, c.education_higher, c.education_special, c.logo_asset_id,
           u.first_name, u.last_name, u.phone, u.email, u.pending_email, u.locale
         FROM companies c JOIN users u ON u.company_id = c.id WHERE c.id = ? AND u.id = ?`,
        [companyId, userId],
      );
    },
    updateCompany(companyId: number, v: Record<string, unknown>): void {
      db.run(
        `UPDATE companies SET name = @company_name, country = @country, industry = @industry, activity = @activity, street = @street,
           house_number = @house_number, city = @city, tax_number = @tax_number, size = @size, employees_total = @total,
           employees_male = @male, employees_female = @female, employees_other_gender = @other_gender, education_low = @education_low,
           education_middle = @education_middle, education_higher = @education_higher, education_special = @education_special,
           updated_at = @now WHERE id = @companyId`,
        { ...v, companyId },
      );
    },
    updateContact(userId: number, companyId: number, v: { first_name: string; last_name: string; phone: string; locale: string; now: string }): void {
      db.run(
        `UPDATE users SET first_name = @first_name, last_name = @last_name, name = @first_name || ' ' || @last_name, phone = @phone,
           locale = @locale, updated_at = @now WHERE id = @userId AND company_id = @companyId`,
        { ...v, userId, companyId },
      );
    },
    setLogo(companyId: number, assetId: string | null, now: string): string | null {
      const previous = db.get<{ logo_asset_id: string | null }>('SELECT logo_asset_id FROM companies WHERE id = ?', [companyId])?.logo_asset_id ?? null;
      db.run('UPDATE companies SET logo_asset_id = ?, updated_at = ? WHERE id = ?', [assetId, now, companyId]);
      return previous;
    },
    deleteAsset(id: string): void {
      db.run('DELETE FROM assets WHERE id = ?', [id]);
    },
    findTestimonial(companyId: number): TestimonialRow | undefined {
      return db.get<TestimonialRow>(`${TESTIMONIAL_SELECT} WHERE t.company_id = ?`, [companyId]);
    },
    upsertTestimonial(companyId: number, v: { name: string; title: string; comment: string }, now: string): void {
      db.run(
        `INSERT INTO testimonials (company_id, name, title, comment, status, created_at, updated_at)
         VALUES (@companyId, @name, @title, @comment, 'pending', @now, @now)
         ON CONFLICT (company_id) DO UPDATE SET name = excluded.name, title = excluded.title, comment = excluded.comment,
           status = 'pending', reviewed_at = NULL, updated_at = excluded.updated_at`,
        { ...v, companyId, now },
      );
    },
    setTestimonialPhoto(companyId: number, assetId: string, now: string): void {
      db.run(`UPDATE testimonials SET photo_asset_id = ?, status = 'pending', reviewed_at = NULL, updated_at = ? WHERE company_id = ?`, [assetId, now, companyId]);
    },
    deleteTestimonial(companyId: number): void {
      db.run('DELETE FROM testimonials WHERE company_id = ?', [companyId]);
    },
    approvedTestimonials(): TestimonialRow[] {
      return db.all<TestimonialRow>(`${TESTIMONIAL_SELECT} WHERE t.status = 'approved' AND c.disabled_at IS NULL ORDER BY t.reviewed_at DESC, t.id DESC`);
    },
  };
}
export type ProfileRepo = ReturnType<typeof createProfileRepo>;
