/**
 * /api/applications/* (the company's own survey applications) and /api/admin/applications/* (review).
 * Another company's application answers 404. See docs/api.md "Survey applications".
 */
import ExcelJS from 'exceljs';
import express, { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { localizeFieldMessage } from '../../../shared/errors/node.js';
import { izzApplicationDraftSchema, pulsApplicationDraftSchema, APPLICATION_STATES } from '../../../shared/schemas/application.js';
import { QUESTION_LANGUAGE_CODES } from '../../../shared/locales.js';
import { renderCodeSlips, renderPaperForms } from '../../../print/index.js';
import { AppError } from '../../errors.js';
import { companyOf, requireAdmin, requireCompany, sessionOf } from '../../middleware/auth.js';
import { localeOf } from '../../middleware/locale.js';
import { limiter } from '../../middleware/rate-limit.js';
import { parseWithLocale, validate, type ValidationIssue } from '../../middleware/validate.js';
import type { ApplicationsService } from './applications.service.js';

const idParams = z.object({ id: z.coerce.number().int().positive() });
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

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const idOf = (req: Request) => (req.params as unknown as { id: number }).id;

export function originOf(req: Request, publicUrl: string | null): string {
  return publicUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}

const csvCell = (v: string) => (/[",\n\r]/.test(v) || /^[=+\-@]/.test(v) ? `"${(/^[=+\-@]/.test(v) ? `'${v}` : v).replace(/"/g, '""')}"` : v);

/** Rows of an uploaded e-mail list: text (one per line, optional ',' or ';' language) or the first sheet of an XLSX. */
async function emailRows(req: Request): Promise<{ line: number; email: string; language?: string }[]> {
  const body = req.body as unknown;
  if (!Buffer.isBuffer(body) || body.length === 0) return [];
  if (req.is(XLSX_TYPE) || (body[0] === 0x50 && body[1] === 0x4b)) {
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

export function applicationsRoutes(deps: { applications: ApplicationsService; publicUrl: string | null; rateLimits?: ApplicationRateLimits }): Router {
  const { applications } = deps;
  const router = Router();
  // Counted after authentication and the id check: parsing per company, reminders per company and application.
  const parseLimit = limiter({ ...APPLICATION_RATE_LIMITS.parse, ...deps.rateLimits?.parse, key: (_req, res) => `company:${String(companyOf(res).companyId)}` });
  const reminderLimit = limiter({
    ...APPLICATION_RATE_LIMITS.reminders,
    ...deps.rateLimits?.reminders,
    key: (req, res) => `company:${String(companyOf(res).companyId)}:application:${String(idOf(req))}`,
  });
  const origin = (req: Request) => originOf(req, deps.publicUrl);
  const params = validate({ params: idParams });

  router.use(requireCompany, (_req, res, next) => {
    if (!sessionOf(res).user.email_verified_at) throw new AppError('forbidden');
    res.set({ 'Cache-Control': 'no-store', Vary: 'Cookie' });
    next();
  });

  router.get('/', validate({ query: listQuery }), (req, res) => {
    res.json({ data: applications.list(companyOf(res).companyId, (req.query as { type?: 'izz' | 'puls' }).type) });
  });
  router.post('/', validate({ body: createBody }), (req, res) => {
    const { companyId, userId } = companyOf(res);
    res.status(201).json({ data: applications.create(companyId, userId, (req.body as { type: 'izz' | 'puls' }).type) });
  });
  router.get('/:id', params, (req, res) => {
    res.json({ data: applications.get(companyOf(res).companyId, idOf(req)) });
  });
  router.put('/:id/draft', params, validate({ body: draftBody }), (req, res) => {
    const { companyId } = companyOf(res);
    const current = applications.get(companyId, idOf(req));
    const schema = current.type === 'izz' ? izzApplicationDraftSchema : pulsApplicationDraftSchema;
    const issues: ValidationIssue[] = [];
    const draft = parseWithLocale(schema, (req.body as { draft: unknown }).draft ?? {}, localeOf(res), 'body', issues);
    if (issues.length > 0) throw new AppError('validation-failed', { details: issues.map((i) => ({ ...i, path: i.path ? `draft.${i.path}` : 'draft' })) });
    const saved = applications.saveDraft(companyId, idOf(req), draft);
    res.json({ data: saved, saved_at: saved.saved_at });
  });
  router.delete('/:id', params, (req, res) => {
    applications.remove(companyOf(res).companyId, idOf(req));
    res.status(204).end();
  });
  router.post('/:id/submit', params, (req, res) => {
    try {
      res.json({ data: applications.submit(companyOf(res).companyId, idOf(req)) });
    } catch (error) {
      // Submit-rule messages are 'field:<key>': localize them like the validator does.
      if (error instanceof AppError && error.code === 'validation-failed' && Array.isArray(error.details)) {
        const issues: ValidationIssue[] = [];
        for (const d of error.details as ValidationIssue[]) issues.push({ ...d, message: localize(d.message, res) });
        throw new AppError('validation-failed', { details: issues });
      }
      throw error;
    }
  });
  router.post(
    '/:id/emails/parse',
    params,
    parseLimit,
    validate({ query: parseQuery }),
    express.raw({ type: ['text/plain', 'text/csv', XLSX_TYPE, 'application/octet-stream'], limit: '5mb' }),
    async (req, res) => {
      const rows = await emailRows(req);
      res.json({ data: applications.parseEmails(companyOf(res).companyId, idOf(req), rows, (req.query as { language?: string }).language) });
    },
  );
  router.get('/:id/codes', params, validate({ query: codesQuery }), async (req, res) => {
    await sendCodes(req, res, applications.codes(companyOf(res).companyId, idOf(req)), origin(req));
  });
  router.get('/:id/paper-forms', params, validate({ query: paperFormsQuery }), async (req, res) => {
    await sendPaperForms(req, res, applications.paperForms(companyOf(res).companyId, idOf(req), (req.query as { language?: string }).language), origin(req));
  });
  router.get('/:id/status', params, (req, res) => {
    res.json({ data: applications.status(companyOf(res).companyId, idOf(req)) });
  });
  router.post('/:id/reminders', params, reminderLimit, async (req, res) => {
    res.json({ data: await applications.sendReminder(companyOf(res).companyId, idOf(req), origin(req)) });
  });
  return router;
}

function localize(message: string, res: Response): string {
  return localizeFieldMessage(message, localeOf(res));
}

async function sendCodes(req: Request, res: Response, data: ReturnType<ApplicationsService['codes']>, origin: string): Promise<void> {
  const format = (req.query as { format: 'csv' | 'xlsx' | 'pdf' }).format;
  const base = `codes-${data.row.id}`;
  if (format === 'csv') {
    const lines = ['code,channel,email,language', ...data.codes.map((c) => [c.formatted, c.channel, c.email, c.language].map(csvCell).join(','))];
    res.set({ 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${base}.csv"` });
    res.send(`\uFEFF${lines.join('\r\n')}\r\n`);
    return;
  }
  if (format === 'xlsx') {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Codes');
    sheet.columns = [
      { header: 'code', key: 'code', width: 16 },
      { header: 'channel', key: 'channel', width: 10 },
      { header: 'email', key: 'email', width: 32 },
      { header: 'language', key: 'language', width: 10 },
    ];
    for (const c of data.codes) sheet.addRow({ code: c.formatted, channel: c.channel, email: c.email, language: c.language });
    const buffer = await workbook.xlsx.writeBuffer();
    res.set({ 'Content-Type': XLSX_TYPE, 'Content-Disposition': `attachment; filename="${base}.xlsx"` });
    res.send(Buffer.from(buffer as ArrayBuffer));
    return;
  }
  // Slips are for online respondents without e-mail (paper codes go on the paper forms); when every
  // online code has an e-mail, all online codes are printed (HR may still hand them out on paper).
  const online = data.codes.filter((c) => c.channel === 'online');
  const withoutEmail = online.filter((c) => !c.email);
  const slipCodes = withoutEmail.length > 0 ? withoutEmail : online;
  if (slipCodes.length === 0) throw new AppError('not-found');
  const pdf = await renderCodeSlips({
    companyName: data.companyName || '-',
    surveyName: data.surveyName || '-',
    questionnaireUrl: data.questionnaireUrl(origin),
    endDate: data.endDate,
    language: data.language as 'en',
    codes: slipCodes.map((c) => c.code),
  });
  res.set({ 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${base}.pdf"` });
  res.send(Buffer.from(pdf));
}

/** Applications whose paper forms are being generated in this process: one batch at a time each (429 otherwise). */
const paperFormsInFlight = new Set<number>();
const PAPER_CHUNK = 256 * 1024;

/**
 * All paper forms (or the part from/count) as one PDF. The PDF is generated first (1,000 forms take a
 * few seconds, see docs/benchmarks.md), then written in chunks with Content-Length, honouring
 * backpressure, so the browser can show real download progress.
 */
async function sendPaperForms(req: Request, res: Response, data: ReturnType<ApplicationsService['paperForms']>, origin: string): Promise<void> {
  const q = req.query as unknown as { from: number; count?: number };
  const codes = data.codes.slice(q.from - 1, q.count ? q.from - 1 + q.count : undefined);
  if (codes.length === 0) throw new AppError('not-found');
  if (paperFormsInFlight.has(data.row.id)) throw new AppError('rate-limited');
  paperFormsInFlight.add(data.row.id);
  let pdf: Uint8Array;
  try {
    pdf = await renderPaperForms({
      companyName: data.companyName || '-',
      logo: data.logo,
      surveyName: data.surveyName || '-',
      language: data.language,
      package: data.package,
      endDate: data.endDate,
      questionnaireUrl: data.questionnaireUrl(origin),
      codes,
    });
  } finally {
    paperFormsInFlight.delete(data.row.id);
  }
  const part = q.from > 1 || q.count ? `-${q.from}-${q.from + codes.length - 1}` : '';
  res.set({
    'Content-Type': 'application/pdf',
    'Content-Length': String(pdf.length),
    'Content-Disposition': `attachment; filename="paper-forms-${data.row.id}-${data.language}${part}.pdf"`,
    'X-Paper-Forms': String(codes.length),
  });
  for (let at = 0; at < pdf.length && !res.destroyed; at += PAPER_CHUNK) {
    if (!res.write(pdf.subarray(at, at + PAPER_CHUNK))) await new Promise<void>((resolve) => res.once('drain', resolve).once('close', resolve));
  }
  res.end();
}

export function adminApplicationsRoutes(deps: { applications: ApplicationsService; publicUrl: string | null }): Router {
  const { applications } = deps;
  const router = Router();
  const params = validate({ params: idParams });
  const origin = (req: Request) => originOf(req, deps.publicUrl);
  const actorOf = (res: Response) => {
    const a = sessionOf(res).actor;
    return { id: a.id, email: a.email };
  };
  router.use(requireAdmin, (_req, res, next) => {
    res.set({ 'Cache-Control': 'no-store', Vary: 'Cookie' });
    next();
  });
  router.get('/', validate({ query: adminListQuery }), (req, res) => {
    res.json({ data: applications.adminList(req.query as never) });
  });
  router.get('/:id', params, (req, res) => {
    res.json({ data: applications.adminGet(actorOf(res), idOf(req)) });
  });
  router.get('/:id/paper-forms', params, validate({ query: paperFormsQuery }), async (req, res) => {
    await sendPaperForms(req, res, applications.paperForms(null, idOf(req), (req.query as { language?: string }).language, actorOf(res)), origin(req));
  });
  router.post('/:id/approve', params, (req, res) => {
    res.json({ data: applications.approve(actorOf(res), idOf(req), origin(req)) });
  });
  router.post('/:id/request-changes', params, validate({ body: commentBody }), (req, res) => {
    res.json({ data: applications.requestChanges(actorOf(res), idOf(req), (req.body as { comment: string }).comment, origin(req)) });
  });
  router.post('/:id/reissue-codes', params, (req, res) => {
    res.json({ data: applications.reissueCodes(actorOf(res), idOf(req), origin(req)) });
  });
  router.post('/:id/close', params, (req, res) => {
    res.json({ data: applications.close(actorOf(res), idOf(req)) });
  });
  return router;
}
