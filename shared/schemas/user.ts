import { z } from 'zod';

/** GET /api/me -> { data: CurrentUser } (401 when logged out). Extended by the accounts issue. */
export const currentUserSchema = z.object({
  id: z.number().int(),
  email: z.email(),
  name: z.string(),
  email_verified_at: z.string().nullable(),
  scope: z.array(z.string()),
  company_id: z.number().int().nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
