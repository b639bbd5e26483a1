/** The public entry of the applications module: other server modules and the layers below them import only from here (lint). */
export { generateAccessCode } from './access-codes.js';
export { adminApplicationsRoutes, applicationsRoutes } from './applications.routes.js';
export { createApplicationsService } from './applications.service.js';
export { JOB_KINDS } from './applications.core.js';
