import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResource } from '../../lib/use-resource';
import { MAIL_STATUSES, listOutbox, retryMail, type MailItem } from './admin-api';
import { AdminFilters, AdminListPage, AdminTable, SelectFilter, oneOf, useListParams } from './admin-list-page';
import { ActionNotice, useErrorText, type Notice } from './admin-parts';
import { formatDateTime } from './format';
import { MailDialog, MailStatusBadge, canRetry } from './mail-dialog';

export default function OutboxPage() {
  const { t } = useTranslation('admin');
  const { params, page, update, setPage } = useListParams();
  const status = oneOf(MAIL_STATUSES, params.get('status'), '');
  const outbox = useResource((signal) => listOutbox({ status, page }, signal), `${status}|${page}`);
  const [open, setOpen] = useState<MailItem | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const errorText = useErrorText();

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
    <AdminListPage
      title={t('outbox.title')}
      lead={t('outbox.lead')}
      filters={
        <AdminFilters>
          <SelectFilter
            label={t('common.statusFilter')}
            value={status}
            options={MAIL_STATUSES}
            optionLabel={(s) => t(`outbox.statuses.${s}`)}
            allLabel={t('common.all')}
            onChange={(value) => update({ status: value })}
          />
        </AdminFilters>
      }
      above={<ActionNotice notice={notice} />}
      list={outbox}
      empty={t('outbox.empty')}
      onPage={setPage}
      after={<MailDialog mail={open} onClose={() => setOpen(null)} onRetry={retry} />}
    >
      {(items, busy) => (
        <AdminTable
          testId="outbox-table"
          caption={t('outbox.caption')}
          columns={[
            t('outbox.subject'),
            t('outbox.to'),
            t('outbox.status'),
            t('outbox.attempts'),
            t('outbox.created'),
            <span className="visually-hidden">{t('common.actions')}</span>,
          ]}
          busy={busy}
        >
          {items.map((m) => (
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
        </AdminTable>
      )}
    </AdminListPage>
  );
}
