/** The public entry of the pages module: the app and other server modules import only from here (lint). */
export { createPageRenderer } from './page-renderer.js';
export { pagesRoutes } from './pages.routes.js';
export { createPreloads } from './preloads.js';
export { routePage } from './sitemap.js';
