/** The public entry of the paper-entry module: other server modules import only from here (lint). */
export type { PaperEntryService } from './paper-entry.service.js';
