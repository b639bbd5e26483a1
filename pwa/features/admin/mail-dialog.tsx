/** A queued mail: its status badge, whether it can be sent again, and the dialog that shows it (its HTML sandboxed). */
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/ui/modal';
import { useResource } from '../../lib/use-resource';
import { getMail, type MailItem, type MailStatus } from './admin-api';
import { Badge, ErrorState, LoadingState, type BadgeTone } from './admin-parts';
import { formatDateTime } from './format';

const TONES: Record<MailStatus, BadgeTone> = { queued: 'neutral', sent: 'ok', captured: 'neutral', failed: 'bad' };

/** Failed and captured mail can be queued again. */
export function canRetry(status: MailStatus): boolean {
  return status === 'failed' || status === 'captured';
}

export function MailStatusBadge({ status }: { status: MailStatus }) {
  const { t } = useTranslation('admin');
  return <Badge tone={TONES[status] ?? 'neutral'}>{t(`outbox.statuses.${status}`, { defaultValue: status })}</Badge>;
}

export function MailDialog({ mail, onClose, onRetry }: { mail: MailItem | null; onClose: () => void; onRetry: (item: MailItem) => Promise<void> }) {
  const { t } = useTranslation('admin');
  const view = useResource((signal) => (mail ? getMail(mail.id, signal) : Promise.resolve(null)), String(mail?.id ?? ''));
  const full = view.data;
  return (
    <Modal open={mail !== null} title={mail?.subject || t('outbox.mailTitle')} onClose={onClose} closeLabel={t('common.close')} className="admin-mail-modal">
      {view.status === 'loading' && <LoadingState />}
      {view.status === 'error' && <ErrorState error={view.error} onRetry={view.reload} />}
      {full && (
        <div className="stack" data-testid="mail-view">
          <dl className="admin-dl admin-dl-compact">
            <div>
              <dt>{t('outbox.subject')}</dt>
              <dd>{full.subject}</dd>
            </div>
            <div>
              <dt>{t('outbox.to')}</dt>
              <dd className="admin-cell-email">{full.to}</dd>
            </div>
            <div>
              <dt>{t('outbox.status')}</dt>
              <dd>
                <MailStatusBadge status={full.status} />
              </dd>
            </div>
            <div>
              <dt>{t('outbox.attempts')}</dt>
              <dd>{full.attempts}</dd>
            </div>
            <div>
              <dt>{t('outbox.created')}</dt>
              <dd>{formatDateTime(full.created_at)}</dd>
            </div>
            {full.sent_at && (
              <div>
                <dt>{t('outbox.sent')}</dt>
                <dd>{formatDateTime(full.sent_at)}</dd>
              </div>
            )}
            {full.last_error && (
              <div>
                <dt>{t('outbox.lastError')}</dt>
                <dd className="admin-error-text">{full.last_error}</dd>
              </div>
            )}
          </dl>
          {canRetry(full.status) && (
            <p>
              <button
                type="button"
                className="btn btn-secondary btn-small"
                onClick={() => void onRetry(full).then(() => view.reload())}
              >
                {t('outbox.retry')}
              </button>
            </p>
          )}
          <h3 className="admin-mail-heading">{t('outbox.html')}</h3>
          {/* The mail's HTML in a fully sandboxed frame: no scripts, no forms, no same-origin access. */}
          <iframe className="admin-mail-frame" title={t('outbox.htmlFrame')} sandbox="" srcDoc={full.html} referrerPolicy="no-referrer" />
          <h3 className="admin-mail-heading">{t('outbox.text')}</h3>
          <pre className="admin-mail-text" tabIndex={0}>{full.text}</pre>
        </div>
      )}
    </Modal>
  );
}
