export * from './layout.js';
export * from './confirm-email.js';
export * from './password-reset.js';
export * from './email-change.js';
export * from './email-changed-notice.js';
export * from './application-review.js';
export * from './survey-invitation.js';
export * from './award-result.js';
