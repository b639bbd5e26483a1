import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AWARD_EXCLUSION_REASON_MAX, awardExclusionSchema, type AwardEntry } from '../../../../shared/schemas/award';
import { Modal } from '../../../components/ui/modal';

/** The fewest characters of an exclusion's reason, as the shared schema checks it. */
const REASON_MIN = awardExclusionSchema.shape.reason.minLength ?? 1;

/** Asks for the written reason of an exclusion (checked with the shared schema) before excluding the survey. */
export function ExcludeDialog({
  entry,
  year,
  onExclude,
  onClose,
}: {
  entry: AwardEntry | null;
  year: number;
  onExclude: (entry: AwardEntry, reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const [reason, setReason] = useState('');
  const [error, setError] = useState(false);
  const [busy, setBusy] = useState(false);
  const fieldId = useId();
  const close = () => {
    if (busy) return;
    setReason('');
    setError(false);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = awardExclusionSchema.safeParse({ reason });
    if (!parsed.success || !entry) {
      setError(true);
      return;
    }
    setBusy(true);
    onExclude(entry, parsed.data.reason).finally(() => {
      setBusy(false);
      setReason('');
    });
  };
  return (
    <Modal
      open={entry !== null}
      title={t('award.excludeDialog.title', { company: entry?.company_name ?? '', year })}
      onClose={close}
      closeLabel={t('common.close')}
    >
      <form onSubmit={submit} noValidate>
        <p>{t('award.excludeDialog.text')}</p>
        <div className="field">
          <label htmlFor={fieldId}>{t('award.excludeDialog.reason')}</label>
          <textarea
            id={fieldId}
            rows={4}
            maxLength={AWARD_EXCLUSION_REASON_MAX}
            required
            value={reason}
            aria-invalid={error || undefined}
            aria-describedby={`${fieldId}-hint${error ? ` ${fieldId}-error` : ''}`}
            onChange={(e) => {
              setReason(e.target.value);
              if (e.target.value.trim().length >= REASON_MIN) setError(false);
            }}
          />
          <p id={`${fieldId}-hint`} className="hint">
            {t('award.excludeDialog.reasonHint', { count: REASON_MIN })}
          </p>
          {error && (
            <p id={`${fieldId}-error`} className="field-error" role="alert">
              {t('award.excludeDialog.reasonRequired', { count: REASON_MIN })}
            </p>
          )}
        </div>
        <div className="actions admin-dialog-actions">
          <button type="submit" className="btn btn-danger" disabled={busy}>
            {t('award.excludeDialog.submit')}
          </button>
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={close}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
