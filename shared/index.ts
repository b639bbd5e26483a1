export * from './locales.js';
export * from './constants.js';
export * from './routes.js';
export * from './safe-redirect.js';
export * from './errors/index.js';
export * from './schemas/config.js';
export * from './schemas/contact.js';
export * from './schemas/user.js';
