/**
 * The award's HTTP routes (HTTP only; the rules are in award.service.ts):
 * /api/admin/award/* (administrators), /api/profile/award/* (the company's own), GET /api/leaderboards/:year (public).
 */
import { Router, type Request } from 'express';
import { awardChoicesSchema, awardCompanyParamsSchema, awardExclusionSchema, awardKindQuerySchema, awardYearParamsSchema, type AwardChoices, type AwardKind } from '../../../shared/schemas/award.js';
import type { UiLocale } from '../../../shared/locales.js';
import { companyOf, requireAdmin, requireCompany, sessionOf } from '../../middleware/auth.js';
import { validate } from '../../middleware/validate.js';
import { sendFile } from '../../lib/files.js';
import type { AwardService } from './award.service.js';
import { renderAwardBadgeFile, renderAwardCertificateFile } from './award.renderers.js';

const yearOf = (req: Request) => (req.params as unknown as { year: number }).year;
const companyIdOf = (req: Request) => (req.params as unknown as { companyId: number }).companyId;

export function adminAwardRoutes(deps: { award: AwardService }): Router {
  const { award } = deps;
  const router = Router();
  router.use(requireAdmin, (_req, res, next) => {
    res.set({ 'Cache-Control': 'no-store', Vary: 'Cookie' });
    next();
  });
  const year = validate({ params: awardYearParamsSchema });
  const company = validate({ params: awardCompanyParamsSchema });

  router.get('/', async (_req, res) => {
    res.json({ data: await award.years() });
  });
  router.get('/:year', year, async (req, res) => {
    res.json({ data: await award.adminYear(yearOf(req)) });
  });
  router.post('/:year/exclusions/:companyId', company, validate({ body: awardExclusionSchema }), async (req, res) => {
    res.json({ data: await award.setExclusion(sessionOf(res).actor, yearOf(req), companyIdOf(req), (req.body as { reason: string }).reason) });
  });
  router.delete('/:year/exclusions/:companyId', company, async (req, res) => {
    res.json({ data: await award.setExclusion(sessionOf(res).actor, yearOf(req), companyIdOf(req), null) });
  });
  router.post('/:year/publish', year, async (req, res) => {
    res.json({ data: await award.publish(sessionOf(res).actor, yearOf(req)) });
  });
  router.post('/:year/unpublish', year, async (req, res) => {
    res.json({ data: await award.unpublish(sessionOf(res).actor, yearOf(req)) });
  });
  return router;
}

export function companyAwardRoutes(deps: { award: AwardService }): Router {
  const { award } = deps;
  const router = Router();
  router.use(requireCompany, (_req, res, next) => {
    res.set({ 'Cache-Control': 'no-store', Vary: 'Cookie' });
    next();
  });
  const year = validate({ params: awardYearParamsSchema });

  router.get('/', async (_req, res) => {
    res.json({ data: await award.companyYears(companyOf(res).companyId) });
  });
  router.put('/:year', year, validate({ body: awardChoicesSchema }), async (req, res) => {
    res.json({ data: await award.setChoices(companyOf(res).companyId, yearOf(req), req.body as AwardChoices) });
  });
  for (const file of ['certificate', 'badge'] as const) {
    router.get(`/:year/${file}`, year, validate({ query: awardKindQuerySchema }), async (req, res) => {
      const { companyId, auth } = companyOf(res);
      const query = req.query as unknown as { award: AwardKind; lang?: UiLocale };
      // In the language of the page it was downloaded from (the PWA passes it), else in the user's own.
      const source = await award.certificateSource(companyId, yearOf(req), query.award, query.lang ?? auth.user.locale);
      const out = file === 'certificate' ? await renderAwardCertificateFile(source, await award.companyLogo(companyId)) : renderAwardBadgeFile(source);
      sendFile(res, out);
    });
  }
  return router;
}

export function publicAwardRoutes(deps: { award: AwardService }): Router {
  const router = Router();
  router.get('/leaderboards/:year', validate({ params: awardYearParamsSchema }), async (req, res) => {
    res.set('Cache-Control', 'no-cache');
    res.json({ data: await deps.award.publicYear(yearOf(req)) });
  });
  return router;
}
