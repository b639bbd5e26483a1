import { Router } from 'express';
import type { PartnerLogo } from '../../../shared/schemas/asset.js';
import { footerQuerySchema, type SiteConfig } from '../../../shared/schemas/config.js';
import { localeOf } from '../../middleware/locale.js';
import { validate } from '../../middleware/validate.js';
import type { SiteService } from './site.service.js';

export function siteRoutes(deps: { site: SiteService }): Router {
  const router = Router();

  router.get('/config', (_req, res) => {
    const body: { data: SiteConfig } = { data: deps.site.siteConfig() };
    res.set('Cache-Control', 'public, max-age=300');
    res.json(body);
  });

  router.get('/footer', validate({ query: footerQuerySchema }, async (req, res) => {
    const { theme } = req.query;
    res.set('Cache-Control', 'no-cache');
    res.vary('Accept-Language').vary('X-Locale');
    res.type('text/html; charset=utf-8').send(await deps.site.footerHtml(theme, localeOf(res)));
  }));

  router.get('/partner-logo', async (_req, res) => {
    const body: { data: PartnerLogo | null } = { data: await deps.site.partnerLogo() };
    res.set('Cache-Control', 'no-cache');
    res.json(body);
  });

  return router;
}
