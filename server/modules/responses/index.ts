/** The public entry of the responses module: other server modules import only from here (lint). */
export type { ResponsesService } from './responses.service.js';
