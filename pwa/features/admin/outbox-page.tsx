import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Modal } from '../../components/ui/modal';
import { MAIL_STATUSES, getMail, listOutbox, retryMail, type MailItem, type MailStatus } from './admin-api';
import { ActionNotice, AdminPage, Badge, EmptyState, ErrorState, LoadingState, Pagination, useErrorText, type BadgeTone, type Notice } from './admin-parts';
import { formatDateTime, parsePage } from './format';
import { useResource } from '../../lib/use-resource';

const TONES: Record<MailStatus, BadgeTone> = { queued: 'neutral', sent: 'ok', captured: 'neutral', failed: 'bad' };

/** Failed and captured mail can be queued again. */
function canRetry(status: MailStatus): boolean {
  return status === 'failed' || status === 'captured';
}

function MailStatusBadge({ status }: { status: MailStatus }) {
  const { t } = useTranslation('admin');
  return <Badge tone={TONES[status] ?? 'neutral'}>{t(`outbox.statuses.${status}`, { defaultValue: status })}</Badge>;
}

function MailDialog({ mail, onClose, onRetry }: { mail: MailItem | null; onClose: () => void; onRetry: (item: MailItem) => Promise<void> }) {
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

export default function OutboxPage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status: MailStatus | '' = (MAIL_STATUSES as readonly string[]).includes(statusParam ?? '') ? (statusParam as MailStatus) : '';
  const page = parsePage(params.get('page'));
  const statusId = useId();
  const outbox = useResource((signal) => listOutbox({ status, page }, signal), `${status}|${page}`);
  const [open, setOpen] = useState<MailItem | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const errorText = useErrorText();
  const data = outbox.data;

  const setParam = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value && !(key === 'page' && value === '1')) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next);
  };

  const retry = async (item: MailItem) => {
    try {
      await retryMail(item.id);
      setNotice({ kind: 'success', text: t('outbox.retried') });
      outbox.reload();
    } catch (error) {
      setNotice({ kind: 'error', text: errorText(error) });
    }
  };

  return (
    <AdminPage title={t('outbox.title')} lead={t('outbox.lead')}>
      <div className="admin-filters">
        <div className="field admin-filter-status">
          <label htmlFor={statusId}>{t('common.statusFilter')}</label>
          <select id={statusId} value={status} onChange={(e) => setParam('status', e.target.value)}>
            <option value="">{t('common.all')}</option>
            {MAIL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`outbox.statuses.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ActionNotice notice={notice} />
      {outbox.status === 'error' && <ErrorState error={outbox.error} onRetry={outbox.reload} />}
      {outbox.status === 'loading' && !data && <LoadingState />}
      {data && data.items.length === 0 && outbox.status !== 'loading' && <EmptyState>{t('outbox.empty')}</EmptyState>}
      {data && data.items.length > 0 && (
        <div className="admin-table-wrap" aria-busy={outbox.status === 'loading' || undefined}>
          <table className="admin-table admin-table-cards" data-testid="outbox-table">
            <caption className="visually-hidden">{t('outbox.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('outbox.subject')}</th>
                <th scope="col">{t('outbox.to')}</th>
                <th scope="col">{t('outbox.status')}</th>
                <th scope="col">{t('outbox.attempts')}</th>
                <th scope="col">{t('outbox.created')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((m) => (
                <tr key={m.id}>
                  <th scope="row" className="admin-cell-title">
                    {m.subject}
                  </th>
                  <td data-label={t('outbox.to')} className="admin-cell-email">
                    {m.to}
                  </td>
                  <td data-label={t('outbox.status')}>
                    <MailStatusBadge status={m.status} />
                    {m.last_error && <span className="visually-hidden">: {m.last_error}</span>}
                  </td>
                  <td data-label={t('outbox.attempts')}>{m.attempts}</td>
                  <td data-label={t('outbox.created')}>{formatDateTime(m.created_at)}</td>
                  <td className="admin-cell-actions">
                    <div className="actions">
                      <button type="button" className="btn btn-secondary btn-small" aria-label={t('outbox.viewMail', { subject: m.subject })} onClick={() => setOpen(m)}>
                        {t('outbox.view')}
                      </button>
                      {canRetry(m.status) && (
                        <button type="button" className="btn btn-secondary btn-small" aria-label={t('outbox.retryMail', { subject: m.subject })} onClick={() => void retry(m)}>
                          {t('outbox.retry')}
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && data.total > 0 && <Pagination page={data.page} pageSize={data.page_size} total={data.total} onPage={(p) => setParam('page', String(p))} />}
      <MailDialog mail={open} onClose={() => setOpen(null)} onRetry={retry} />
    </AdminPage>
  );
}
