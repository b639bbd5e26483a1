/** The public entry of the health module: the app and other server modules import only from here (lint). */
export { healthRoutes } from './health.routes.js';
