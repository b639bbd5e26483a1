export * from './codes.js';
export * from './messages.js';
export * from './field-messages.js';
