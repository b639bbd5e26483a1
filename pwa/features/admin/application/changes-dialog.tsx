import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';

/** Asks for the comment the company gets with a request for changes. */
export function ChangesDialog({ open, onSend, onClose }: { open: boolean; onSend: (comment: string) => Promise<void>; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const [comment, setComment] = useState('');
  const [error, setError] = useState(false);
  const [busy, setBusy] = useState(false);
  const fieldId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!comment.trim()) {
      setError(true);
      return;
    }
    setBusy(true);
    onSend(comment.trim()).finally(() => setBusy(false));
  };
  return (
    <Modal open={open} title={t('application.changes.title')} onClose={() => !busy && onClose()} closeLabel={t('common.close')}>
      <form onSubmit={submit} noValidate>
        <p>{t('application.changes.text')}</p>
        <div className="field">
          <label htmlFor={fieldId}>{t('application.changes.comment')}</label>
          <textarea
            id={fieldId}
            rows={5}
            maxLength={2000}
            required
            value={comment}
            aria-invalid={error || undefined}
            aria-describedby={`${fieldId}-hint${error ? ` ${fieldId}-error` : ''}`}
            onChange={(e) => {
              setComment(e.target.value);
              if (e.target.value.trim()) setError(false);
            }}
          />
          <p id={`${fieldId}-hint`} className="hint">
            {t('application.changes.commentHint')}
          </p>
          {error && (
            <p id={`${fieldId}-error`} className="field-error" role="alert">
              {t('application.changes.commentRequired')}
            </p>
          )}
        </div>
        <div className="actions admin-dialog-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('application.changes.send')}
          </button>
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={onClose}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
