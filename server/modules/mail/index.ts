/** The public entry of the mail module: other server modules import only from here (lint). */
export { createMailRepo, type MailRow } from './mail.repo.js';
export { createMailService, type MailService } from './mail.service.js';
export {
  applicationReviewMail,
  actionReminderMail,
  awardResultMail,
  confirmEmailMail,
  emailChangeMail,
  emailChangedNoticeMail,
  passwordResetMail,
  surveyInvitationMail,
} from './templates/index.js';
export type { MailBrand, RenderedMail } from './templates/index.js';
