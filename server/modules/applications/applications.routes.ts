/**
 * /api/applications/* (the company's own survey applications) and /api/admin/applications/* (review).
 * Another company's application answers 404. See docs/api.md "Survey applications".
 */
import ExcelJS from 'exceljs';
import express, { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { localizeFieldMessage } from '../../../shared/errors/node.js';
import { izzApplicationDraftSchema, pulsApplicationDraftSchema, APPLICATION_LIMITS, APPLICATION_STATES } from '../../../shared/schemas/application.js';
import { QUESTION_LANGUAGE_CODES } from '../../../shared/locales.js';
import { AppError } from '../../errors.js';
import { companyOf, requireAdmin, requireCompany, sessionOf } from '../../middleware/auth.js';
import { localeOf } from '../../middleware/locale.js';
import type { Limiter } from '../../middleware/rate-limit.js';
import { parseWithLocale, validate, type ValidationIssue } from '../../middleware/validate.js';
import type { ApplicationsService } from './applications.service.js';
import { codesRenderers, renderPaperFormsPdf, type PaperFormsData } from './renderers.js';
import { FILE_TYPES } from '../../../shared/report-formats.js';
import { sendFile, streamFile } from '../../lib/files.js';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const roundParams = idParams.extend({ number: z.coerce.number().int().min(1).max(APPLICATION_LIMITS.maxPulsRounds) });
const typeSchema = z.enum(['izz', 'puls']);
const listQuery = z.object({ type: typeSchema.optional() });
const createBody = z.object({ type: typeSchema });
const draftBody = z.object({ draft: z.unknown() });
const codesQuery = z.object({ format: z.enum(['csv', 'xlsx', 'pdf']).default('csv') });
const paperFormsQuery = z.object({
  language: z.enum(QUESTION_LANGUAGE_CODES).optional(),
  /** 1-based position of the first form in the survey's paper codes, and how many (a part of a large batch). */
  from: z.coerce.number().int().min(1).default(1),
  count: z.coerce.number().int().min(1).max(5000).optional(),
});
const parseQuery = z.object({ language: z.string().max(5).optional() });
const adminListQuery = z.object({ state: z.enum([...APPLICATION_STATES, 'review']).optional(), type: typeSchema.optional(), page: z.coerce.number().int().min(1).default(1) });
const commentBody = z.object({ comment: z.string().trim().min(1).max(2000) });

const withId = { params: idParams };

/** Rows of an uploaded e-mail list: text (one per line, optional ',' or ';' language) or the first sheet of an XLSX. */
async function emailRows(req: Pick<Request, 'body' | 'is'>): Promise<{ line: number; email: string; language?: string }[]> {
  const body: unknown = req.body;
  if (!Buffer.isBuffer(body) || body.length === 0) return [];
  if (req.is(FILE_TYPES.xlsx) || (body[0] === 0x50 && body[1] === 0x4b)) {
    const workbook = new ExcelJS.Workbook();
    try {
      await workbook.xlsx.load(body as unknown as ArrayBuffer);
    } catch {
      throw new AppError('unsupported-media-type');
    }
    const sheet = workbook.worksheets[0];
    const rows: { line: number; email: string; language?: string }[] = [];
    sheet?.eachRow((row, line) => {
      const email = String(row.getCell(1).text ?? '').trim();
      const language = String(row.getCell(2).text ?? '').trim();
      if (email) rows.push({ line, email, language: language || undefined });
    });
    return rows;
  }
  return body
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((text, i) => {
      const [email = '', language] = text.split(/[,;\t]/).map((s) => s.trim());
      return { line: i + 1, email, language: language || undefined };
    })
    .filter((r) => r.email !== '');
}

/** Default limits of the costly company endpoints (429 'rate-limited'); see APPLICATION_RATE_LIMITS in docs/api.md. */
export const APPLICATION_RATE_LIMITS = {
  /** E-mail list parsing, per company. */
  parse: { limit: 30, windowMs: 10 * 60_000 },
  /** Manual reminders, per application. */
  reminders: { limit: 5, windowMs: 60 * 60_000 },
} as const;

export interface ApplicationRateLimits {
  parse?: { limit: number; windowMs: number };
  reminders?: { limit: number; windowMs: number };
}

/**
 * origin: what questionnaire links (code lists, QR codes, invitations, reminders) and mailed links are built on, the
 * configured one (config.origin), never the request's Host.
 */
export function applicationsRoutes(deps: { applications: ApplicationsService; origin: string; rateLimits?: ApplicationRateLimits; limiter: Limiter }): Router {
  const { company, accessCodes } = deps.applications;
  const router = Router();
  // Counted after authentication and the id check: parsing per company, reminders per company and application.
  const parseLimit = deps.limiter({ name: 'application-parse', ...APPLICATION_RATE_LIMITS.parse, ...deps.rateLimits?.parse, key: (_req, res) => `company:${String(companyOf(res).companyId)}` });
  const reminderLimit = deps.limiter({
    name: 'application-reminders',
    ...APPLICATION_RATE_LIMITS.reminders,
    ...deps.rateLimits?.reminders,
    key: (req, res) => `company:${String(companyOf(res).companyId)}:application:${String(req.params.id)}`,
  });
  const { origin } = deps;
  const params = validate(withId);
  // The e-mail list's query is checked before its body is read; the handler sees the same parsed parts.
  const parseRequest = { ...withId, query: parseQuery };

  router.use(requireCompany, (_req, res, next) => {
    if (!sessionOf(res).user.email_verified_at) throw new AppError('forbidden');
    res.set({ 'Cache-Control': 'no-store', Vary: 'Cookie' });
    next();
  });

  router.get('/', validate({ query: listQuery }, async (req, res) => {
    res.json({ data: await company.list(companyOf(res).companyId, req.query.type) });
  }));
  router.post('/', validate({ body: createBody }, async (req, res) => {
    const { companyId, userId } = companyOf(res);
    res.status(201).json({ data: await company.create(companyId, userId, req.body.type) });
  }));
  router.get('/:id', validate(withId, async (req, res) => {
    res.json({ data: await company.get(companyOf(res).companyId, req.params.id) });
  }));
  router.put('/:id/draft', validate({ ...withId, body: draftBody }, async (req, res) => {
    const { companyId } = companyOf(res);
    const current = await company.get(companyId, req.params.id);
    const schema = current.type === 'izz' ? izzApplicationDraftSchema : pulsApplicationDraftSchema;
    const issues: ValidationIssue[] = [];
    const draft = parseWithLocale(schema, req.body.draft ?? {}, localeOf(res), 'body', issues);
    if (issues.length > 0) throw new AppError('validation-failed', { details: issues.map((i) => ({ ...i, path: i.path ? `draft.${i.path}` : 'draft' })) });
    const saved = await company.saveDraft(companyId, req.params.id, draft);
    res.json({ data: saved, saved_at: saved.saved_at });
  }));
  router.delete('/:id', validate(withId, async (req, res) => {
    await company.remove(companyOf(res).companyId, req.params.id);
    res.status(204).end();
  }));
  router.post('/:id/submit', validate(withId, async (req, res) => {
    try {
      res.json({ data: await company.submit(companyOf(res).companyId, req.params.id) });
    } catch (error) {
      // Submit-rule messages are 'field:<key>': localize them like the validator does.
      if (error instanceof AppError && error.code === 'validation-failed' && Array.isArray(error.details)) {
        const issues: ValidationIssue[] = [];
        for (const d of error.details as ValidationIssue[]) issues.push({ ...d, message: localize(d.message, res) });
        throw new AppError('validation-failed', { details: issues });
      }
      throw error;
    }
  }));
  router.post(
    '/:id/emails/parse',
    params,
    parseLimit,
    validate(parseRequest),
    express.raw({ type: ['text/plain', 'text/csv', FILE_TYPES.xlsx, 'application/octet-stream'], limit: '5mb' }),
    validate(parseRequest, async (req, res) => {
      const rows = await emailRows(req);
      res.json({ data: await company.parseEmails(companyOf(res).companyId, req.params.id, rows, req.query.language) });
    }),
  );
  router.get('/:id/codes', validate({ ...withId, query: codesQuery }, async (req, res) => {
    const data = await accessCodes.codes(companyOf(res).companyId, req.params.id, origin);
    sendFile(res, await codesRenderers[req.query.format](data));
  }));
  router.get('/:id/paper-forms', validate({ ...withId, query: paperFormsQuery }, async (req, res) => {
    const q = req.query;
    await sendPaperForms(res, await accessCodes.paperForms(companyOf(res).companyId, req.params.id, origin, q.language), q);
  }));
  router.get('/:id/status', validate(withId, async (req, res) => {
    res.json({ data: await company.status(companyOf(res).companyId, req.params.id) });
  }));
  router.post('/:id/reminders', params, reminderLimit, validate(withId, async (req, res) => {
    res.json({ data: await company.sendReminder(companyOf(res).companyId, req.params.id, origin) });
  }));
  return router;
}

function localize(message: string, res: Response): string {
  return localizeFieldMessage(message, localeOf(res));
}

async function sendPaperForms(res: Response, data: PaperFormsData, part: { from: number; count?: number }): Promise<void> {
  const file = await renderPaperFormsPdf(data, part);
  await streamFile(res, file, { 'X-Paper-Forms': String(file.forms) });
}

export function adminApplicationsRoutes(deps: { applications: ApplicationsService; origin: string }): Router {
  const { review, accessCodes, pulsRounds } = deps.applications;
  const router = Router();
  const { origin } = deps;
  const actorOf = (res: Response) => {
    const a = sessionOf(res).actor;
    return { id: a.id, email: a.email };
  };
  router.use(requireAdmin, (_req, res, next) => {
    res.set({ 'Cache-Control': 'no-store', Vary: 'Cookie' });
    next();
  });
  router.get('/', validate({ query: adminListQuery }, async (req, res) => {
    res.json({ data: await review.adminList(req.query) });
  }));
  router.get('/:id', validate(withId, async (req, res) => {
    res.json({ data: await review.adminGet(actorOf(res), req.params.id) });
  }));
  router.get('/:id/paper-forms', validate({ ...withId, query: paperFormsQuery }, async (req, res) => {
    const q = req.query;
    await sendPaperForms(res, await accessCodes.paperForms(null, req.params.id, origin, q.language, actorOf(res)), q);
  }));
  router.post('/:id/approve', validate(withId, async (req, res) => {
    res.json({ data: await review.approve(actorOf(res), req.params.id, origin) });
  }));
  router.post('/:id/request-changes', validate({ ...withId, body: commentBody }, async (req, res) => {
    res.json({ data: await review.requestChanges(actorOf(res), req.params.id, req.body.comment, origin) });
  }));
  router.post('/:id/reissue-codes', validate(withId, async (req, res) => {
    res.json({ data: await accessCodes.reissueCodes(actorOf(res), req.params.id, origin) });
  }));
  router.post('/:id/close', validate(withId, async (req, res) => {
    res.json({ data: await review.close(actorOf(res), req.params.id) });
  }));
  router.post('/:id/rounds/:number/close', validate({ params: roundParams }, async (req, res) => {
    res.json({ data: await pulsRounds.endRound(actorOf(res), req.params.id, req.params.number) });
  }));
  return router;
}
