import { useTranslation } from 'react-i18next';
import { formatTime } from './format';
import type { SaveState } from './use-autosave';

/** 'Working version saved' (or saving / failed with a retry), announced politely. */
export function SaveStatus({ state, onRetry }: { state: SaveState; onRetry: () => void }) {
  const { t } = useTranslation('applications');
  return (
    <div className="saved-status" role="status" aria-live="polite" data-testid="save-status">
      {state.kind === 'saving' && <p className="form-status">{t('save.saving')}</p>}
      {state.kind === 'saved' && <p className="notice notice-success">{t('save.saved', { time: formatTime(state.at) })}</p>}
      {state.kind === 'failed' && (
        <p className="notice notice-error">
          {t('save.failed')} {state.message}{' '}
          <button type="button" className="link-button" onClick={onRetry}>
            {t('retry')}
          </button>
        </p>
      )}
    </div>
  );
}
