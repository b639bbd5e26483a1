export * from './types.js';
export * from './izz.js';
export * from './puls.js';
