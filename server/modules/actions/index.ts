/** The public entry of the actions module: other server modules import only from here (lint). */
export { createActionsService, ACTION_REMINDER_JOB } from './actions.service.js';
export type { ActionsService } from './actions.service.js';
export { actionsRoutes } from './actions.routes.js';
export { resultsPosterRenderer } from './renderers.js';
