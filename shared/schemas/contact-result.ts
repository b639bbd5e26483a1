import { z } from 'zod';

/** POST /api/contact -> 202 { data: ContactAccepted }: the message is queued for the operator. */
export const contactAcceptedSchema = z.object({ status: z.literal('queued') });
export type ContactAccepted = z.infer<typeof contactAcceptedSchema>;
