import { useTranslation } from 'react-i18next';

/** "Step n of m" and the list of steps, each a button that moves there without checking the current step. */
export function StepList({ steps, step, onGoTo }: { steps: readonly { id: string }[]; step: number; onGoTo: (step: number) => void }) {
  const { t } = useTranslation('applications');
  return (
    <nav aria-label={t('steps.nav')}>
      <p className="step-progress">{t('steps.progress', { n: step + 1, count: steps.length })}</p>
      <ol className="steps">
        {steps.map((s, i) => (
          <li key={s.id}>
            <button type="button" className="step-link" aria-current={i === step ? 'step' : undefined} onClick={() => onGoTo(i)}>
              <span className="step-number" aria-hidden="true">
                {i + 1}
              </span>
              <span className="step-label">{t(`steps.${s.id}`)}</span>
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
