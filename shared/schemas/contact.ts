import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { UI_LOCALES } from '../locales.js';

/**
 * POST /api/contact: a visitor's message to the operator. The recipient is always the
 * operator's configured address; the caller never chooses it. `altcha` is the solved
 * proof-of-work payload (base64 JSON) from GET /api/contact/challenge.
 */
export const contactMessageSchema = z.object({
  name: z.string().trim().min(2).max(120),
  email: z.email().max(254),
  company: z.string().trim().max(200).optional().default(''),
  phone: z.string().trim().max(40).optional().default(''),
  message: z.string().trim().min(10).max(LIMITS.contactMessageMaxLength),
  locale: z.enum(UI_LOCALES),
  altcha: z.string().min(1).max(4000),
});
export type ContactMessage = z.input<typeof contactMessageSchema>;
/** The message after validation (trimmed, optional fields filled). */
export type ContactMessageData = z.output<typeof contactMessageSchema>;

/** GET /api/contact/challenge -> altcha challenge */
export const altchaChallengeSchema = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.number().optional(),
  salt: z.string(),
  signature: z.string(),
});
export type AltchaChallenge = z.infer<typeof altchaChallengeSchema>;
