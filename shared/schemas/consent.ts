/** The cookie consent's plain form (shared/consent.ts holds the cookie's value). */
import { z } from 'zod';
import { fieldError } from '../errors/field-messages.js';
import { isSafeLocalPath } from '../safe-redirect.js';

/**
 * The consent banner's and the settings' plain form (`POST /api/consent`, application/x-www-form-urlencoded): which
 * button was pressed (`all`, `necessary`, or `custom` with the ticked boxes `analytics` / `marketing` = "on") and the
 * local page to return to.
 */
export const consentFormSchema = z.strictObject({
  choice: z.enum(['all', 'necessary', 'custom']),
  analytics: z.literal('on').optional(),
  marketing: z.literal('on').optional(),
  back: z.string().max(2048).refine((value) => isSafeLocalPath(value), { message: fieldError('return-path-invalid') }),
});
export type ConsentForm = z.infer<typeof consentFormSchema>;
