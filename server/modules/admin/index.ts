/** The public entry of the admin module: other server modules import only from here (lint). */
export { createAuditRepo } from './audit.repo.js';
export { adminRoutes } from './admin.routes.js';
export { createAdminService } from './admin.service.js';
