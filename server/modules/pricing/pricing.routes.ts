/** GET /api/prices (public) and PUT /api/admin/prices (administrators; audited). */
import { Router } from 'express';
import { priceSettingsSchema, type PriceSettings } from '../../../shared/pricing.js';
import { requireAdmin, sessionOf } from '../../middleware/auth.js';
import { validate } from '../../middleware/validate.js';
import type { PricingService } from './pricing.service.js';

export function pricingRoutes(deps: { pricing: PricingService }): Router {
  const { pricing } = deps;
  const router = Router();

  router.get('/prices', async (_req, res) => {
    const body: { data: PriceSettings } = { data: await pricing.prices() };
    // The administrator may change them at any time: revalidate, never serve a stale price.
    res.set('Cache-Control', 'no-cache');
    res.json(body);
  });

  router.put(
    '/admin/prices',
    requireAdmin,
    (_req, res, next) => {
      res.set({ 'Cache-Control': 'no-store', Vary: 'Cookie' });
      next();
    },
    validate({ body: priceSettingsSchema },
    async (req, res) => {
      const body: { data: PriceSettings } = { data: await pricing.updatePrices(sessionOf(res).actor, req.body) };
      res.json(body);
    },
  ));

  return router;
}
