/**
 * Company accounts: registration, login, e-mail confirmation, passwords, profile, testimonial.
 * Field rules carry 'field:<key>' messages (errors/field-messages.ts) so the browser and the server
 * show the same text in the page's language.
 */
import { z } from 'zod';
import { COMPANY_SIZES, INDUSTRIES, LIMITS, MARKETS } from '../constants.js';
import { fieldError } from '../errors/field-messages.js';
import { UI_LOCALES } from '../locales.js';
import { isValidTaxNumber, normalizeTaxNumber } from '../tax-numbers.js';

const text = (max: number) => z.string({ error: fieldError('required') }).trim().min(1, { error: fieldError('required') }).max(max, { error: fieldError('too-long') });
export const emailField = z
  .string({ error: fieldError('required') })
  .trim()
  .toLowerCase()
  .min(1, { error: fieldError('required') })
  .max(254, { error: fieldError('too-long') })
  .pipe(z.email({ error: fieldError('email-invalid') }));
export const passwordField = z
  .string({ error: fieldError('required') })
  .min(LIMITS.passwordMinLength, { error: fieldError('password-too-short') })
  .max(200, { error: fieldError('too-long') });
const phoneField = z
  .string({ error: fieldError('required') })
  .trim()
  .regex(/^\+?[0-9 ()/-]{6,20}$/, { error: fieldError('phone-invalid') });

/** Screen and platform facts the browser sends with a login; user agent, browser and device come from the request. */
export const deviceMetaSchema = z.object({
  screen_width: z.number().int().min(0).max(20000).optional(),
  screen_height: z.number().int().min(0).max(20000).optional(),
  platform: z.string().max(100).optional(),
});
export type DeviceMeta = z.infer<typeof deviceMetaSchema>;

const companyFields = {
  company_name: text(200),
  country: z.enum(MARKETS, { error: fieldError('choose-option') }),
  industry: z.enum(INDUSTRIES, { error: fieldError('choose-option') }),
  activity: text(200),
  street: text(200),
  house_number: text(20),
  city: text(100),
  tax_number: z.string({ error: fieldError('required') }).trim().min(1, { error: fieldError('required') }).max(20, { error: fieldError('tax-number-invalid') }),
};
const contactFields = {
  first_name: text(100),
  last_name: text(100),
  phone: phoneField,
};

/** Cross-field rules run even when other fields failed, so every error shows at once. */
const always = { when: () => true };

function checkTaxNumber(value: { country?: unknown; tax_number?: unknown }, ctx: z.RefinementCtx) {
  const country = MARKETS.find((m) => m === value.country);
  if (country && typeof value.tax_number === 'string' && value.tax_number.trim() && !isValidTaxNumber(country, value.tax_number)) {
    ctx.addIssue({ code: 'custom', path: ['tax_number'], message: fieldError('tax-number-invalid') });
  }
}

function checkConfirmation(value: { password?: unknown; password_confirmation?: unknown }, ctx: z.RefinementCtx) {
  if (typeof value.password === 'string' && value.password !== value.password_confirmation) {
    ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: fieldError('password-mismatch') });
  }
}

/** POST /api/auth/register */
export const registrationSchema = z
  .object({
    ...companyFields,
    ...contactFields,
    email: emailField,
    password: passwordField,
    password_confirmation: z.string({ error: fieldError('required') }),
    terms_accepted: z.literal(true, { error: fieldError('terms-required') }),
    /** The language mails are sent in. */
    locale: z.enum(UI_LOCALES),
    /** Solved proof-of-work from GET /api/contact/challenge (the same self-hosted check). */
    altcha: z.string().min(1).max(4000),
  })
  .superRefine((v, ctx) => {
    checkTaxNumber(v, ctx);
    checkConfirmation(v, ctx);
  }, always)
  .transform((v) => ({ ...v, tax_number: normalizeTaxNumber(v.tax_number) }));
export type RegistrationInput = z.input<typeof registrationSchema>;

/** POST /api/auth/login */
export const loginSchema = z.object({
  email: emailField,
  password: z.string({ error: fieldError('required') }).min(1, { error: fieldError('required') }).max(200),
  device: deviceMetaSchema.optional(),
});
export type LoginInput = z.input<typeof loginSchema>;

/** POST /api/auth/confirm-email, POST /api/auth/email-change/confirm */
export const tokenSchema = z.object({ token: z.string().min(10).max(2000) });

/** POST /api/auth/confirm-email/resend: the logged-in user's own address, or the given one (same answer either way). */
export const resendConfirmationSchema = z.object({ email: emailField.optional(), locale: z.enum(UI_LOCALES) });

/** POST /api/auth/forgot-password: answers the same whether or not the address exists. */
export const forgotPasswordSchema = z.object({ email: emailField, locale: z.enum(UI_LOCALES) });

/** POST /api/auth/reset-password */
export const resetPasswordSchema = z
  .object({ token: z.string().min(10).max(2000), password: passwordField, password_confirmation: z.string() })
  .superRefine(checkConfirmation, always);

/** POST /api/profile/password */
export const changePasswordSchema = z
  .object({ current_password: z.string().min(1, { error: fieldError('required') }).max(200), password: passwordField, password_confirmation: z.string() })
  .superRefine(checkConfirmation, always);

/** POST /api/profile/email: sends a confirmation to the new address; the change happens when it is confirmed. */
export const emailChangeSchema = z.object({ new_email: emailField, current_password: z.string().min(1, { error: fieldError('required') }).max(200), locale: z.enum(UI_LOCALES) });

const count = z.number({ error: fieldError('number-invalid') }).int({ error: fieldError('number-invalid') }).min(0, { error: fieldError('number-invalid') }).max(LIMITS.maxEmployees * 20, { error: fieldError('number-invalid') });

export const employeeStructureSchema = z
  .object({
    total: count,
    male: count,
    female: count,
    other_gender: count,
    education_low: count,
    education_middle: count,
    education_higher: count,
    education_special: count,
  })
  .superRefine((v, ctx) => {
    if (v.male + v.female + v.other_gender > v.total) {
      for (const path of ['male', 'female', 'other_gender']) ctx.addIssue({ code: 'custom', path: [path], message: fieldError('employee-parts-exceed-total') });
    }
    if (v.education_low + v.education_middle + v.education_higher + v.education_special > v.total) {
      for (const path of ['education_low', 'education_middle', 'education_higher', 'education_special'])
        ctx.addIssue({ code: 'custom', path: [path], message: fieldError('employee-parts-exceed-total') });
    }
  });
export type EmployeeStructure = z.infer<typeof employeeStructureSchema>;

/** PUT /api/profile: company and contact data, size and employee structure. */
export const profileUpdateSchema = z
  .object({
    ...companyFields,
    ...contactFields,
    size: z.enum(COMPANY_SIZES, { error: fieldError('choose-option') }),
    employees: employeeStructureSchema,
    /** The language the company's mails are written in. */
    locale: z.enum(UI_LOCALES),
  })
  .superRefine(checkTaxNumber, always)
  .transform((v) => ({ ...v, tax_number: normalizeTaxNumber(v.tax_number) }));
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

/** PUT /api/profile/testimonial (the photo is uploaded separately). */
export const testimonialSchema = z.object({
  name: text(120),
  title: text(120),
  comment: text(LIMITS.testimonialMaxLength),
});
export type TestimonialInput = z.input<typeof testimonialSchema>;
