/**
 * /api/surveys/:id/report (IZZ basic report) and /api/surveys/:id/report/puls (PULS rounds and
 * trend). GET with the settings in the query, so a download is a plain link:
 *
 *   ?language=hr&questions=JC01,JC02&group=department&answer=location:Maribor&answer=demographic:gender:female&format=pdf
 *
 * `answer` is `<filter question>:<value>` and may repeat (at most 2); `group` at most once. The
 * settings are checked with the shared schema (shared/schemas/report.ts), messages in the request
 * locale. `format`: json (default, { data: figures }), pdf, xlsx1, xlsx2 (IZZ) / json, pdf, xlsx (PULS).
 * See docs/api.md "Reports".
 */
import { focusHistoryCards, pulsFollowUp, type FocusHistoryCard, type PulsFollowUp } from '../../../shared/focus-follow-up.js';
import type { FocusHistory, PulseOrigin } from '../../../shared/schemas/actions.js';
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { COMPARATIVE_VARIANTS, type BenchmarkFigures, type ComparativeFigures, type ComparativeVariant } from '../../../shared/schemas/comparison.js';
import { defaultReportLanguage, FILTER_QUESTION_PATTERN, reportSettingsSchema, type PulsFigures, type ReportFigures, type ReportSettings } from '../../../shared/schemas/report.js';
import { FILE_TYPES, reportFileFormat, reportFileFormats, reportFileName, type ReportFileFormatKey, type ReportKind } from '../../../shared/report-formats.js';
import { AppError } from '../../errors.js';
import { sendFile } from '../../lib/files.js';
import { sessionOf } from '../../middleware/auth.js';
import { localeOf } from '../../middleware/locale.js';
import type { Limiter } from '../../middleware/rate-limit.js';
import { parseWithLocale, validate, type ValidationIssue } from '../../middleware/validate.js';
import { isAdmin } from '../auth/index.js';
import type { BenchmarkSource, ComparativeSource, ComparisonService } from './comparison.service.js';
import type { ReleasedBreakdowns } from './released-breakdowns.js';
import type { IzzReportSource, PulsReportSource, ReportsService, ReportViewer } from './reports.service.js';

/** What a report's file renderer gets: the report's source and figures as the web report shows them. */
export interface ReportRenderInputs {
  /** `released`: the figures of every breakdown the base releases (ReportsService.izzReleasedBreakdowns), for Excel v2. */
  izz: { source: IzzReportSource; figures: ReportFigures; settings: ReportSettings; generatedOn: Date; released: () => ReleasedBreakdowns };
  /** `followUp`: the focus area this PULS survey follows up, as the web report shows it (null when none). */
  puls: { source: PulsReportSource; figures: PulsFigures; generatedOn: Date; followUp: PulsFollowUp | null };
  /** `focusHistory`: the earlier surveys' focus areas beside the change of their figures ('years' only). */
  comparative: { source: ComparativeSource; figures: ComparativeFigures; generatedOn: Date; focusHistory: FocusHistoryCard[] };
  benchmark: { source: BenchmarkSource; figures: BenchmarkFigures; generatedOn: Date };
}

export type ReportRenderer<K extends ReportKind> = (input: ReportRenderInputs[K]) => Promise<Uint8Array> | Uint8Array;

/** File renderers per report and format of shared/report-formats.ts; a format is offered when its renderer is given. */
export type ReportRenderers = { [K in ReportKind]?: { [F in ReportFileFormatKey<K>]?: ReportRenderer<K> } };

/**
 * Where the report files get the follow-up of focus areas (the actions module, wired in server/app.ts), by the
 * survey's company: the same data the web report asks GET /api/surveys/:id/focus-area-origin and /focus-history for.
 */
export interface ReportFollowUps {
  pulseOrigin(companyId: number, pulsId: number): Promise<PulseOrigin | null>;
  /** The focus areas of these surveys (the comparative source's own, read once) and what became of their actions. */
  history(surveys: readonly { id: number; finishedOn: string | null }[]): Promise<FocusHistory>;
}

/** Downloads (PDF, Excel) per viewer: generous for people, a brake for scripts. */
export const REPORT_DOWNLOAD_LIMIT = { limit: 60, windowMs: 10 * 60_000 } as const;

const idParams = z.object({ id: z.coerce.number().int().positive() });
const one = z.preprocess((v) => (Array.isArray(v) ? v[v.length - 1] : v), z.string().max(2000).optional());
const many = z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.string().max(300)).max(20));
const querySchema = z.object({
  language: one,
  questions: one,
  group: many,
  answer: many,
  format: one,
  variant: one,
});
type ReportQuery = z.output<typeof querySchema>;

const ANSWER_PATTERN = new RegExp(`^(${FILTER_QUESTION_PATTERN.source.slice(4, -2)}):(.*)$`, 's');

/** `<question>:<value>` -> { question, value }; a malformed one keeps the text as the question so the schema names it. */
export function parseAnswerParam(raw: string): { question: string; value: string } {
  const m = ANSWER_PATTERN.exec(raw);
  return m ? { question: m[1] ?? raw, value: m[2] ?? '' } : { question: raw, value: raw };
}

/** The query as ReportSettings input (the shared schema validates it); without ?language= the report opens in `defaultLanguage`. */
export function settingsInput(q: ReportQuery, defaultLanguage?: string): unknown {
  const questions = (q.questions ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  return {
    ...(q.language ? { language: q.language } : defaultLanguage ? { language: defaultLanguage } : {}),
    chosen_questions: questions,
    filter: { group: q.group.length > 0 ? q.group : undefined, answers: q.answer.map(parseAnswerParam) },
  };
}

function viewerOf(res: Response): ReportViewer {
  const auth = sessionOf(res);
  if (isAdmin(auth.actor)) return { admin: true };
  if (auth.user.company_id === null || !auth.user.scope.includes('company') || !auth.user.email_verified_at) throw new AppError('forbidden');
  return { admin: false, companyId: auth.user.company_id };
}

/** ASCII file name from the survey name: 'Zadovoljstvo zaposlenih 2025' -> 'zadovoljstvo-zaposlenih-2025'. */
export function fileStem(name: string, fallback: string): string {
  const stem = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return stem || fallback;
}

/** Runs a renderer; any failure is 500 'report-generation-failed' (logged with the request id by the error handler). */
async function render<T>(fn: () => Promise<T> | T): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('report-generation-failed', { cause: error });
  }
}

export function reportsRoutes(deps: { reports: ReportsService; comparison: ComparisonService; followUps?: ReportFollowUps; renderers?: ReportRenderers; now?: () => Date; downloadLimit?: { limit: number; windowMs: number }; limiter: Limiter }): Router {
  const { reports } = deps;
  const renderers = deps.renderers ?? {};
  const now = deps.now ?? (() => new Date());
  const router = Router();
  const reportRequest = { params: idParams, query: querySchema };
  const params = validate(reportRequest);
  const downloadLimit = deps.limiter({
    name: 'report-download',
    ...REPORT_DOWNLOAD_LIMIT,
    ...deps.downloadLimit,
    key: (_req, res) => String(sessionOf(res).actor.id),
  });
  // Runs after `params`, so ?format= is the parsed one (a string or nothing).
  const limitDownloads = (req: Request, res: Response, next: (err?: unknown) => void) => {
    const format = req.query.format ?? 'json';
    if (format === 'json') next();
    else downloadLimit(req, res, next);
  };

  const rendererOf = <K extends ReportKind>(kind: K, format: string): ReportRenderer<K> | undefined => {
    const byFormat: Partial<Record<string, ReportRenderer<K>>> = renderers[kind] ?? {};
    return Object.hasOwn(byFormat, format) ? byFormat[format] : undefined;
  };

  /** ?format=: json, or a file format of the report (shared/report-formats.ts) that has a renderer; 422 otherwise. */
  const formatOf = (query: ReportQuery, res: Response, kind: ReportKind): string => {
    const allowed = ['json', ...reportFileFormats(kind).filter((f) => rendererOf(kind, f))];
    const format = query.format ?? 'json';
    if (!allowed.includes(format)) {
      const issues: ValidationIssue[] = [];
      parseWithLocale(z.object({ format: z.enum(allowed as [string, ...string[]]) }), { format }, localeOf(res), 'query', issues);
      throw new AppError('validation-failed', { details: issues });
    }
    return format;
  };

  /** The report's data as JSON, or its file in the asked format, named `<stem><suffix>.<extension>`. */
  const respond = async <K extends ReportKind>(res: Response, kind: K, format: string, figures: unknown, file: () => Promise<{ stem: string; input: ReportRenderInputs[K] }> | { stem: string; input: ReportRenderInputs[K] }): Promise<void> => {
    if (format === 'json') {
      res.json({ data: figures });
      return;
    }
    const row = reportFileFormat(kind, format);
    const renderer = rendererOf(kind, format);
    if (!row || !renderer) throw new AppError('not-found');
    const { stem, input } = await file();
    const body = await render(() => renderer(input));
    sendFile(res, { filename: reportFileName(stem, row), contentType: FILE_TYPES[row.extension], body });
  };

  const settingsOf = (query: ReportQuery, res: Response, source: { languages: readonly string[]; reportLanguage: ReportSettings['language'] | undefined }): ReportSettings => {
    const issues: ValidationIssue[] = [];
    const defaultLanguage = defaultReportLanguage(localeOf(res), source.languages, source.reportLanguage);
    const settings = parseWithLocale(reportSettingsSchema, settingsInput(query, defaultLanguage), localeOf(res), 'query', issues);
    if (!settings || issues.length > 0) throw new AppError('validation-failed', { details: issues });
    return settings;
  };

  // 401 without a session, 403 without a company, before anything else is looked at.
  const access = (_req: Request, res: Response, next: () => void) => {
    viewerOf(res);
    res.set({ 'Cache-Control': 'no-store', Vary: 'Cookie' });
    next();
  };

  router.get('/:id/report/options', access, validate({ params: idParams }, async (req, res) => {
    res.json({ data: await reports.options(viewerOf(res), req.params.id, localeOf(res)) });
  }));

  router.get('/:id/report', access, params, limitDownloads, validate(reportRequest, async (req, res) => {
    const viewer = viewerOf(res);
    const id = req.params.id;
    const source = await reports.izzSource(viewer, id);
    const format = formatOf(req.query, res, 'izz');
    const settings = settingsOf(req.query, res, source);
    const figures = await render(() => reports.izzFigures(source, settings));
    await respond(res, 'izz', format, figures, () => ({
      stem: `${fileStem(source.meta.name, `report-${String(id)}`)}-${settings.language}`,
      input: { source, figures, settings, generatedOn: now(), released: () => reports.izzReleasedBreakdowns(source, settings) },
    }));
  }));

  router.get('/:id/report/puls', access, params, limitDownloads, validate(reportRequest, async (req, res) => {
    const viewer = viewerOf(res);
    const id = req.params.id;
    const source = await reports.pulsSource(viewer, id);
    const format = formatOf(req.query, res, 'puls');
    const language = settingsOf(req.query, res, source).language;
    const figures = await render(() => reports.pulsFigures(source, language));
    await respond(res, 'puls', format, figures, async () => ({
      stem: `${fileStem(source.meta.name, `puls-${String(id)}`)}-${language}`,
      input: { source, figures, generatedOn: now(), followUp: pulsFollowUp((await deps.followUps?.pulseOrigin(source.companyId, id)) ?? null, figures) },
    }));
  }));

  /** ?variant= (default 'years'), checked with the request's language. */
  const variantOf = (query: ReportQuery, res: Response): ComparativeVariant => {
    const issues: ValidationIssue[] = [];
    const v = parseWithLocale(z.enum(COMPARATIVE_VARIANTS), query.variant ?? 'years', localeOf(res), 'query', issues);
    if (!v || issues.length > 0) throw new AppError('validation-failed', { details: issues.map((i) => ({ ...i, path: 'variant' })) });
    return v;
  };

  router.get('/:id/report/comparative/options', access, validate({ params: idParams }, async (req, res) => {
    const source = await deps.comparison.comparativeSource(viewerOf(res), req.params.id);
    res.json({ data: deps.comparison.comparativeOptions(source, localeOf(res)) });
  }));

  router.get('/:id/report/comparative', access, params, limitDownloads, validate(reportRequest, async (req, res) => {
    const id = req.params.id;
    const source = await deps.comparison.comparativeSource(viewerOf(res), id);
    const format = formatOf(req.query, res, 'comparative');
    const variant = variantOf(req.query, res);
    const settings = settingsOf(req.query, res, source.anchor);
    const figures = deps.comparison.comparativeFigures(source, variant, settings.filter.group ?? null, settings.language);
    await respond(res, 'comparative', format, figures, async () => ({
      stem: `${fileStem(source.anchor.meta.name, `report-${String(id)}`)}-comparative-${variant}-${settings.language}`,
      input: { source, figures, generatedOn: now(), focusHistory: variant === 'years' && deps.followUps ? focusHistoryCards(await deps.followUps.history(source.surveys), figures) : [] },
    }));
  }));

  router.get('/:id/report/benchmark', access, params, limitDownloads, validate(reportRequest, async (req, res) => {
    const id = req.params.id;
    const source = await deps.comparison.benchmarkSource(viewerOf(res), id);
    const format = formatOf(req.query, res, 'benchmark');
    const language = settingsOf(req.query, res, source.anchor).language;
    const figures = deps.comparison.benchmarkFigures(source, language);
    await respond(res, 'benchmark', format, figures, () => ({ stem: `${fileStem(source.anchor.meta.name, `report-${String(id)}`)}-benchmark-${language}`, input: { source, figures, generatedOn: now() } }));
  }));

  return router;
}
