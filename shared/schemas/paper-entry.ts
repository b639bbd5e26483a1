/** HR's data entry of paper answers: what the server answers with (the PWA checks it before storing it on the device). */
import { z } from 'zod';
import { questionnairePackageSchema } from './questionnaire.js';

/** GET /api/paper-entry/surveys/:id -> { data }: the entry package (no codes, only their hashes). */
export const paperEntryPackageSchema = z.object({
  token: z.string(),
  expires_at: z.string(),
  package: questionnairePackageSchema,
  salt: z.string(),
  /** Truncated salted hashes (8 hex) of the survey's unused paper codes, sorted. */
  hashes: z.array(z.string()),
});
export type PaperEntryPackage = z.infer<typeof paperEntryPackageSchema>;
