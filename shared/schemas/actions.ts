/**
 * From results to action: the focus areas HR picks from a finished IZZ survey's results, their action
 * plans, the results page shared back with employees, and the PULS follow-up of a focus area.
 *
 * Every figure here comes from the survey's frozen release (its reporting base), through the company's own basic,
 * comparative and benchmark reports: the whole survey only, never a group.
 */
import { z } from 'zod';
import { fieldError } from '../errors/field-messages.js';
import { QUESTION_LANGUAGE_CODES } from '../locales.js';
import { PARAM_PATTERNS } from '../routes.js';
import { PULS_QUESTIONS, statementById } from '../question-banks/index.js';
import { IZZ_CATEGORY_IDS, type IzzCategoryId, type PulsTopic } from '../question-banks/types.js';

/** At most three focus areas per survey (the issue). */
export const MAX_FOCUS_AREAS = 3;
/** How many suggestions of each kind are offered. */
export const SUGGESTIONS_PER_KIND = 3;
export const FOCUS_AREA_KINDS = ['category', 'statement'] as const;
export type FocusAreaKind = (typeof FOCUS_AREA_KINDS)[number];
export const ACTION_STATUSES = ['planned', 'in_progress', 'done'] as const;
export type ActionStatus = (typeof ACTION_STATUSES)[number];
export const ACTION_LIMITS = { title: 200, description: 2000, owner: 120, note: 1000, message: 1000 } as const;

/** The results page's public token: 32 random bytes, base64url (43 characters). */
export const RESULTS_TOKEN_PATTERN = PARAM_PATTERNS.token as RegExp;

const isoDate = z
  .string({ error: fieldError('required') })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: fieldError('date-invalid') })
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, { error: fieldError('date-invalid') });
const requiredText = (max: number) => z.string({ error: fieldError('required') }).trim().min(1, { error: fieldError('required') }).max(max, { error: fieldError('too-long') });
const optionalText = (max: number) => z.string().trim().max(max, { error: fieldError('too-long') }).default('');

/** Whether an item exists in the IZZ bank: a category id or a statement id. */
export function focusItemExists(kind: FocusAreaKind, itemId: string): boolean {
  return kind === 'category' ? (IZZ_CATEGORY_IDS as readonly string[]).includes(itemId) : statementById(itemId) !== undefined;
}

/** The category a focus item belongs to (a category is its own). */
export function focusCategory(kind: FocusAreaKind, itemId: string): IzzCategoryId | null {
  if (kind === 'category') return (IZZ_CATEGORY_IDS as readonly string[]).includes(itemId) ? (itemId as IzzCategoryId) : null;
  return statementById(itemId)?.category ?? null;
}

/** POST /api/surveys/:id/focus-areas */
export const focusAreaInputSchema = z
  .object({
    kind: z.enum(FOCUS_AREA_KINDS, { error: fieldError('choose-option') }),
    item_id: z.string({ error: fieldError('required') }).trim().min(1, { error: fieldError('required') }).max(40, { error: fieldError('too-long') }),
  })
  .refine((v) => focusItemExists(v.kind, v.item_id), { path: ['item_id'], error: fieldError('unknown-question') });
export type FocusAreaInput = z.infer<typeof focusAreaInputSchema>;

/** POST /api/surveys/:id/focus-areas/:areaId/actions */
export const actionInputSchema = z.object({
  title: requiredText(ACTION_LIMITS.title),
  description: optionalText(ACTION_LIMITS.description),
  owner: optionalText(ACTION_LIMITS.owner),
  due_on: isoDate,
  status: z.enum(ACTION_STATUSES, { error: fieldError('choose-option') }).default('planned'),
});
export type ActionInput = z.input<typeof actionInputSchema>;

/** PATCH /api/surveys/:id/actions/:actionId: any of the fields. */
export const actionPatchSchema = z
  .object({
    title: requiredText(ACTION_LIMITS.title).optional(),
    description: z.string().trim().max(ACTION_LIMITS.description, { error: fieldError('too-long') }).optional(),
    owner: z.string().trim().max(ACTION_LIMITS.owner, { error: fieldError('too-long') }).optional(),
    due_on: isoDate.optional(),
    status: z.enum(ACTION_STATUSES, { error: fieldError('choose-option') }).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: fieldError('required') });
export type ActionPatch = z.infer<typeof actionPatchSchema>;

/** POST /api/surveys/:id/actions/:actionId/notes (noted_on: the day the progress was made; today by default). */
export const actionNoteInputSchema = z.object({
  text: requiredText(ACTION_LIMITS.note),
  noted_on: isoDate.optional(),
});
export type ActionNoteInput = z.infer<typeof actionNoteInputSchema>;

/** PUT /api/surveys/:id/results-page */
export const resultsPageInputSchema = z.object({ message: optionalText(ACTION_LIMITS.message) });
export type ResultsPageInput = z.input<typeof resultsPageInputSchema>;

/** ?language= of the preview, the public page and the poster: one of the 8 question languages. */
export const resultsLanguageQuerySchema = z.object({ language: z.enum(QUESTION_LANGUAGE_CODES, { error: fieldError('choose-option') }).optional() });

export const actionNoteSchema = z.object({ id: z.number().int(), noted_on: z.string(), text: z.string(), created_at: z.string() });
export type ActionNote = z.infer<typeof actionNoteSchema>;

export const actionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  owner: z.string(),
  due_on: z.string(),
  status: z.enum(ACTION_STATUSES),
  /** due: the due day has come and the action is not done; overdue: the due day has passed. */
  timing: z.enum(['upcoming', 'due', 'overdue', 'done']),
  notes: z.array(actionNoteSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Action = z.infer<typeof actionSchema>;

/** The survey's figure of a focus item (the company's basic report: the whole survey). */
export const focusFiguresSchema = z.object({ mean: z.number().nullable(), favourable_pct: z.number().nullable() });

export const focusAreaSchema = z.object({
  id: z.number().int(),
  kind: z.enum(FOCUS_AREA_KINDS),
  item_id: z.string(),
  position: z.number().int(),
  figures: focusFiguresSchema,
  actions: z.array(actionSchema),
  /** PULS applications made from this focus area (the follow-up). */
  pulses: z.array(z.object({ id: z.number().int(), name: z.string().nullable(), state: z.string() })),
});
export type FocusArea = z.infer<typeof focusAreaSchema>;

/** A suggested focus item with the figure that makes it one. */
export const focusSuggestionSchema = z.object({
  kind: z.enum(FOCUS_AREA_KINDS),
  item_id: z.string(),
  /** The survey's mean (1–4). */
  mean: z.number().nullable(),
  /** lowest: null; drop: the change of the mean against the previous survey; benchmark: the mean minus the market's median band. */
  difference: z.number().nullable(),
  /** benchmark: the market's median band's mean; drop: the previous survey's mean. */
  reference: z.number().nullable(),
});
export type FocusSuggestion = z.infer<typeof focusSuggestionSchema>;

export const focusSuggestionsSchema = z.object({
  /** The lowest categories by mean. */
  lowest: z.array(focusSuggestionSchema),
  /** The largest drops since the company's previous finished survey (categories and statements); null without one. */
  drops: z.array(focusSuggestionSchema).nullable(),
  previous: z.object({ survey_id: z.number().int(), name: z.string(), year: z.number().int().nullable() }).nullable(),
  /** The items furthest below the market's median band of the survey's award year; null before that year is published. */
  benchmark: z.array(focusSuggestionSchema).nullable(),
  benchmark_year: z.number().int().nullable(),
});
export type FocusSuggestions = z.infer<typeof focusSuggestionsSchema>;

export const resultsPageStateSchema = z.object({
  /** The public link's token (null until HR first saves or publishes the page). */
  token: z.string().nullable(),
  published: z.boolean(),
  published_at: z.string().nullable(),
  message: z.string(),
});
export type ResultsPageState = z.infer<typeof resultsPageStateSchema>;

/** GET /api/surveys/:id/actions: everything the survey's action page shows. */
export const actionsOverviewSchema = z.object({
  survey: z.object({ id: z.number().int(), name: z.string(), year: z.number().int().nullable(), languages: z.array(z.enum(QUESTION_LANGUAGE_CODES)) }),
  /** The whole survey's category means (for picking a category). */
  categories: z.array(z.object({ id: z.enum(IZZ_CATEGORY_IDS), mean: z.number().nullable(), favourable_pct: z.number().nullable() })),
  focus_areas: z.array(focusAreaSchema),
  suggestions: focusSuggestionsSchema,
  results_page: resultsPageStateSchema,
});
export type ActionsOverview = z.infer<typeof actionsOverviewSchema>;

/**
 * The employees' results page (GET /api/results/:token, and HR's preview). Built only from the company's basic report
 * of the whole survey (its frozen release): response rate, ESI, eNPS and category results; no group, no comment. A
 * figure the report hides is absent (null), and so is every figure when the survey has fewer responses than the
 * minimum group size.
 */
export const sharedResultsSchema = z.object({
  language: z.enum(QUESTION_LANGUAGE_CODES),
  /** The survey's languages: the page is offered in each. */
  languages: z.array(z.enum(QUESTION_LANGUAGE_CODES)),
  company: z.string(),
  survey_name: z.string(),
  year: z.number().int().nullable(),
  min_group_size: z.number().int(),
  responses: z.number().int().nonnegative(),
  /** responses / employees in %, as the report shows it. */
  response_rate: z.number().nullable(),
  esi: z.number().nullable(),
  enps: z.number().nullable(),
  categories: z.array(z.object({ id: z.enum(IZZ_CATEGORY_IDS), label: z.string(), mean: z.number().nullable(), favourable_pct: z.number().nullable() })),
  focus_areas: z.array(
    z.object({
      kind: z.enum(FOCUS_AREA_KINDS),
      item_id: z.string(),
      label: z.string(),
      mean: z.number().nullable(),
      favourable_pct: z.number().nullable(),
      actions: z.array(z.object({ title: z.string(), description: z.string(), due_on: z.string(), status: z.enum(ACTION_STATUSES) })),
    }),
  ),
  message: z.string(),
  published_at: z.string().nullable(),
});
export type SharedResults = z.infer<typeof sharedResultsSchema>;

/** GET /api/surveys/:id/focus-area-origin (a PULS survey): the focus area it follows up, or null. */
export const pulseOriginSchema = z
  .object({ survey_id: z.number().int(), survey_name: z.string(), kind: z.enum(FOCUS_AREA_KINDS), item_id: z.string(), questions: z.array(z.string()) })
  .nullable();
export type PulseOrigin = NonNullable<z.infer<typeof pulseOriginSchema>>;

/** GET /api/surveys/:id/focus-history: every finished survey's focus areas and what became of their actions. */
export const focusHistorySchema = z.array(
  z.object({
    survey_id: z.number().int(),
    year: z.number().int().nullable(),
    focus_areas: z.array(
      z.object({
        kind: z.enum(FOCUS_AREA_KINDS),
        item_id: z.string(),
        actions: z.array(z.object({ title: z.string(), status: z.enum(ACTION_STATUSES), due_on: z.string() })),
      }),
    ),
  }),
);
export type FocusHistory = z.infer<typeof focusHistorySchema>;

// ---------------------------------------------------------------------------------------------
// The follow-up: pulse questions of a focus area
// ---------------------------------------------------------------------------------------------

/** The pulse topics that follow an IZZ category (data, like the banks). */
export const CATEGORY_PULSE_TOPICS: Record<IzzCategoryId, readonly PulsTopic[]> = {
  job_content: ['alignment', 'workload'],
  working_conditions: ['workload', 'tools', 'wellbeing'],
  pay_benefits: ['recognition'],
  learning_career: ['growth'],
  direct_manager: ['manager_support', 'recognition'],
  top_management: ['alignment', 'change'],
  communication: ['communication'],
  teamwork: ['team'],
  culture_loyalty: ['wellbeing', 'flexibility', 'change'],
};

/**
 * The pulse questions pre-chosen for a focus area: the questions of its category's topics, then the eNPS question and
 * one open question, in bank order (at most 15, the PULS limit).
 */
export function pulseQuestionsFor(kind: FocusAreaKind, itemId: string): string[] {
  const category = focusCategory(kind, itemId);
  if (!category) return [];
  const topics = new Set<string>([...CATEGORY_PULSE_TOPICS[category], 'engagement']);
  const ids = PULS_QUESTIONS.filter((q) => topics.has(q.topic)).map((q) => q.id);
  const open = PULS_QUESTIONS.find((q) => q.topic === 'open_feedback');
  if (open) ids.push(open.id);
  return ids.slice(0, 15);
}
