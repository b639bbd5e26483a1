import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { RouteId } from '../../../shared/routes';
import { Modal } from '../../components/ui/modal';
import { useLocalizedPath } from '../../i18n/use-locale';
import { deleteApplication, type Application } from './applications-api';

/** "Delete this draft?": on confirming, deletes it and returns to the list (`back`) with a notice; a failure stays in the dialog. */
export function DeleteApplicationModal({ applicationId, open, back, onClose }: { applicationId: Application['id']; open: boolean; back: RouteId; onClose: () => void }) {
  const { t } = useTranslation('applications');
  const navigate = useNavigate();
  const path = useLocalizedPath();
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    setError(null);
    try {
      await deleteApplication(applicationId);
      onClose();
      void navigate(path(back), { state: { notice: 'deleted' } });
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <Modal open={open} title={t('delete.title')} closeLabel={t('close')} onClose={onClose}>
      <div className="stack">
        <p>{t('delete.text')}</p>
        {error && (
          <p className="notice notice-error" role="alert">
            {error}
          </p>
        )}
        <div className="actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('delete.cancel')}
          </button>
          <button type="button" className="btn btn-primary" onClick={() => void remove()}>
            {t('delete.confirm')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
