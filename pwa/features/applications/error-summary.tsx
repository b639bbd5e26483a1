import { useTranslation } from 'react-i18next';

export interface SummaryItem {
  /** The id of the field the link focuses. */
  id: string;
  label: string;
  message: string;
  step: number;
}

/**
 * The form's errors as links: each names its step when it is on another one, moves there and focuses its field.
 * `id` is the summary's own id (focused after a check fails).
 */
export function ErrorSummary({ id, items, step, stepIds, onStep }: { id: string; items: SummaryItem[]; step: number; stepIds: readonly string[]; onStep: (step: number) => void }) {
  const { t } = useTranslation('applications');
  if (items.length === 0) return null;
  return (
    <div id={id} tabIndex={-1} className="notice notice-error error-summary" role="alert">
      <p className="error-summary-title">{t('form.summaryTitle')}</p>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            <a
              href={`#${item.id}`}
              onClick={(e) => {
                e.preventDefault();
                if (item.step !== step) onStep(item.step);
                setTimeout(() => document.getElementById(item.id)?.focus(), 0);
              }}
            >
              {item.step !== step ? `${t(`steps.${stepIds[item.step] ?? ''}`)} – ` : ''}
              {item.label}: {item.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
