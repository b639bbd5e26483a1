/** The public entry of the site module: other server modules import only from here (lint). */
export { createSiteRepo, SETTING_KEYS } from './site.repo.js';
export { siteRoutes } from './site.routes.js';
export { createSiteService } from './site.service.js';
