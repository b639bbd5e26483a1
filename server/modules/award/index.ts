/** The public entry of the award module: other server modules import only from here (lint). */
export { createAwardService, wholeSurveyFigures } from './award.service.js';
export type { AwardService } from './award.service.js';
export { adminAwardRoutes, companyAwardRoutes, publicAwardRoutes } from './award.routes.js';
