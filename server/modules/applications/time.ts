/**
 * Moved to server/lib/time.ts. Kept only for pwa/e2e/applications.spec.ts, which imports it from here
 * and lies outside this change; delete once that import points at server/lib/time.ts.
 */
export { zonedInstant } from '../../lib/time.js';
