import { useTranslation } from 'react-i18next';
import type { ApplicationState } from '../../../shared/schemas/application';

const BADGE: Record<ApplicationState, string> = {
  draft: 'badge-muted',
  changes_requested: 'badge-warning',
  submitted: 'badge-info',
  in_review: 'badge-info',
  approved: 'badge-success',
  in_progress: 'badge-success',
  finished: 'badge-muted',
};

export function StateBadge({ state }: { state: ApplicationState }) {
  const { t } = useTranslation('applications');
  return (
    <span className={`badge ${BADGE[state]}`} data-testid="application-state">
      {t(`state.${state}`)}
    </span>
  );
}
