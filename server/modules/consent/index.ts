/** The public entry of the consent module: other server modules import only from here (lint). */
export { consentRoutes } from './consent.routes.js';
