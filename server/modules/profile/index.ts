/** The public entry of the profile module: other server modules import only from here (lint). */
export { oneOf, toCompanyData } from './company-data.js';
export type { CompanyDataRow } from './company-data.js';
export { TESTIMONIAL_SELECT } from './profile.repo.js';
export type { TestimonialRow } from './profile.repo.js';
export { toTestimonial } from './profile.service.js';
export { profileRoutes } from './profile.routes.js';
export { createProfileService } from './profile.service.js';
