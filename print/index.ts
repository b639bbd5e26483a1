export { renderCodeSlips, codeSlipsInputSchema, questionnaireLink, SLIPS_PER_PAGE, type CodeSlipsInput } from './templates/code-slips.js';
export {
  renderPaperForms,
  renderPaperFormTemplate,
  renderPaperFormsNaive,
  paperFormInputSchema,
  type PaperFormInput,
} from './templates/paper-form.js';
export { renderAwardCertificate, type AwardCertificateInput } from './templates/award-certificate.js';
export { renderAwardBadge, type AwardBadgeInput } from './templates/award-badge.js';
export { renderResultsPoster, type ResultsPosterInput } from './templates/results-poster.js';
