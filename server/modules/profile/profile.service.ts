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

  const get = (companyId: number, userId: number): Profile => {
    const row = repo.find(companyId, userId);
    if (!row) throw new AppError('not-found');
    return toProfile(row);
  };
  const testimonial = (companyId: number): Testimonial | null => {
    const row = repo.findTestimonial(companyId);
    return row ? toTestimonial(row) : null;
  };

  return {
    get,

    update(companyId: number, userId: number, input: ProfileUpdate): Profile {
      db.transaction(() => {
        const now = new Date().toISOString();
        repo.updateCompany(companyId, {
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
        repo.updateContact(userId, companyId, { first_name: input.first_name, last_name: input.last_name, phone: input.phone, locale: input.locale, now });
      });
      return get(companyId, userId);
    },

    /** JPEG/PNG by content, at most 2 MB, 232x80 to 464x160 px. Replaces (and deletes) the previous logo. */
    setLogo(companyId: number, userId: number, body: unknown): Profile {
      const image = inspectImage(body, LOGO_RULES.maxBytes);
      const fits =
        image.width >= LOGO_RULES.minWidth && image.width <= LOGO_RULES.maxWidth && image.height >= LOGO_RULES.minHeight && image.height <= LOGO_RULES.maxHeight;
      if (!fits) throw new AppError('image-dimensions', { details: { width: image.width, height: image.height, rules: LOGO_RULES } });
      db.transaction(() => {
        const id = assets.insert({ contentType: image.contentType, bytes: image.bytes });
        const previous = repo.setLogo(companyId, id, new Date().toISOString());
        if (previous) repo.deleteAsset(previous);
      });
      return get(companyId, userId);
    },

    deleteLogo(companyId: number, userId: number): Profile {
      db.transaction(() => {
        const previous = repo.setLogo(companyId, null, new Date().toISOString());
        if (previous) repo.deleteAsset(previous);
      });
      return get(companyId, userId);
    },

    testimonial,

    saveTestimonial(companyId: number, input: TestimonialUpdate): Testimonial {
      repo.upsertTestimonial(companyId, input, new Date().toISOString());
      return testimonial(companyId) as Testimonial;
    },

    /** Square (1:1, +-1 px), at least 200 px, JPEG/PNG by content, at most 2 MB. 404 before the testimonial text exists. */
    setTestimonialPhoto(companyId: number, body: unknown): Testimonial {
      const existing = repo.findTestimonial(companyId);
      if (!existing) throw new AppError('not-found');
      const image = inspectImage(body, PHOTO_RULES.maxBytes);
      if (Math.abs(image.width - image.height) > 1) throw new AppError('photo-ratio', { details: { width: image.width, height: image.height } });
      if (Math.min(image.width, image.height) < PHOTO_RULES.minSide) {
        throw new AppError('image-dimensions', { details: { width: image.width, height: image.height, rules: PHOTO_RULES } });
      }
      db.transaction(() => {
        const id = assets.insert({ contentType: image.contentType, bytes: image.bytes });
        repo.setTestimonialPhoto(companyId, id, new Date().toISOString());
        if (existing.photo_asset_id) repo.deleteAsset(existing.photo_asset_id);
      });
      return testimonial(companyId) as Testimonial;
    },

    deleteTestimonial(companyId: number): void {
      db.transaction(() => {
        const existing = repo.findTestimonial(companyId);
        repo.deleteTestimonial(companyId);
        if (existing?.photo_asset_id) repo.deleteAsset(existing.photo_asset_id);
      });
    },

    publicTestimonials(): { name: string; title: string; comment: string; photo_url: string | null; company_name: string }[] {
      return repo.approvedTestimonials().map((t) => ({ name: t.name, title: t.title, comment: t.comment, photo_url: assetUrl(t.photo_asset_id), company_name: t.company_name }));
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
