/** The public entry of the questionnaire module: other server modules import only from here (lint). */
export type { QuestionnaireService } from './questionnaire.service.js';
export type { CodeEntryForm, CodeFormOutcome } from './code-entry-form.js';
export { createCodeGuesses } from './code-guesses.js';
export { createCodeEntryForm } from './code-entry-form.js';
export { isRespondentRequest } from './respondent-requests.js';
export { createQuestionnaireService } from './questionnaire.service.js';
export { questionnaireRoutes } from './questionnaire.routes.js';
