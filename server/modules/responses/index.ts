/** The public entry of the responses module: other server modules import only from here (lint). */
export { createResponsesService, type ResponsesService } from './responses.service.js';
export { responsesRoutes } from './responses.routes.js';
