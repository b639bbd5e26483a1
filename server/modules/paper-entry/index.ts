/** The public entry of the paper-entry module: other server modules import only from here (lint). */
export type { PaperEntryService } from './paper-entry.service.js';
export { createPaperEntryService } from './paper-entry.service.js';
export { paperEntryRoutes } from './paper-entry.routes.js';
