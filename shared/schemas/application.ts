/**
 * Survey applications (IZZ and PULS): the multi-step form's data, its draft and submit rules, and
 * the lifecycle. One schema for the browser and the server (product-decisions.md, spec sections 3–5).
 *
 * A draft is saved as the user goes: applicationDraftSchema accepts any incomplete state but never
 * malformed values. Sending checks izzSubmitSchema / pulsSubmitSchema plus missingTranslations().
 */
import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { roundHalfAwayFromZero } from '../rounding.js';
import { fieldError } from '../errors/field-messages.js';
import { QUESTION_LANGUAGE_CODES, type QuestionLanguageCode } from '../locales.js';
import { defaultDimensionOrder, type DimensionSource } from './report-dimensions.js';
import { extraTypeRule } from './extra-question-types.js';
import { EXTRA_QUESTION_MAX_ANSWERS, extraQuestionSchema, type ExtraQuestion, type LocalizedDraftText } from './extra-question.js';

// The company's own questions are their own module (the questionnaire's package needs them, not the rest of this one).
export { EXTRA_QUESTION_TYPES, extraQuestionSchema, localizedDraftTextSchema } from './extra-question.js';
export type { ExtraQuestion, ExtraQuestionType, LocalizedDraftText } from './extra-question.js';

export const APPLICATION_STATES = ['draft', 'submitted', 'in_review', 'changes_requested', 'approved', 'in_progress', 'finished'] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];

/** Allowed transitions; anything else is refused (409). */
export const APPLICATION_TRANSITIONS: Record<ApplicationState, readonly ApplicationState[]> = {
  draft: ['submitted'],
  submitted: ['in_review', 'approved', 'changes_requested'],
  in_review: ['approved', 'changes_requested'],
  changes_requested: ['submitted'],
  approved: ['in_progress', 'finished'],
  in_progress: ['finished'],
  finished: [],
};
export const EDITABLE_STATES: readonly ApplicationState[] = ['draft', 'changes_requested'];
export function canTransition(from: ApplicationState, to: ApplicationState): boolean {
  return APPLICATION_TRANSITIONS[from].includes(to);
}

export const COLLECTION_TYPES = ['online', 'offline', 'combined'] as const;
export const CODE_TYPES = ['identical', 'different'] as const;
export const PULS_CADENCES = ['one-off', 'monthly', 'quarterly'] as const;

export const APPLICATION_LIMITS = {
  maxExtraQuestions: 20,
  maxAnswers: EXTRA_QUESTION_MAX_ANSWERS,
  maxDepartments: 100,
  maxLocations: 100,
  maxPulsOwnQuestions: 5,
  maxPulsRounds: 12,
} as const;

const dateField = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: fieldError('required') });
const timeField = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: fieldError('required') });
const shortText = (max: number) => z.string().trim().max(max, { error: fieldError('too-long') });
const languageSchema = z.enum(QUESTION_LANGUAGE_CODES);

export const respondentEmailSchema = z.object({ email: z.email({ error: fieldError('email-invalid') }).max(254), language: languageSchema });


export const izzDetailsSchema = z.object({
  name: shortText(200),
  collection: z.enum(COLLECTION_TYPES),
  start_date: dateField,
  end_date: dateField,
  /**
   * The survey's population: the company's employees who may take part (owners, directors and board members do
   * not). Every response rate (status board, report, award) is counted against it; pre-filled from the profile.
   */
  employees: z.number().int().min(1).max(LIMITS.maxEmployees),
  online_respondents: z.number().int().min(0).max(LIMITS.maxEmployees),
  offline_respondents: z.number().int().min(0).max(LIMITS.maxEmployees),
  code_type: z.enum(CODE_TYPES),
  /** Default 09:00 on the start date. */
  invitation_date: dateField,
  invitation_time: timeField,
  /** Default 5 days after the start, 09:00. */
  reminder_date: dateField,
  reminder_time: timeField,
  languages: z.array(languageSchema).max(QUESTION_LANGUAGE_CODES.length),
  respondent_emails: z.array(respondentEmailSchema).max(LIMITS.maxEmployees),
});

export const izzApplicationDraftSchema = z.object({
  details: izzDetailsSchema.partial().default({}),
  /** Up to 15 statement ids (shared/question-banks) chosen for the report. */
  report_questions: z.array(z.string().max(16)).max(LIMITS.maxChosenQuestions).default([]),
  additional_options: z
    .object({ report_language: languageSchema.optional(), comparative_report: z.boolean().optional(), benchmark_report: z.boolean().optional(), notes: shortText(2000).optional() })
    .default({}),
  demographics: z
    .object({
      questions: z.array(z.string().max(32)).max(10).default([]),
      departments: z.array(shortText(120)).max(APPLICATION_LIMITS.maxDepartments).default([]),
      locations: z.array(shortText(120)).max(APPLICATION_LIMITS.maxLocations).default([]),
    })
    .default({ questions: [], departments: [], locations: [] }),
  extra_questions: z.array(extraQuestionSchema).max(APPLICATION_LIMITS.maxExtraQuestions).default([]),
  /**
   * The report's breakdowns as the company ranks them (most important first; the release coarsens or leaves out the
   * lowest-ranked first) and the breakdown comments are listed under (null: the whole survey only; absent: department,
   * else location). Keys as in ./report-dimensions.ts.
   */
  report_breakdowns: z
    .object({
      priority: z.array(z.string().max(80)).max(80).default([]),
      comments_by: z.string().max(80).nullable().optional(),
    })
    .default({ priority: [] }),
  /** The step the user was on, so the form resumes there. */
  step: z.number().int().min(0).max(10).default(0),
});
export type IzzApplicationDraft = z.infer<typeof izzApplicationDraftSchema>;

export const pulsApplicationDraftSchema = z.object({
  details: izzDetailsSchema
    .pick({ name: true, start_date: true, end_date: true, employees: true, online_respondents: true, offline_respondents: true, code_type: true, invitation_date: true, invitation_time: true, languages: true, respondent_emails: true })
    .extend({ cadence: z.enum(PULS_CADENCES), rounds: z.number().int().min(1).max(APPLICATION_LIMITS.maxPulsRounds) })
    .partial()
    .default({}),
  /** Up to 15 pulse-bank question ids. */
  questions: z.array(z.string().max(16)).max(LIMITS.maxPulsQuestions).default([]),
  own_questions: z.array(extraQuestionSchema).max(APPLICATION_LIMITS.maxPulsOwnQuestions).default([]),
  step: z.number().int().min(0).max(10).default(0),
});
export type PulsApplicationDraft = z.infer<typeof pulsApplicationDraftSchema>;

// ---- responses ------------------------------------------------------------------------------
// What the server answers with; the server builds these and the PWA reads them (one declaration).

export const APPLICATION_TYPES = ['izz', 'puls'] as const;
export type ApplicationType = (typeof APPLICATION_TYPES)[number];

/** One application in a list (GET /api/applications) and the common part of every other answer. */
export const applicationSummarySchema = z.object({
  id: z.number().int(),
  type: z.enum(APPLICATION_TYPES),
  state: z.enum(APPLICATION_STATES),
  name: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  submitted_at: z.string().nullable(),
  approved_at: z.string().nullable(),
  review_comment: z.string().nullable(),
});
export type ApplicationSummary = z.infer<typeof applicationSummarySchema>;

/** One application with its draft (GET /api/applications/:id, create, save, submit, the review actions). */
export const applicationViewSchema = applicationSummarySchema.extend({
  draft: z.union([izzApplicationDraftSchema, pulsApplicationDraftSchema]),
  saved_at: z.string(),
});
export type ApplicationView = z.infer<typeof applicationViewSchema>;

/** GET /api/admin/applications: one row of the administrator's list. */
export const adminApplicationListItemSchema = applicationSummarySchema.extend({
  company_id: z.number().int(),
  company_name: z.string(),
  respondents: z.object({ online: z.number().int(), offline: z.number().int() }).optional(),
});
export type AdminApplicationListItem = z.infer<typeof adminApplicationListItemSchema>;

/** One round of a PULS survey as the status and the administrator's view show it. */
export const PULS_ROUND_STATES = ['pending', 'open', 'closed'] as const;
export const pulsRoundViewSchema = z.object({
  number: z.number().int(),
  opens_on: z.string(),
  closes_on: z.string(),
  invitation_at: z.string(),
  reminder_at: z.string().nullable(),
  state: z.enum(PULS_ROUND_STATES),
  responses: z.number().int(),
  /** When the round closed (ISO instant); null while it is pending or open. */
  closed_at: z.string().nullable(),
  /** Closed before 23:59 of its last day: the administrator ended it early. */
  ended_early: z.boolean(),
  /** Still pending when the survey finished (closed early): this round will not run. */
  cancelled: z.boolean(),
});
export type PulsRoundView = z.infer<typeof pulsRoundViewSchema>;

/** How a round is shown: its state, with a round ended early and a round that will not run told apart. */
export type PulsRoundDisplayState = 'pending' | 'open' | 'closed' | 'ended-early' | 'cancelled';
export function pulsRoundDisplayState(r: Pick<PulsRoundView, 'state' | 'ended_early' | 'cancelled'>): PulsRoundDisplayState {
  if (r.cancelled) return 'cancelled';
  if (r.state === 'closed' && r.ended_early) return 'ended-early';
  return r.state;
}

/** POST /api/admin/applications/:id/rounds/:number/close: the survey's state and its rounds after the round ended early. */
export const pulsRoundEndedSchema = z.object({ state: z.enum(APPLICATION_STATES), rounds: z.array(pulsRoundViewSchema) });
export type PulsRoundEnded = z.infer<typeof pulsRoundEndedSchema>;

const countsSchema = z.object({ online: z.number(), offline: z.number(), total: z.number() });

/**
 * The population a survey's response rate is counted against, the same on the status board, in every report
 * and for the award: the employees the application names; for an older application without that figure, the
 * company profile's employee count; null when neither is known (then no rate and no margin of error is shown).
 */
export function surveyPopulation(details: { employees?: number }, profileEmployees: number | null | undefined): number | null {
  if (details.employees !== undefined && details.employees > 0) return details.employees;
  return profileEmployees && profileEmployees > 0 ? profileEmployees : null;
}

/** A share of responses in a population, 0..1 with three decimals, never above 1; 0 without a population. */
export function responseShare(responses: number, of: number | null): number {
  if (!of || of <= 0) return 0;
  return Math.min(1, roundHalfAwayFromZero(responses / of, 3));
}

/** GET /api/applications/:id/status. A PULS survey adds its current round (null when none) and every round. */
export const applicationStatusSchema = z.object({
  state: z.enum(APPLICATION_STATES),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  invitation_at: z.string().nullable(),
  reminder_at: z.string().nullable(),
  next_reminder_at: z.string().nullable(),
  remaining_seconds: z.number().int(),
  /** surveyPopulation(); null when unknown. */
  employees: z.number().int().nullable(),
  /** Planned respondents per channel (the application's online and paper respondents). */
  planned: z.object({ online: z.number().int(), offline: z.number().int() }),
  /** Responses per kind of code: online codes (answered on a phone or a kiosk) and paper codes (on paper or online); they add up to the total. */
  responses: countsSchema,
  /** online / planned online, offline / planned paper, total / employees: each 0..1, never above 1. */
  occupancy: countsSchema,
  /** Codes not revoked per channel, uses so far, and the paper codes still unused (the forms that can be printed). */
  codes: z.object({ online: z.number().int(), offline: z.number().int(), used: z.number().int(), paper_unused: z.number().int() }),
  current_round: z.number().int().nullable().optional(),
  rounds: z.array(pulsRoundViewSchema).optional(),
});
export type ApplicationStatus = z.infer<typeof applicationStatusSchema>;

/** POST /api/applications/:id/emails/parse: the uploaded list checked line by line (the draft is not changed). */
export const EMAIL_PARSE_REASONS = ['email-invalid', 'language-unknown'] as const;
export const emailParseResultSchema = z.object({
  valid: z.array(z.object({ email: z.string(), language: languageSchema })),
  invalid: z.array(z.object({ line: z.number().int(), value: z.string(), reason: z.enum(EMAIL_PARSE_REASONS) })),
  duplicates: z.array(z.object({ line: z.number().int(), value: z.string() })),
  limit: z.number().int(),
  total_after_merge: z.number().int(),
});
export type EmailParseResult = z.infer<typeof emailParseResultSchema>;

export interface MissingText {
  question_id: string;
  field: 'title' | 'description' | 'answer' | 'min_label' | 'max_label';
  answer_index?: number;
  language: QuestionLanguageCode;
}

/**
 * Which texts of the extra questions are missing in which of the survey's languages. A title is
 * required in every language; a description only where one is given in some language; answers
 * for checkbox and radio; end labels for a scale.
 */
export function missingTranslations(questions: readonly ExtraQuestion[], languages: readonly QuestionLanguageCode[]): MissingText[] {
  const missing: MissingText[] = [];
  const empty = (t: LocalizedDraftText | undefined, l: QuestionLanguageCode) => !t?.[l]?.trim();
  const anyText = (t: LocalizedDraftText | undefined) => Object.values(t ?? {}).some((v) => v?.trim());
  for (const q of questions) {
    for (const language of languages) {
      if (empty(q.title, language)) missing.push({ question_id: q.id, field: 'title', language });
      if (anyText(q.description) && empty(q.description, language)) missing.push({ question_id: q.id, field: 'description', language });
      const draft = extraTypeRule(q.type).draft;
      if (draft.answers) {
        q.answers.forEach((answer, answer_index) => {
          if (empty(answer, language)) missing.push({ question_id: q.id, field: 'answer', answer_index, language });
        });
      }
      if (draft.scale && q.scale) {
        if (anyText(q.scale.min_label) && empty(q.scale.min_label, language)) missing.push({ question_id: q.id, field: 'min_label', language });
        if (anyText(q.scale.max_label) && empty(q.scale.max_label, language)) missing.push({ question_id: q.id, field: 'max_label', language });
      }
    }
  }
  return missing;
}

export const submitIssueSchema = z.object({ path: z.string(), message: z.string() });
export type SubmitIssue = z.infer<typeof submitIssueSchema>;

/** GET /api/admin/applications/:id: the application with its company, contact, codes and what still blocks a submit (PULS: its rounds). */
export const adminApplicationDetailSchema = applicationViewSchema.extend({
  company: z.object({ id: z.number().int(), name: z.string(), tax_number: z.string(), city: z.string(), employees: z.number().int() }).nullable(),
  user_email: z.string().nullable(),
  codes: z.object({ online: z.number().int(), offline: z.number().int(), used: z.number().int(), revoked: z.number().int() }),
  submit_issues: z.array(submitIssueSchema),
  rounds: z.array(pulsRoundViewSchema).optional(),
});
export type AdminApplicationDetail = z.infer<typeof adminApplicationDetailSchema>;

const addDays = (isoDate: string, days: number) => {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** Default invitation (09:00 on the start date) and reminder (5 days later, 09:00). */
export function defaultSchedule(startDate: string): { invitation_date: string; invitation_time: string; reminder_date: string; reminder_time: string } {
  return { invitation_date: startDate, invitation_time: '09:00', reminder_date: addDays(startDate, 5), reminder_time: '09:00' };
}

/** What an IZZ draft defines that can become a report breakdown. */
export function izzDimensionSource(draft: Pick<IzzApplicationDraft, 'demographics' | 'extra_questions'>): DimensionSource {
  return { departments: draft.demographics.departments, locations: draft.demographics.locations, demographicIds: draft.demographics.questions, extraQuestions: draft.extra_questions };
}

/**
 * The rules an IZZ application must meet to be sent (spec section 5). Returns every problem with a
 * 'field:<key>' or plain message; empty when it may be sent. `today` is YYYY-MM-DD.
 */
export function izzSubmitIssues(draft: IzzApplicationDraft, today: string, known?: { reportQuestions?: ReadonlySet<string> }): SubmitIssue[] {
  const issues: SubmitIssue[] = [];
  const d = draft.details;
  const need = (path: string, ok: unknown) => {
    if (ok === undefined || ok === '' || (Array.isArray(ok) && ok.length === 0)) issues.push({ path, message: fieldError('required') });
  };
  need('details.name', d.name);
  need('details.collection', d.collection);
  need('details.start_date', d.start_date);
  need('details.end_date', d.end_date);
  need('details.code_type', d.code_type);
  need('details.invitation_date', d.invitation_date);
  need('details.invitation_time', d.invitation_time);
  need('details.reminder_date', d.reminder_date);
  need('details.reminder_time', d.reminder_time);
  need('details.languages', d.languages);
  if (d.start_date && d.start_date < today) issues.push({ path: 'details.start_date', message: fieldError('start-in-past') });
  if (d.start_date && d.end_date && d.end_date < d.start_date) issues.push({ path: 'details.end_date', message: fieldError('end-before-start') });
  const online = d.online_respondents ?? 0;
  const offline = d.offline_respondents ?? 0;
  if (d.collection !== 'offline' && online < 1) issues.push({ path: 'details.online_respondents', message: fieldError('online-respondents-required') });
  if (d.collection !== 'online' && d.collection && offline < 1) issues.push({ path: 'details.offline_respondents', message: fieldError('offline-respondents-required') });
  if (d.collection === 'online' && offline > 0) issues.push({ path: 'details.offline_respondents', message: fieldError('offline-not-allowed') });
  if (d.collection === 'offline' && online > 0) issues.push({ path: 'details.online_respondents', message: fieldError('online-not-allowed') });
  respondentIssues(d, issues);
  if (d.invitation_date && d.start_date && d.end_date && (d.invitation_date < d.start_date || d.invitation_date > d.end_date))
    issues.push({ path: 'details.invitation_date', message: fieldError('outside-survey-period') });
  if (d.reminder_date && d.invitation_date && d.end_date && (d.reminder_date < d.invitation_date || d.reminder_date > d.end_date))
    issues.push({ path: 'details.reminder_date', message: fieldError('outside-survey-period') });
  if (draft.report_questions.length > LIMITS.maxChosenQuestions) issues.push({ path: 'report_questions', message: fieldError('too-many-questions') });
  draft.report_questions.forEach((id, i) => {
    if (known?.reportQuestions && !known.reportQuestions.has(id)) issues.push({ path: `report_questions.${i}`, message: fieldError('unknown-question') });
  });
  const commentsBy = draft.report_breakdowns.comments_by;
  if (typeof commentsBy === 'string' && !defaultDimensionOrder(izzDimensionSource(draft)).includes(commentsBy))
    issues.push({ path: 'report_breakdowns.comments_by', message: fieldError('unknown-breakdown') });
  for (const m of missingTranslations(draft.extra_questions, d.languages ?? [])) {
    issues.push({ path: `extra_questions.${m.question_id}.${m.field}${m.answer_index !== undefined ? `.${m.answer_index}` : ''}.${m.language}`, message: fieldError('missing-translation') });
  }
  return issues;
}

/** The respondents, e-mails and dates rules IZZ and PULS share. */
function respondentIssues(
  d: { employees?: number; online_respondents?: number; offline_respondents?: number; respondent_emails?: { email: string; language: QuestionLanguageCode }[]; languages?: QuestionLanguageCode[] },
  issues: SubmitIssue[],
): void {
  if (d.employees === undefined) issues.push({ path: 'details.employees', message: fieldError('required') });
  else if ((d.online_respondents ?? 0) + (d.offline_respondents ?? 0) > d.employees) issues.push({ path: 'details.employees', message: fieldError('respondents-exceed-employees') });
  const emails = d.respondent_emails ?? [];
  if (emails.length > (d.online_respondents ?? 0)) issues.push({ path: 'details.respondent_emails', message: fieldError('too-many-emails') });
  const seen = new Set<string>();
  emails.forEach((e, i) => {
    const key = e.email.toLowerCase();
    if (seen.has(key)) issues.push({ path: `details.respondent_emails.${i}`, message: fieldError('duplicate-email') });
    seen.add(key);
    if (d.languages && !d.languages.includes(e.language)) issues.push({ path: `details.respondent_emails.${i}`, message: fieldError('language-not-offered') });
  });
}

/**
 * The rules a PULS application must meet to be sent: the details as for IZZ (no reminder of its own;
 * cadence and rounds), 1 to 15 pulse-bank questions, own questions translated into every language.
 */
export function pulsSubmitIssues(draft: PulsApplicationDraft, today: string, known?: { questions?: ReadonlySet<string> }): SubmitIssue[] {
  const issues: SubmitIssue[] = [];
  const d = draft.details;
  const need = (path: string, ok: unknown) => {
    if (ok === undefined || ok === '' || (Array.isArray(ok) && ok.length === 0)) issues.push({ path, message: fieldError('required') });
  };
  need('details.name', d.name);
  need('details.start_date', d.start_date);
  need('details.end_date', d.end_date);
  need('details.code_type', d.code_type);
  need('details.invitation_date', d.invitation_date);
  need('details.invitation_time', d.invitation_time);
  need('details.languages', d.languages);
  need('details.cadence', d.cadence);
  need('details.rounds', d.rounds);
  if (d.start_date && d.start_date < today) issues.push({ path: 'details.start_date', message: fieldError('start-in-past') });
  if (d.start_date && d.end_date && d.end_date < d.start_date) issues.push({ path: 'details.end_date', message: fieldError('end-before-start') });
  if ((d.online_respondents ?? 0) + (d.offline_respondents ?? 0) < 1) issues.push({ path: 'details.online_respondents', message: fieldError('online-respondents-required') });
  respondentIssues(d, issues);
  if (d.invitation_date && d.start_date && d.end_date && (d.invitation_date < d.start_date || d.invitation_date > d.end_date))
    issues.push({ path: 'details.invitation_date', message: fieldError('outside-survey-period') });
  if (d.cadence === 'one-off' && d.rounds !== undefined && d.rounds !== 1) issues.push({ path: 'details.rounds', message: fieldError('number-invalid') });
  if (draft.questions.length === 0) issues.push({ path: 'questions', message: fieldError('questions-required') });
  if (draft.questions.length > LIMITS.maxPulsQuestions) issues.push({ path: 'questions', message: fieldError('too-many-questions') });
  const seen = new Set<string>();
  draft.questions.forEach((id, i) => {
    if ((known?.questions && !known.questions.has(id)) || seen.has(id)) issues.push({ path: `questions.${i}`, message: fieldError('unknown-question') });
    seen.add(id);
  });
  for (const m of missingTranslations(draft.own_questions, d.languages ?? [])) {
    issues.push({ path: `own_questions.${m.question_id}.${m.field}${m.answer_index !== undefined ? `.${m.answer_index}` : ''}.${m.language}`, message: fieldError('missing-translation') });
  }
  return issues;
}
