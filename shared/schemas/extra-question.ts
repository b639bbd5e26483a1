/**
 * A company's own questions (extra questions of an IZZ application, a PULS survey's own questions): part of the
 * application (application.ts) and of the questionnaire's package (questionnaire.ts), which needs nothing else of the
 * application's schemas.
 */
import { z } from 'zod';
import { fieldError } from '../errors/field-messages.js';
import { QUESTION_LANGUAGE_CODES } from '../locales.js';

export const EXTRA_QUESTION_TYPES = ['text250', 'text1000', 'checkbox', 'scale', 'radio'] as const;
export type ExtraQuestionType = (typeof EXTRA_QUESTION_TYPES)[number];

/** Answer options of a checkbox or radio question, at most. */
export const EXTRA_QUESTION_MAX_ANSWERS = 12;

/** Texts per question language; a draft may leave any of them empty. */
export const localizedDraftTextSchema = z.partialRecord(z.enum(QUESTION_LANGUAGE_CODES), z.string().max(1000, { error: fieldError('too-long') }));
export type LocalizedDraftText = z.infer<typeof localizedDraftTextSchema>;

export const extraQuestionSchema = z.object({
  /** Client-made id (random); a duplicate gets a new one and goes right after its original. */
  id: z.string().min(1).max(64),
  type: z.enum(EXTRA_QUESTION_TYPES),
  title: localizedDraftTextSchema,
  description: localizedDraftTextSchema,
  /** Answer options for checkbox and radio (default one empty entry). */
  answers: z.array(localizedDraftTextSchema).max(EXTRA_QUESTION_MAX_ANSWERS),
  /** Linear scale bounds and end labels. */
  scale: z.object({ min: z.number().int().min(0).max(1), max: z.number().int().min(2).max(10), min_label: localizedDraftTextSchema, max_label: localizedDraftTextSchema }).optional(),
  required: z.boolean().default(true),
  allow_comments: z.boolean().default(true),
});
export type ExtraQuestion = z.infer<typeof extraQuestionSchema>;
