/** The public entry of the pricing module: the app and other server modules import only from here (lint). */
export { pricingRoutes } from './pricing.routes.js';
export { createPricingService } from './pricing.service.js';
