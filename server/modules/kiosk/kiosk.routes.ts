/**
 * /api/kiosk/* (issue 5; docs/api.md "Kiosk"):
 *   POST /api/kiosk/setup { survey_id, password }       company session; the kiosk package (no codes)
 *   GET  /api/kiosk/surveys/:id/conflicts               company session; kiosk responses not counted
 *   GET  /api/kiosk/conflicts  (Authorization: Bearer <kiosk token>)  the same count for the kiosk's HR panel
 * Kiosk responses themselves go through POST /api/responses (server/modules/responses hands them to the kiosk service).
 */
import { Router, type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { companyOf, requireCompany } from '../../middleware/auth.js';
import type { Limiter } from '../../middleware/rate-limit.js';
import { validate } from '../../middleware/validate.js';
import type { KioskService } from './kiosk.service.js';

const setupBody = z.object({ survey_id: z.number().int().positive(), password: z.string().min(1).max(200) });
const idParams = z.object({ id: z.coerce.number().int().positive() });

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
  const noStore = (_req: Request, res: Response, next: NextFunction) => {
    res.set({ 'Cache-Control': 'no-store', Vary: 'Cookie' });
    next();
  };
  const setupLimit = options.limiter({
    name: 'kiosk-setup',
    windowMs: options.setupRateLimit?.windowMs ?? 15 * 60_000,
    limit: options.setupRateLimit?.limit ?? 10,
    skipSuccessfulRequests: true,
    key: (_req, res) => String(companyOf(res).userId),
  });

  router.post('/setup', noStore, requireCompany, setupLimit, validate({ body: setupBody }), async (req, res) => {
    const { companyId, userId } = companyOf(res);
    const body = req.body as z.infer<typeof setupBody>;
    res.json({ data: await kiosk.setup({ companyId, userId, surveyId: body.survey_id, password: body.password }) });
  });

  router.get('/surveys/:id/conflicts', noStore, requireCompany, validate({ params: idParams }), async (req, res) => {
    const { companyId } = companyOf(res);
    res.json({ data: await kiosk.conflicts(companyId, (req.params as unknown as { id: number }).id) });
  });

  router.get('/conflicts', noStore, async (req, res) => {
    const header = req.get('authorization') ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const result = token ? await kiosk.conflictsForToken(token) : null;
    if (!result) throw new AppError('invalid-token', { status: 401 });
    res.json({ data: result });
  });

  return router;
}
