import { useTranslation } from 'react-i18next';

/** Previous / next (or send on the last step), save and exit, and delete for a draft: the same for IZZ and PULS. */
export function StepNav({
  step,
  stepCount,
  sending,
  canDelete,
  onGoTo,
  onSend,
  onSaveAndExit,
  onDelete,
}: {
  step: number;
  stepCount: number;
  sending: boolean;
  canDelete: boolean;
  /** Moving forward validates the step; moving back does not. */
  onGoTo: (step: number, validate: boolean) => void;
  onSend: () => void;
  onSaveAndExit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('applications');
  return (
    <div className="step-nav">
      <div className="step-nav-main">
        {step > 0 && (
          <button type="button" className="btn btn-secondary" onClick={() => onGoTo(step - 1, false)}>
            {t('steps.previous')}
          </button>
        )}
        {step < stepCount - 1 ? (
          <button type="button" className="btn btn-primary" onClick={() => onGoTo(step + 1, true)}>
            {t('steps.next')}
          </button>
        ) : (
          <button type="button" className="btn btn-primary" onClick={onSend} disabled={sending}>
            {sending ? t('review.sending') : t('review.send')}
          </button>
        )}
      </div>
      <div className="step-nav-main">
        <button type="button" className="btn btn-secondary" onClick={onSaveAndExit}>
          {t('save.exit')}
        </button>
        {canDelete && (
          <button type="button" className="btn btn-link" onClick={onDelete}>
            {t('delete.button')}
          </button>
        )}
      </div>
    </div>
  );
}
