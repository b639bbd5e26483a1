/**
 * The company profile: company and contact data, size, employee structure, logo, the testimonial.
 * Every method takes the caller's company id (and user id) from the session; nothing here accepts
 * another company's id, so one company can never read or change another's data.
 */
import type { z } from 'zod';
import { LOGO_RULES, PHOTO_RULES } from '../../../shared/constants.js';
import { FALLBACK_UI_LOCALE, isUiLocale } from '../../../shared/locales.js';
import type { profileUpdateSchema, testimonialSchema } from '../../../shared/schemas/account.js';
import type { Profile, Testimonial } from '../../../shared/schemas/user.js';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../errors.js';
import { createAssetsRepo } from '../assets/index.js';
import { inspectImage } from '../assets/index.js';
import { assetUrl, toCompanyData } from './company-data.js';
import { createProfileRepo, type ProfileRow, type TestimonialRow } from './profile.repo.js';

type ProfileUpdate = z.output<typeof profileUpdateSchema>;
type TestimonialUpdate = z.output<typeof testimonialSchema>;

export { assetUrl };

export function toProfile(row: ProfileRow): Profile {
  return {
    company_id: row.company_id,
    company_name: row.company_name,
    ...toCompanyData(row),
    first_name: row.first_name,
    last_name: row.last_name,
    phone: row.phone,
    email: row.email,
    pending_email: row.pending_email,
    locale: isUiLocale(row.locale) ? row.locale : FALLBACK_UI_LOCALE,
  };
}

export function toTestimonial(row: TestimonialRow): Testimonial {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    comment: row.comment,
    photo_url: assetUrl(row.photo_asset_id),
    status: row.status,
    company_name: row.company_name,
    updated_at: row.updated_at,
  };
}

export function createProfileService(deps: { db: Db }) {
  const { db } = deps;
  const repo = createProfileRepo(db);
  const assets = createAssetsRepo(db);

  const get = async (companyId: number, userId: number): Promise<Profile> => {
    const row = await repo.find(companyId, userId);
    if (!row) throw new AppError('not-found');
    return toProfile(row);
  };
  const testimonial = async (companyId: number): Promise<Testimonial | null> => {
    const row = await repo.findTestimonial(companyId);
    return row ? toTestimonial(row) : null;
  };

  return {
    get,

    async update(companyId: number, userId: number, input: ProfileUpdate): Promise<Profile> {
      await db.transaction(async () => {
        const now = new Date().toISOString();
        await repo.updateCompany(companyId, {
          company_name: input.company_name,
          country: input.country,
          industry: input.industry,
          activity: input.activity,
          street: input.street,
          house_number: input.house_number,
          city: input.city,
          tax_number: input.tax_number,
          size: input.size,
          ...input.employees,
          now,
        });
        await repo.updateContact(userId, companyId, { first_name: input.first_name, last_name: input.last_name, phone: input.phone, locale: input.locale, now });
      });
      return await get(companyId, userId);
    },

    /** JPEG/PNG by content, at most 2 MB, 232x80 to 464x160 px. Replaces (and deletes) the previous logo. */
    async setLogo(companyId: number, userId: number, body: unknown): Promise<Profile> {
      const image = inspectImage(body, LOGO_RULES.maxBytes);
      const fits =
        image.width >= LOGO_RULES.minWidth && image.width <= LOGO_RULES.maxWidth && image.height >= LOGO_RULES.minHeight && image.height <= LOGO_RULES.maxHeight;
      if (!fits) throw new AppError('image-dimensions', { details: { width: image.width, height: image.height, rules: LOGO_RULES } });
      await db.transaction(async () => {
        const id = await assets.insert({ contentType: image.contentType, bytes: image.bytes });
        const previous = await repo.setLogo(companyId, id, new Date().toISOString());
        if (previous) await repo.deleteAsset(previous);
      });
      return await get(companyId, userId);
    },

    async deleteLogo(companyId: number, userId: number): Promise<Profile> {
      await db.transaction(async () => {
        const previous = await repo.setLogo(companyId, null, new Date().toISOString());
        if (previous) await repo.deleteAsset(previous);
      });
      return await get(companyId, userId);
    },

    testimonial,

    async saveTestimonial(companyId: number, input: TestimonialUpdate): Promise<Testimonial> {
      await repo.upsertTestimonial(companyId, input, new Date().toISOString());
      return await testimonial(companyId) as Testimonial;
    },

    /** Square (1:1, +-1 px), at least 200 px, JPEG/PNG by content, at most 2 MB. 404 before the testimonial text exists. */
    async setTestimonialPhoto(companyId: number, body: unknown): Promise<Testimonial> {
      const existing = await repo.findTestimonial(companyId);
      if (!existing) throw new AppError('not-found');
      const image = inspectImage(body, PHOTO_RULES.maxBytes);
      if (Math.abs(image.width - image.height) > 1) throw new AppError('photo-ratio', { details: { width: image.width, height: image.height } });
      if (Math.min(image.width, image.height) < PHOTO_RULES.minSide) {
        throw new AppError('image-dimensions', { details: { width: image.width, height: image.height, rules: PHOTO_RULES } });
      }
      await db.transaction(async () => {
        const id = await assets.insert({ contentType: image.contentType, bytes: image.bytes });
        await repo.setTestimonialPhoto(companyId, id, new Date().toISOString());
        if (existing.photo_asset_id) await repo.deleteAsset(existing.photo_asset_id);
      });
      return await testimonial(companyId) as Testimonial;
    },

    async deleteTestimonial(companyId: number): Promise<void> {
      await db.transaction(async () => {
        const existing = await repo.findTestimonial(companyId);
        await repo.deleteTestimonial(companyId);
        if (existing?.photo_asset_id) await repo.deleteAsset(existing.photo_asset_id);
      });
    },

    async publicTestimonials(): Promise<{ name: string; title: string; comment: string; photo_url: string | null; company_name: string }[]> {
      return (await repo.approvedTestimonials()).map((t) => ({ name: t.name, title: t.title, comment: t.comment, photo_url: assetUrl(t.photo_asset_id), company_name: t.company_name }));
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
