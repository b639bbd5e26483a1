/** The public entry of the questionnaire module: other server modules import only from here (lint). */
export type { QuestionnaireService } from './questionnaire.service.js';
export type { CodeEntryForm, CodeFormOutcome } from './code-entry-form.js';
