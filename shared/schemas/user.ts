import { z } from 'zod';
import { COMPANY_SIZES, INDUSTRIES, MARKETS } from '../constants.js';
import { UI_LOCALES } from '../locales.js';

/** GET /api/me -> { data: CurrentUser } (401 when logged out). */
export const currentUserSchema = z.object({
  id: z.number().int(),
  email: z.email(),
  name: z.string(),
  email_verified_at: z.string().nullable(),
  /** 'company' for company users, 'admin' for the operator's administrators. */
  scope: z.array(z.string()),
  company_id: z.number().int().nullable(),
  locale: z.enum(UI_LOCALES),
  /** Set while an administrator acts as this company's user (login-as-client). */
  acting_admin: z.object({ id: z.number().int(), email: z.email() }).nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** A company's data as shown to its users and to the administrator. */
export const companyDataShape = {
  country: z.enum(MARKETS),
  industry: z.enum(INDUSTRIES),
  activity: z.string(),
  street: z.string(),
  house_number: z.string(),
  city: z.string(),
  tax_number: z.string(),
  size: z.enum(COMPANY_SIZES),
  employees: z.object({
    total: z.number().int(),
    male: z.number().int(),
    female: z.number().int(),
    other_gender: z.number().int(),
    education_low: z.number().int(),
    education_middle: z.number().int(),
    education_higher: z.number().int(),
    education_special: z.number().int(),
  }),
  logo_url: z.string().nullable(),
};
export type CompanyData = z.infer<z.ZodObject<typeof companyDataShape>>;

/** GET/PUT /api/profile -> { data: Profile } */
export const profileSchema = z.object({
  company_id: z.number().int(),
  company_name: z.string(),
  ...companyDataShape,
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  email: z.email(),
  /** An e-mail change waiting for confirmation at the new address. */
  pending_email: z.email().nullable(),
  locale: z.enum(UI_LOCALES),
});
export type Profile = z.infer<typeof profileSchema>;

export const TESTIMONIAL_STATUSES = ['pending', 'approved', 'hidden'] as const;

/** GET/PUT /api/profile/testimonial -> { data: Testimonial | null } */
export const testimonialViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  comment: z.string(),
  photo_url: z.string().nullable(),
  status: z.enum(TESTIMONIAL_STATUSES),
  company_name: z.string(),
  updated_at: z.string(),
});
export type Testimonial = z.infer<typeof testimonialViewSchema>;
