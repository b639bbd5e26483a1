/** The public entry of the contact module: the app and other server modules import only from here (lint). */
export { contactRoutes } from './contact.routes.js';
export { createContactService } from './contact.service.js';
