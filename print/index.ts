export { renderCodeSlips, codeSlipsInputSchema, questionnaireLink, SLIPS_PER_PAGE, type CodeSlipsInput } from './templates/code-slips.js';
