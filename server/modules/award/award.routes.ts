/**
 * The award's HTTP routes (HTTP only; the rules are in award.service.ts):
 * /api/admin/award/* (administrators), /api/profile/award/* (the company's own), GET /api/leaderboards/:year (public).
 */
import { Router } from 'express';
import { awardChoicesSchema, awardCompanyParamsSchema, awardExclusionSchema, awardKindQuerySchema, awardYearParamsSchema } from '../../../shared/schemas/award.js';
import { companyOf, requireAdmin, requireCompany, sessionOf } from '../../middleware/auth.js';
import { validate } from '../../middleware/validate.js';
import { sendFile } from '../../lib/files.js';
import type { AwardService } from './award.service.js';
import { renderAwardBadgeFile, renderAwardCertificateFile } from './award.renderers.js';

export function adminAwardRoutes(deps: { award: AwardService }): Router {
  const { award } = deps;
  const router = Router();
  router.use(requireAdmin, (_req, res, next) => {
    res.set({ 'Cache-Control': 'no-store', Vary: 'Cookie' });
    next();
  });
  const withYear = { params: awardYearParamsSchema };
  const withCompany = { params: awardCompanyParamsSchema };

  router.get('/', async (_req, res) => {
    res.json({ data: await award.years() });
  });
  router.get('/:year', validate(withYear, async (req, res) => {
    res.json({ data: await award.adminYear(req.params.year) });
  }));
  router.post('/:year/exclusions/:companyId', validate({ ...withCompany, body: awardExclusionSchema }, async (req, res) => {
    res.json({ data: await award.setExclusion(sessionOf(res).actor, req.params.year, req.params.companyId, req.body.reason) });
  }));
  router.delete('/:year/exclusions/:companyId', validate(withCompany, async (req, res) => {
    res.json({ data: await award.setExclusion(sessionOf(res).actor, req.params.year, req.params.companyId, null) });
  }));
  router.post('/:year/publish', validate(withYear, async (req, res) => {
    res.json({ data: await award.publish(sessionOf(res).actor, req.params.year) });
  }));
  router.post('/:year/unpublish', validate(withYear, async (req, res) => {
    res.json({ data: await award.unpublish(sessionOf(res).actor, req.params.year) });
  }));
  return router;
}

export function companyAwardRoutes(deps: { award: AwardService }): Router {
  const { award } = deps;
  const router = Router();
  router.use(requireCompany, (_req, res, next) => {
    res.set({ 'Cache-Control': 'no-store', Vary: 'Cookie' });
    next();
  });
  const withYear = { params: awardYearParamsSchema };

  router.get('/', async (_req, res) => {
    res.json({ data: await award.companyYears(companyOf(res).companyId) });
  });
  router.put('/:year', validate({ ...withYear, body: awardChoicesSchema }, async (req, res) => {
    res.json({ data: await award.setChoices(companyOf(res).companyId, req.params.year, req.body) });
  }));
  for (const file of ['certificate', 'badge'] as const) {
    router.get(`/:year/${file}`, validate({ ...withYear, query: awardKindQuerySchema }, async (req, res) => {
      const { companyId, auth } = companyOf(res);
      const query = req.query;
      // In the language of the page it was downloaded from (the PWA passes it), else in the user's own.
      const source = await award.certificateSource(companyId, req.params.year, query.award, query.lang ?? auth.user.locale);
      const out = file === 'certificate' ? await renderAwardCertificateFile(source, await award.companyLogo(companyId)) : renderAwardBadgeFile(source);
      sendFile(res, out);
    }));
  }
  return router;
}

export function publicAwardRoutes(deps: { award: AwardService }): Router {
  const router = Router();
  router.get('/leaderboards/:year', validate({ params: awardYearParamsSchema }, async (req, res) => {
    res.set('Cache-Control', 'no-cache');
    res.json({ data: await deps.award.publicYear(req.params.year) });
  }));
  return router;
}
