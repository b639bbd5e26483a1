/**
 * From results to action, HTTP only. Company routes under /api/surveys/:id (a company session; another
 * company's survey is 404; every change answers the whole ActionsOverview), and the public results page
 * GET /api/results/:token. See docs/api.md "Focus areas, actions and the results page".
 */
import { Router, type Request, type Response } from 'express';
import QRCode from 'qrcode';
import { z } from 'zod';
import type { QuestionLanguageCode } from '../../../shared/locales.js';
import {
  actionInputSchema,
  actionNoteInputSchema,
  actionPatchSchema,
  focusAreaInputSchema,
  RESULTS_TOKEN_PATTERN,
  resultsLanguageQuerySchema,
  resultsPageInputSchema,
} from '../../../shared/schemas/actions.js';
import { companyOf, requireCompany, sessionOf } from '../../middleware/auth.js';
import { localeOf } from '../../middleware/locale.js';
import { validate } from '../../middleware/validate.js';
import type { ActionsService } from './actions.service.js';
import { FILE_TYPES } from '../../../shared/report-formats.js';
import { sendFile } from '../../lib/files.js';

const id = z.coerce.number().int().positive();
const surveyParams = z.object({ id });
const areaParams = z.object({ id, areaId: id });
const actionParams = z.object({ id, actionId: id });
const tokenParams = z.object({ token: z.string().regex(RESULTS_TOKEN_PATTERN) });

/** A rendered poster (print/templates/results-poster.ts through the server's renderer). */
export type PosterRenderer = (input: Awaited<ReturnType<ActionsService['poster']>>) => Promise<Uint8Array> | Uint8Array;

/** ?language=, else the request's language (every UI locale is a question language). */
const language = (asked: QuestionLanguageCode | undefined, res: Response): QuestionLanguageCode => asked ?? localeOf(res);

export function actionsRoutes(deps: { actions: ActionsService; poster?: PosterRenderer }): Router {
  const { actions } = deps;
  const router = Router();
  const company = (res: Response) => {
    const c = companyOf(res);
    const actor = sessionOf(res).actor;
    return { companyId: c.companyId, actor: { id: actor.id, email: actor.email } };
  };
  const noStore = (_req: Request, res: Response, next: () => void) => {
    res.set({ 'Cache-Control': 'no-store', Vary: 'Cookie' });
    next();
  };

  router.get('/surveys/:id/actions', requireCompany, noStore, validate({ params: surveyParams }, async (req, res) => {
    res.json({ data: await actions.overview(company(res).companyId, req.params.id) });
  }));

  router.post('/surveys/:id/focus-areas', requireCompany, validate({ params: surveyParams, body: focusAreaInputSchema }, async (req, res) => {
    const c = company(res);
    res.status(201).json({ data: await actions.addFocusArea(c.actor, c.companyId, req.params.id, req.body) });
  }));

  router.delete('/surveys/:id/focus-areas/:areaId', requireCompany, validate({ params: areaParams }, async (req, res) => {
    const c = company(res);
    const p = req.params;
    res.json({ data: await actions.removeFocusArea(c.actor, c.companyId, p.id, p.areaId) });
  }));

  router.post('/surveys/:id/focus-areas/:areaId/actions', requireCompany, validate({ params: areaParams, body: actionInputSchema }, async (req, res) => {
    const c = company(res);
    const p = req.params;
    res.status(201).json({ data: await actions.addAction(c.actor, c.companyId, p.id, p.areaId, req.body) });
  }));

  router.patch('/surveys/:id/actions/:actionId', requireCompany, validate({ params: actionParams, body: actionPatchSchema }, async (req, res) => {
    const c = company(res);
    const p = req.params;
    res.json({ data: await actions.updateAction(c.actor, c.companyId, p.id, p.actionId, req.body) });
  }));

  router.delete('/surveys/:id/actions/:actionId', requireCompany, validate({ params: actionParams }, async (req, res) => {
    const c = company(res);
    const p = req.params;
    res.json({ data: await actions.removeAction(c.actor, c.companyId, p.id, p.actionId) });
  }));

  router.post('/surveys/:id/actions/:actionId/notes', requireCompany, validate({ params: actionParams, body: actionNoteInputSchema }, async (req, res) => {
    const c = company(res);
    const p = req.params;
    res.status(201).json({ data: await actions.addNote(c.actor, c.companyId, p.id, p.actionId, req.body) });
  }));

  router.put('/surveys/:id/results-page', requireCompany, validate({ params: surveyParams, body: resultsPageInputSchema }, async (req, res) => {
    const c = company(res);
    res.json({ data: await actions.saveResultsPage(c.actor, c.companyId, req.params.id, req.body.message) });
  }));

  router.post('/surveys/:id/results-page/publish', requireCompany, validate({ params: surveyParams }, async (req, res) => {
    const c = company(res);
    res.json({ data: await actions.setPublished(c.actor, c.companyId, req.params.id, true) });
  }));

  router.post('/surveys/:id/results-page/unpublish', requireCompany, validate({ params: surveyParams }, async (req, res) => {
    const c = company(res);
    res.json({ data: await actions.setPublished(c.actor, c.companyId, req.params.id, false) });
  }));

  router.get('/surveys/:id/results-page/preview', requireCompany, noStore, validate({ params: surveyParams, query: resultsLanguageQuerySchema }, async (req, res) => {
    res.json({ data: await actions.preview(company(res).companyId, req.params.id, language(req.query.language, res)) });
  }));

  router.get('/surveys/:id/results-page/poster', requireCompany, noStore, validate({ params: surveyParams, query: resultsLanguageQuerySchema }, async (req, res) => {
    const input = await actions.poster(company(res).companyId, req.params.id, language(req.query.language, res));
    if (!deps.poster) {
      res.status(404).end();
      return;
    }
    sendFile(res, { filename: `results-poster-${input.results.language}.pdf`, contentType: FILE_TYPES.pdf, body: await deps.poster(input) });
  }));

  router.get('/surveys/:id/results-page/qr.svg', requireCompany, noStore, validate({ params: surveyParams, query: resultsLanguageQuerySchema }, async (req, res) => {
    const url = await actions.publicUrl(company(res).companyId, req.params.id, language(req.query.language, res));
    res.type('image/svg+xml').send(await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 }));
  }));

  router.post('/surveys/:id/focus-areas/:areaId/puls', requireCompany, validate({ params: areaParams }, async (req, res) => {
    const c = company(res);
    const p = req.params;
    res.status(201).json({ data: await actions.createPulse(c.actor, c.companyId, companyOf(res).userId, p.id, p.areaId, localeOf(res)) });
  }));

  router.get('/surveys/:id/focus-area-origin', requireCompany, noStore, validate({ params: surveyParams }, async (req, res) => {
    res.json({ data: await actions.pulseOrigin(company(res).companyId, req.params.id) });
  }));

  router.get('/surveys/:id/focus-history', requireCompany, noStore, validate({ params: surveyParams }, async (req, res) => {
    res.json({ data: await actions.history(company(res).companyId, req.params.id) });
  }));

  // Public: anyone with the link (no session needed); unknown and unpublished tokens are 404 alike.
  router.get('/results/:token', validate({ params: tokenParams, query: resultsLanguageQuerySchema }, async (req, res) => {
    res.set({ 'Cache-Control': 'no-cache', 'X-Robots-Tag': 'noindex' });
    res.json({ data: await actions.shared(req.params.token, language(req.query.language, res)) });
  }));

  return router;
}
