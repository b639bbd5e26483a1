/**
 * /api/kiosk/* (docs/api.md "Kiosk"):
 *   POST /api/kiosk/setup { survey_id, password }       company session; the kiosk package (no codes)
 *   GET  /api/kiosk/surveys/:id/conflicts               company session; kiosk responses not counted
 *   GET  /api/kiosk/conflicts  (Authorization: Bearer <kiosk token>)  the same count for the kiosk's HR panel
 *   GET  /api/kiosk/package    (Bearer kiosk token)     the package, salt and code hashes as they are now
 *   POST /api/kiosk/code-check { code } (Bearer kiosk token)  a code typed at an online kiosk; in the
 *        respondents' lane (kioskLaneRoutes: no session lookup), as it carries a respondent's code
 * Kiosk responses themselves go through POST /api/responses (server/modules/responses hands them to the kiosk service).
 */
import { Router, type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { companyOf, requireCompany } from '../../middleware/auth.js';
import type { Limiter } from '../../middleware/rate-limit.js';
import { rateLimited } from '../../middleware/rate-limit.js';
import { validate } from '../../middleware/validate.js';
import { accessRequestSchema } from '../../../shared/schemas/questionnaire.js';
import type { KioskClaims, KioskService } from './kiosk.service.js';

const setupBody = z.object({ survey_id: z.number().int().positive(), password: z.string().min(1).max(200) });
const idParams = z.object({ id: z.coerce.number().int().positive() });

const noStore = (_req: Request, res: Response, next: NextFunction) => {
  res.set({ 'Cache-Control': 'no-store', Vary: 'Cookie' });
  next();
};

const bearer = (req: Request): string => {
  const header = req.get('authorization') ?? '';
  return header.startsWith('Bearer ') ? header.slice(7).trim() : '';
};

/** The kiosk device's credential (its token as a bearer): 401 / 403 / 404 before anything else is looked at. */
function kioskAuth(kiosk: Pick<KioskService, 'authenticate'>) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    res.locals.kiosk = await kiosk.authenticate(bearer(req));
    next();
  };
}
const kioskOf = (res: Response): KioskClaims => res.locals.kiosk as KioskClaims;

export interface KioskRoutesOptions {
  kiosk: KioskService;
  /** Failed setups (wrong password) per user per window; default 10 per 15 minutes. */
  setupRateLimit?: { limit: number; windowMs: number };
  /** Makes the rate limits (counted in the database, across instances). */
  limiter: Limiter;
}

export function kioskRoutes(options: KioskRoutesOptions): Router {
  const { kiosk } = options;
  const router = Router();
  const setupLimit = options.limiter({
    name: 'kiosk-setup',
    windowMs: options.setupRateLimit?.windowMs ?? 15 * 60_000,
    limit: options.setupRateLimit?.limit ?? 10,
    skipSuccessfulRequests: true,
    key: (_req, res) => String(companyOf(res).userId),
  });

  router.post('/setup', noStore, requireCompany, setupLimit, validate({ body: setupBody }, async (req, res) => {
    const { companyId, userId } = companyOf(res);
    const body = req.body;
    res.json({ data: await kiosk.setup({ companyId, userId, surveyId: body.survey_id, password: body.password }) });
  }));

  router.get('/surveys/:id/conflicts', noStore, requireCompany, validate({ params: idParams }, async (req, res) => {
    const { companyId } = companyOf(res);
    res.json({ data: await kiosk.conflicts(companyId, req.params.id) });
  }));

  router.get('/conflicts', noStore, async (req, res) => {
    const token = bearer(req);
    const result = token ? await kiosk.conflictsForToken(token) : null;
    if (!result) throw new AppError('invalid-token', { status: 401 });
    res.json({ data: result });
  });

  router.get('/package', noStore, kioskAuth(kiosk), async (_req, res) => {
    res.json({ data: await kiosk.currentPackage(kioskOf(res)) });
  });

  return router;
}

/**
 * The kiosk's route in the respondents' lane (server/app.ts mounts it under /api before the session lookup, beside
 * the questionnaire's): the code check carries a respondent's code, so it never touches a session.
 */
export function kioskLaneRoutes(options: { kiosk: Pick<KioskService, 'authenticate' | 'checkCode'> }): Router {
  const { kiosk } = options;
  const router = Router();
  router.post('/kiosk/code-check', noStore, kioskAuth(kiosk), validate({ body: accessRequestSchema }, async (req, res) => {
    const result = await kiosk.checkCode(kioskOf(res), req.body.code);
    if (result.status === 'held') throw rateLimited(res, result.retryAfterMs);
    if (result.status === 'refused') throw new AppError(result.code);
    res.json({ data: { ok: true } });
  }));
  return router;
}
