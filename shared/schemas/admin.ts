/** Administrator API (/api/admin/*): query and body schemas and the shapes it answers with. */
import { z } from 'zod';
import { MARKETS } from '../constants.js';
import { companyDataShape, TESTIMONIAL_STATUSES, testimonialViewSchema } from './user.js';

export const ADMIN_PAGE_SIZE = 20;

const page = z.coerce.number().int().min(1).max(100_000).default(1);

/** GET /api/admin/companies?q=&page=&status= */
export const COMPANY_STATUS_FILTERS = ['all', 'unverified', 'disabled'] as const;
export const adminCompaniesQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  page,
  status: z.enum(COMPANY_STATUS_FILTERS).default('all'),
});

export const MAIL_STATUSES = ['queued', 'sent', 'captured', 'failed'] as const;
/** GET /api/admin/outbox?status=&page= */
export const adminOutboxQuerySchema = z.object({ status: z.enum(MAIL_STATUSES).optional(), page });

/** GET /api/admin/testimonials?status= */
export const adminTestimonialsQuerySchema = z.object({ status: z.enum(TESTIMONIAL_STATUSES).optional() });

/** GET /api/admin/audit-log?page= */
export const adminAuditQuerySchema = z.object({ page });

/** :id in /api/admin/companies/:id, /outbox/:id, /testimonials/:id */
export const adminIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2 ** 31) });

/** POST /api/admin/login-as-client */
export const loginAsClientSchema = z.object({ company_id: z.number().int().min(1) });

export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), page_size: z.number().int() });

export const adminCompanyListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  tax_number: z.string(),
  country: z.enum(MARKETS),
  city: z.string(),
  created_at: z.string(),
  verified_at: z.string().nullable(),
  disabled_at: z.string().nullable(),
  user_email: z.string().nullable(),
  email_verified_at: z.string().nullable(),
});
export type AdminCompanyListItem = z.infer<typeof adminCompanyListItemSchema>;

export const adminCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  ...companyDataShape,
  created_at: z.string(),
  updated_at: z.string(),
  verified_at: z.string().nullable(),
  disabled_at: z.string().nullable(),
});
export type AdminCompany = z.infer<typeof adminCompanySchema>;

export const adminCompanyUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  phone: z.string(),
  locale: z.string(),
  email_verified_at: z.string().nullable(),
  pending_email: z.string().nullable(),
  disabled_at: z.string().nullable(),
  created_at: z.string(),
});

/** GET /api/admin/companies/:id */
export const adminCompanyDetailSchema = z.object({
  company: adminCompanySchema,
  users: z.array(adminCompanyUserSchema),
  testimonial: testimonialViewSchema.nullable(),
});
export type AdminCompanyDetail = z.infer<typeof adminCompanyDetailSchema>;

export const adminOutboxItemSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type AdminOutboxItem = z.infer<typeof adminOutboxItemSchema>;
export const adminOutboxDetailSchema = adminOutboxItemSchema.extend({ html: z.string(), text: z.string(), locale: z.string() });
export type AdminOutboxDetail = z.infer<typeof adminOutboxDetailSchema>;

/** A testimonial with its company, for moderation. */
export const adminTestimonialSchema = testimonialViewSchema.extend({ company_id: z.number().int(), created_at: z.string(), reviewed_at: z.string().nullable() });
export type AdminTestimonial = z.infer<typeof adminTestimonialSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor_email: z.string(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
