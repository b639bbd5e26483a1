/**
 * The respondent questionnaire: what the server hands out for a valid access code (the
 * package), the shape of one response's answers, the rules a response must meet against its package
 * (responseIssues, pure: used by the PWA before saving and by the server before storing), the copy
 * of a valid response the server stores (storedAnswers) and the sync batch of POST /api/responses.
 *
 * Text limits: extra 'text250' 250, 'text1000' 1000, comments 500, PULS text 500, praise/critique 1000.
 * Extra answers: text -> string; radio -> one answer index; checkbox -> an array of answer indexes
 * (numbers; numeric strings accepted); scale -> a number within the question's bounds.
 */
import { z } from 'zod';
import { QUESTION_LANGUAGE_CODES } from '../locales.js';
import {
  DEMOGRAPHIC_QUESTIONS,
  PRAISE_CRITIQUE_MAX_LENGTH,
  PULS_QUESTIONS,
  PULS_TEXT_MAX_LENGTH,
  STATEMENTS,
  type PulsQuestion,
} from '../question-banks/index.js';
import { fieldError } from '../errors/field-messages.js';
import { extraQuestionSchema, type ExtraQuestion } from './extra-question.js';
import { answerIndex, EXTRA_TEXT_MAX_LENGTH, extraTypeRule } from './extra-question-types.js';

export { answerIndex, EXTRA_TEXT_MAX_LENGTH };

export const EXTRA_COMMENT_MAX_LENGTH = 500;
export const RESPONSE_BATCH_MAX = 50;

export const questionnairePackageSchema = z.object({
  survey_id: z.number().int(),
  type: z.enum(['izz', 'puls']),
  name: z.string(),
  company_name: z.string(),
  logo_url: z.string().nullable(),
  /** The question languages the survey offers. */
  languages: z.array(z.enum(QUESTION_LANGUAGE_CODES)),
  /** YYYY-MM-DD, the last day answers are accepted (PULS: the round's last day). */
  end_date: z.string(),
  /** IZZ: all statements in bank order; PULS: empty. */
  statement_ids: z.array(z.string()),
  demographic_ids: z.array(z.string()),
  departments: z.array(z.string()),
  locations: z.array(z.string()),
  /** IZZ: the application's extra questions; PULS: its own questions. */
  extra_questions: z.array(extraQuestionSchema),
  /** PULS: the pulse-bank question ids; IZZ: empty. */
  puls_question_ids: z.array(z.string()),
  /** PULS: the current round; IZZ: null. */
  round: z.number().int().nullable(),
});
export type QuestionnairePackage = z.infer<typeof questionnairePackageSchema>;

const id = z.string().min(1).max(64);
const extraValueSchema = z.union([
  z.string().max(EXTRA_TEXT_MAX_LENGTH.text1000),
  z.array(z.union([z.number().int(), z.string().max(8)])).max(20),
  z.number(),
]);

export const responseAnswersSchema = z.object({
  language: z.enum(QUESTION_LANGUAGE_CODES),
  statements: z.record(id, z.literal([1, 2, 3, 4])).default({}),
  enps_grade: z.number().int().min(0).max(10).optional(),
  esi_workplace_satisfaction: z.number().int().min(1).max(10).optional(),
  esi_workplace_expectations: z.number().int().min(1).max(10).optional(),
  esi_ideal_job_comparison: z.number().int().min(1).max(10).optional(),
  demographics: z.record(id, z.string().max(64)).default({}),
  department: z.string().max(200).optional(),
  location: z.string().max(200).optional(),
  extra: z
    .record(id, z.object({ value: extraValueSchema, comment: z.string().max(EXTRA_COMMENT_MAX_LENGTH).optional() }))
    .default({}),
  praise_critique: z.string().max(PRAISE_CRITIQUE_MAX_LENGTH).optional(),
  puls: z.record(id, z.union([z.number(), z.string().max(PULS_TEXT_MAX_LENGTH)])).default({}),
});
export type ResponseAnswers = z.infer<typeof responseAnswersSchema>;

export interface ResponseIssue {
  /** e.g. 'statements.DS01', 'extra.q1.value', 'esi_workplace_satisfaction'. */
  path: string;
  /** 'required' | 'out-of-range' | 'unknown' | 'too-long' | 'invalid' | 'not-allowed' */
  code: 'required' | 'out-of-range' | 'unknown' | 'too-long' | 'invalid' | 'not-allowed';
}

const ESI_IDS = ['esi_workplace_satisfaction', 'esi_workplace_expectations', 'esi_ideal_job_comparison'] as const;
const statementIdSet = new Set(STATEMENTS.map((s) => s.id));
const pulsById = new Map<string, PulsQuestion>(PULS_QUESTIONS.map((q) => [q.id, q]));

const isInt = (v: unknown, min: number, max: number): boolean => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
const blank = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

function extraIssues(q: ExtraQuestion, answer: { value: unknown; comment?: string } | undefined, out: ResponseIssue[]): void {
  const path = `extra.${q.id}`;
  if (!answer || blank(answer.value)) {
    if (q.required) out.push({ path: `${path}.value`, code: 'required' });
    if (answer?.comment !== undefined && !q.allow_comments) out.push({ path: `${path}.comment`, code: 'not-allowed' });
    return;
  }
  const issue = extraTypeRule(q.type).answerIssue(q, answer.value);
  if (issue) out.push({ path: `${path}.value`, code: issue });
  if (answer.comment !== undefined) {
    if (!q.allow_comments) out.push({ path: `${path}.comment`, code: 'not-allowed' });
    else if (answer.comment.length > EXTRA_COMMENT_MAX_LENGTH) out.push({ path: `${path}.comment`, code: 'too-long' });
  }
}

/**
 * Every rule a response must meet against its package; [] when it may be stored. IZZ: every
 * statement (1-4), eNPS (0-10) and the three ESI questions (1-10) are mandatory; demographics,
 * department, location and praise/critique are optional but must be valid when given; required
 * extra questions must be answered. PULS: every scale5 (1-5) and enps (0-10) question is mandatory,
 * text questions are optional (up to 500 characters). Ids the package does not ask are refused.
 */
export function responseIssues(pkg: QuestionnairePackage, input: unknown): ResponseIssue[] {
  return checkResponse(pkg, input).issues;
}

/**
 * responseIssues plus the parsed answers (null when they do not even have the schema's shape), so the
 * server parses a response once and stores the parsed copy (storedAnswers), never the input.
 */
export function checkResponse(pkg: QuestionnairePackage, input: unknown): { issues: ResponseIssue[]; answers: ResponseAnswers | null } {
  const parsed = responseAnswersSchema.safeParse(input);
  if (!parsed.success) {
    return { issues: parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), code: i.code === 'too_big' && i.origin === 'string' ? 'too-long' : 'invalid' })), answers: null };
  }
  return { issues: answerIssues(pkg, parsed.data), answers: parsed.data };
}

function answerIssues(pkg: QuestionnairePackage, a: ResponseAnswers): ResponseIssue[] {
  const out: ResponseIssue[] = [];
  if (!pkg.languages.includes(a.language)) out.push({ path: 'language', code: 'not-allowed' });

  const asked = new Set(pkg.statement_ids);
  for (const sid of pkg.statement_ids) if (a.statements[sid] === undefined) out.push({ path: `statements.${sid}`, code: 'required' });
  for (const sid of Object.keys(a.statements)) if (!asked.has(sid) || !statementIdSet.has(sid)) out.push({ path: `statements.${sid}`, code: 'unknown' });

  if (pkg.type === 'izz') {
    if (a.enps_grade === undefined) out.push({ path: 'enps_grade', code: 'required' });
    for (const esi of ESI_IDS) if (a[esi] === undefined) out.push({ path: esi, code: 'required' });
  } else {
    for (const k of ['enps_grade', ...ESI_IDS] as const) if (a[k] !== undefined) out.push({ path: k, code: 'unknown' });
    if (a.praise_critique !== undefined) out.push({ path: 'praise_critique', code: 'unknown' });
  }

  const demoAsked = new Set(pkg.demographic_ids);
  for (const [qid, option] of Object.entries(a.demographics)) {
    const q = DEMOGRAPHIC_QUESTIONS.find((d) => d.id === qid);
    if (!q || !demoAsked.has(qid)) out.push({ path: `demographics.${qid}`, code: 'unknown' });
    else if (!q.options.some((o) => o.id === option)) out.push({ path: `demographics.${qid}`, code: 'out-of-range' });
  }
  if (a.department !== undefined && !pkg.departments.includes(a.department)) out.push({ path: 'department', code: 'unknown' });
  if (a.location !== undefined && !pkg.locations.includes(a.location)) out.push({ path: 'location', code: 'unknown' });

  const extraById = new Map(pkg.extra_questions.map((q) => [q.id, q]));
  for (const q of pkg.extra_questions) extraIssues(q, a.extra[q.id], out);
  for (const qid of Object.keys(a.extra)) if (!extraById.has(qid)) out.push({ path: `extra.${qid}`, code: 'unknown' });

  const pulsAsked = new Set(pkg.puls_question_ids);
  for (const qid of pkg.puls_question_ids) {
    const q = pulsById.get(qid);
    const v = a.puls[qid];
    if (!q) continue;
    if (v === undefined || blank(v)) {
      if (q.kind !== 'text') out.push({ path: `puls.${qid}`, code: 'required' });
      continue;
    }
    if (q.kind === 'text') {
      if (typeof v !== 'string') out.push({ path: `puls.${qid}`, code: 'invalid' });
    } else if (typeof v !== 'number') out.push({ path: `puls.${qid}`, code: 'invalid' });
    else if (!isInt(v, q.kind === 'enps' ? 0 : 1, q.kind === 'enps' ? 10 : 5)) out.push({ path: `puls.${qid}`, code: 'out-of-range' });
  }
  for (const qid of Object.keys(a.puls)) if (!pulsAsked.has(qid) || !pulsById.has(qid)) out.push({ path: `puls.${qid}`, code: 'unknown' });
  return out;
}

/** An extra answer's value as stored: answer indexes as numbers, blank (no answer) as undefined. */
function storedExtraValue(q: ExtraQuestion, v: unknown): string | number | number[] | undefined {
  return blank(v) ? undefined : extraTypeRule(q.type).stored(v);
}

/**
 * The copy of a valid response that is stored (responses.answers), built field by field from the parsed
 * answers: only what the shared schema knows, at every level, so nothing else a client sends (a code, an
 * IP address, a user agent, a time, a name, unknown nested keys) is ever saved. Normalised so the stored
 * form does not depend on the device or app that sent it: fields in the schema's order and ids in the
 * package's order, answer indexes as numbers, blank optional answers (empty text, no option ticked) left out. Call it only for answers
 * without issues (paper: a mandatory item recorded as 'no answer on paper' is simply absent).
 */
export function storedAnswers(pkg: QuestionnairePackage, a: ResponseAnswers): ResponseAnswers {
  const pick = <T>(ids: readonly string[], from: Record<string, T>): Record<string, T> => {
    const out: Record<string, T> = {};
    for (const id of ids) {
      const v = from[id];
      if (v !== undefined && !blank(v)) out[id] = v;
    }
    return out;
  };
  const extra: ResponseAnswers['extra'] = {};
  for (const q of pkg.extra_questions) {
    const answer = a.extra[q.id];
    if (!answer) continue;
    const value = storedExtraValue(q, answer.value);
    const comment = q.allow_comments && answer.comment !== undefined && answer.comment.trim() !== '' ? answer.comment : undefined;
    if (value !== undefined) extra[q.id] = comment === undefined ? { value } : { value, comment };
    else if (comment !== undefined) extra[q.id] = { value: extraTypeRule(q.type).blankStored(), comment };
  }
  const text = (v: string | undefined): string | undefined => (v === undefined || blank(v) ? undefined : v);
  // In the schema's order; JSON.stringify leaves out the undefined ones.
  return {
    language: a.language,
    statements: pick(pkg.statement_ids, a.statements),
    enps_grade: a.enps_grade,
    esi_workplace_satisfaction: a.esi_workplace_satisfaction,
    esi_workplace_expectations: a.esi_workplace_expectations,
    esi_ideal_job_comparison: a.esi_ideal_job_comparison,
    demographics: pick(pkg.demographic_ids, a.demographics),
    department: a.department,
    location: a.location,
    extra,
    praise_critique: text(a.praise_critique),
    puls: pick(pkg.puls_question_ids, a.puls),
  };
}

export const accessRequestSchema = z.object({ code: z.string().min(1).max(40) });

export const submitItemSchema = z.object({
  /**
   * Client-made random UUID (version 4, crypto.randomUUID()); the server stores it under a unique constraint (a
   * replay is a no-op). Any other UUID is refused: a time-based one (v1, v6, v7) would store when the response was
   * made, to the millisecond, and order the responses by time.
   */
  id: z.uuid({ version: 'v4', error: fieldError('response-id-not-random') }),
  /** The token from POST /api/questionnaire/access. */
  token: z.string().min(1).max(2000),
  /** Checked against the package by responseIssues on the server (not here, so one bad item never fails the batch). */
  answers: z.unknown(),
});
export type SubmitItem = z.infer<typeof submitItemSchema>;

export const submitBatchSchema = z.object({ items: z.array(submitItemSchema).min(1).max(RESPONSE_BATCH_MAX) });
export type SubmitBatch = z.infer<typeof submitBatchSchema>;

/**
 * 'deferred': not taken now and nothing checked or stored, but not refused either: the device keeps the item and sends
 * it again later (code 'company-disabled': a kiosk or paper-entry item while the survey's company is disabled).
 */
export const SUBMIT_STATUSES = ['applied', 'duplicate', 'rejected', 'deferred'] as const;
export const submitResultSchema = z.object({
  id: z.string(),
  status: z.enum(SUBMIT_STATUSES),
  /**
   * For 'rejected': 'invalid-token' | 'access-code-invalid' | 'access-code-used' | 'survey-closed' | 'validation-failed'.
   * For 'deferred': 'company-disabled'.
   */
  code: z.string().optional(),
  /** For 'validation-failed': the rules broken. */
  issues: z.array(z.object({ path: z.string(), code: z.string() })).optional(),
});
export type SubmitResult = z.infer<typeof submitResultSchema>;

// ---- responses ------------------------------------------------------------------------------
// What the server answers with; the server builds these and the PWA reads (and checks) them.

/** POST /api/questionnaire/access { code } -> { data }: the respondent's token and the questionnaire. */
export const questionnaireAccessSchema = z.object({ token: z.string(), package: questionnairePackageSchema });
export type QuestionnaireAccess = z.infer<typeof questionnaireAccessSchema>;

/** Why the code entry's plain form (no JavaScript yet) refused a code; the page words it in its language. */
export interface CodeFormError {
  kind: 'required' | 'invalid-format' | 'rate-limited' | 'refused';
  /** 'refused': the server's message in the page's language. */
  message?: string;
  retryAfterSeconds?: number;
}

/**
 * What the server rendered the code entry with after a plain form submit (page state CODE_FORM_STATE_KEY): the access
 * to store (as POST /api/questionnaire/access answers it), or the code typed and why it was refused.
 */
export type CodeFormState = { access: QuestionnaireAccess } | { code: string; error: CodeFormError };
