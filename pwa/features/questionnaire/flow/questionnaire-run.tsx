/**
 * Questions then review in one component, for a kiosk (or any screen that keeps the steps in
 * memory instead of routes). Props: pkg, language, draftId, onSubmit(draftId) -> Promise<responseId>,
 * onDone(responseId), onExit?(). Keyed by draftId inside, so a new respondent's draft starts clean.
 */
import { useState } from 'react';
import { QuestionnaireFlow, type QuestionnaireFlowProps } from './questionnaire-flow';
import { QuestionnaireReview, type QuestionnaireReviewProps } from './questionnaire-review';

export type QuestionnaireRunProps = Pick<QuestionnaireFlowProps, 'pkg' | 'language' | 'draftId' | 'onExit'> & Pick<QuestionnaireReviewProps, 'onSubmit' | 'onDone'>;

export function QuestionnaireRun({ pkg, language, draftId, onExit, onSubmit, onDone }: QuestionnaireRunProps) {
  const [step, setStep] = useState<{ draftId: string; view: 'questions' | 'review'; round: number }>({ draftId, view: 'questions', round: 0 });
  const view = step.draftId === draftId ? step : { draftId, view: 'questions' as const, round: 0 };
  if (view.view === 'review')
    return (
      <QuestionnaireReview
        key={draftId}
        pkg={pkg}
        language={language}
        draftId={draftId}
        onEdit={() => setStep({ draftId, view: 'questions', round: view.round + 1 })}
        onSubmit={onSubmit}
        onDone={onDone}
      />
    );
  return <QuestionnaireFlow key={`${draftId}:${view.round}`} pkg={pkg} language={language} draftId={draftId} onExit={onExit} onFinish={() => setStep({ draftId, view: 'review', round: view.round })} />;
}
