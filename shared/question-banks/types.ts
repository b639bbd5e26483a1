/**
 * Schemas and types of the question banks (IZZ questionnaire and PULS pulse bank).
 * The banks are the one contract of the PWA questionnaire, the server and the print templates.
 * Ids are stable: once published they never change (answers and reports are keyed by them).
 */
import { z } from 'zod';
import { QUESTION_LANGUAGE_CODES } from '../locales.js';

/** A text in every question language; all 8 are required, none may be blank, no others allowed. */
export const localizedTextSchema = z.record(z.enum(QUESTION_LANGUAGE_CODES), z.string().trim().min(1));
export type LocalizedText = z.infer<typeof localizedTextSchema>;

// ---------------------------------------------------------------------------------------------
// IZZ (survey type 1)
// ---------------------------------------------------------------------------------------------

/** The 9 categories in questionnaire order. */
export const IZZ_CATEGORY_IDS = [
  'job_content',
  'working_conditions',
  'pay_benefits',
  'learning_career',
  'direct_manager',
  'top_management',
  'communication',
  'teamwork',
  'culture_loyalty',
] as const;
export type IzzCategoryId = (typeof IZZ_CATEGORY_IDS)[number];

/** Statement id = the category's two-letter prefix + a two-digit number, e.g. 'JC01'. */
export const STATEMENT_ID_PATTERN = /^[A-Z]{2}\d{2}$/;

export const izzCategorySchema = z.object({
  id: z.enum(IZZ_CATEGORY_IDS),
  /** Two capital letters that start the ids of the category's statements. */
  idPrefix: z.string().regex(/^[A-Z]{2}$/),
  /** 1-based position in the questionnaire. */
  order: z.number().int().positive(),
  title: localizedTextSchema,
});
export type IzzCategory = z.infer<typeof izzCategorySchema>;

export const izzStatementSchema = z.object({
  id: z.string().regex(STATEMENT_ID_PATTERN),
  category: z.enum(IZZ_CATEGORY_IDS),
  /** 1-based position in the whole questionnaire (1..74), following the category order. */
  order: z.number().int().positive(),
  text: localizedTextSchema,
});
export type IzzStatement = z.infer<typeof izzStatementSchema>;

/** IZZ answer values: 1 completely disagree .. 4 completely agree; 3 and 4 count as favourable. */
export const IZZ_SCALE_VALUES = [1, 2, 3, 4] as const;
export type IzzScaleValue = (typeof IZZ_SCALE_VALUES)[number];

export const izzScaleLabelSchema = z.object({
  value: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  label: localizedTextSchema,
});
export type IzzScaleLabel = z.infer<typeof izzScaleLabelSchema>;

/** A numeric rating question with labels for both ends of its scale. */
const ratingQuestionShape = {
  question: localizedTextSchema,
  minLabel: localizedTextSchema,
  maxLabel: localizedTextSchema,
};

/** The id equals the respondent-answer field (enps_grade). */
export const ENPS_QUESTION_ID = 'enps_grade';
export const enpsQuestionSchema = z.object({
  id: z.literal(ENPS_QUESTION_ID),
  min: z.literal(0),
  max: z.literal(10),
  ...ratingQuestionShape,
});
export type EnpsQuestion = z.infer<typeof enpsQuestionSchema>;

/** The ids equal the respondent-answer fields. */
export const ESI_QUESTION_IDS = [
  'esi_workplace_satisfaction',
  'esi_workplace_expectations',
  'esi_ideal_job_comparison',
] as const;
export type EsiQuestionId = (typeof ESI_QUESTION_IDS)[number];

export const esiQuestionSchema = z.object({
  id: z.enum(ESI_QUESTION_IDS),
  min: z.literal(1),
  max: z.literal(10),
  ...ratingQuestionShape,
});
export type EsiQuestion = z.infer<typeof esiQuestionSchema>;

export const DEMOGRAPHIC_QUESTION_IDS = ['gender', 'age_group', 'tenure', 'education', 'position_level'] as const;
export type DemographicQuestionId = (typeof DEMOGRAPHIC_QUESTION_IDS)[number];

/** Option ids are lower-case slugs, e.g. 'prefer_not_to_say', '26_35'. */
export const OPTION_ID_PATTERN = /^[a-z0-9]+(?:_[a-z0-9]+)*$/;

export const demographicOptionSchema = z.object({
  id: z.string().regex(OPTION_ID_PATTERN),
  label: localizedTextSchema,
});
export type DemographicOption = z.infer<typeof demographicOptionSchema>;

export const demographicQuestionSchema = z.object({
  id: z.enum(DEMOGRAPHIC_QUESTION_IDS),
  question: localizedTextSchema,
  options: z.array(demographicOptionSchema).min(2),
});
export type DemographicQuestion = z.infer<typeof demographicQuestionSchema>;

/** Department and location: the question label only; the options come from the survey application. */
export const orgUnitQuestionSchema = z.object({
  id: z.enum(['department', 'location']),
  question: localizedTextSchema,
});
export type OrgUnitQuestion = z.infer<typeof orgUnitQuestionSchema>;

export const PRAISE_CRITIQUE_MAX_LENGTH = 1000;

/** The free-text praise/critique question; its answer is stored as praiseCritiqueAnswer. */
export const praiseCritiqueQuestionSchema = z.object({
  id: z.literal('praise_critique'),
  question: localizedTextSchema,
  /** Shown under the question: no names or details that identify anyone. */
  hint: localizedTextSchema,
  maxLength: z.literal(PRAISE_CRITIQUE_MAX_LENGTH),
  required: z.literal(false),
});
export type PraiseCritiqueQuestion = z.infer<typeof praiseCritiqueQuestionSchema>;

/** What a respondent reads before starting the IZZ questionnaire (and 'thanks' after sending it). */
export const izzIntroTextsSchema = z.object({
  title: localizedTextSchema,
  purpose: localizedTextSchema,
  duration: localizedTextSchema,
  /** Owners, directors and board members do not take part. */
  participation: localizedTextSchema,
  /** No code, IP address, device details or time finer than the day is stored. */
  anonymity: localizedTextSchema,
  /** Groups with fewer than 5 responses are never shown. */
  reporting: localizedTextSchema,
  /** How to answer: the 1-4 scale, every statement is mandatory. */
  answering: localizedTextSchema,
  thanks: localizedTextSchema,
});
export type IzzIntroTexts = z.infer<typeof izzIntroTextsSchema>;

// ---------------------------------------------------------------------------------------------
// PULS (survey type 2)
// ---------------------------------------------------------------------------------------------

export const PULS_QUESTION_ID_PATTERN = /^P\d{2}$/;

export const PULS_TOPICS = [
  'workload',
  'recognition',
  'manager_support',
  'communication',
  'wellbeing',
  'growth',
  'team',
  'alignment',
  'change',
  'tools',
  'flexibility',
  'engagement',
  'open_feedback',
] as const;
export type PulsTopic = (typeof PULS_TOPICS)[number];

/** scale5: agreement 1-5; enps: 0-10 with the eNPS end labels; text: free text. */
export const PULS_QUESTION_KINDS = ['scale5', 'enps', 'text'] as const;
export type PulsQuestionKind = (typeof PULS_QUESTION_KINDS)[number];

export const pulsQuestionSchema = z.object({
  id: z.string().regex(PULS_QUESTION_ID_PATTERN),
  topic: z.enum(PULS_TOPICS),
  kind: z.enum(PULS_QUESTION_KINDS),
  text: localizedTextSchema,
});
export type PulsQuestion = z.infer<typeof pulsQuestionSchema>;

export const pulsScaleLabelSchema = z.object({
  value: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]),
  label: localizedTextSchema,
});
export type PulsScaleLabel = z.infer<typeof pulsScaleLabelSchema>;

export const pulsIntroTextsSchema = z.object({
  title: localizedTextSchema,
  purpose: localizedTextSchema,
  duration: localizedTextSchema,
  anonymity: localizedTextSchema,
  reporting: localizedTextSchema,
  answering: localizedTextSchema,
  thanks: localizedTextSchema,
});
export type PulsIntroTexts = z.infer<typeof pulsIntroTextsSchema>;
