/** The public entry of the kiosk module: other server modules import only from here (lint). */
export type { KioskService } from './kiosk.service.js';
export { createKioskService } from './kiosk.service.js';
export { kioskLaneRoutes, kioskRoutes } from './kiosk.routes.js';
