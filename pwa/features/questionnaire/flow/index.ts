// The reusable question flow (own phone and kiosk). See each component's top comment for its props.
export { QuestionnaireFlow, focusQuestion, type KnownDraft, type QuestionnaireFlowProps } from './questionnaire-flow';
export { QuestionnaireReview, type QuestionnaireReviewProps } from './questionnaire-review';
export { QuestionnaireRun, type QuestionnaireRunProps } from './questionnaire-run';
export { QuestionnaireIntro, type QuestionnaireIntroProps } from './intro';
export { buildPages, defaultLanguage, firstIncompletePage, pageIssues, pageOfPath, resumePage, type FlowPage } from './pages';
export { useFlowT, useRespondentT, useDraftAnswers } from './use-flow';
