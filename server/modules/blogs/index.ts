/** The public entry of the blogs module: other server modules import only from here (lint). */
export { adminBlogsRoutes, blogsRoutes } from './blogs.routes.js';
export { cleanVersion, createBlogsService, type BlogsService } from './blogs.service.js';
export { createBlogsRepo } from './blogs.repo.js';
export { sanitizeBlogHtml } from './blog-html.js';
