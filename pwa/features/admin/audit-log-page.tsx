import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '../../components/ui/localized-link';
import { useResource } from '../../lib/use-resource';
import { listAuditLog, type AuditEntry } from './admin-api';
import { AdminListPage, AdminTable, useListParams } from './admin-list-page';
import { actionKey, detailsText, formatDateTime } from './format';

function Target({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('admin');
  if (!entry.target_type) return <>{t('common.none')}</>;
  const label = `${t(`auditLog.targets.${entry.target_type}`, { defaultValue: entry.target_type })}${entry.target_id != null ? ` #${entry.target_id}` : ''}`;
  if (entry.target_type === 'company' && entry.target_id != null) {
    return (
      <LocalizedLink to="adminCompany" params={{ id: String(entry.target_id) }}>
        {label}
      </LocalizedLink>
    );
  }
  if (entry.target_type === 'award_year' && entry.target_id != null) {
    return (
      <LocalizedLink to="adminAward" search={`?year=${String(entry.target_id)}`}>
        {label}
      </LocalizedLink>
    );
  }
  return <>{label}</>;
}

export default function AuditLogPage() {
  const { t } = useTranslation('admin');
  const { page, setPage } = useListParams();
  const log = useResource((signal) => listAuditLog(page, signal), String(page));

  return (
    <AdminListPage title={t('auditLog.title')} lead={t('auditLog.lead')} list={log} empty={t('auditLog.empty')} onPage={setPage}>
      {(items, busy) => (
        <AdminTable
          testId="audit-table"
          caption={t('auditLog.caption')}
          columns={[t('auditLog.at'), t('auditLog.actor'), t('auditLog.action'), t('auditLog.target'), t('auditLog.details')]}
          busy={busy}
        >
          {items.map((entry) => {
            const details = detailsText(entry.details);
            return (
              <tr key={entry.id} data-action={entry.action}>
                <th scope="row" className="admin-cell-title admin-cell-nowrap">
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                </th>
                <td data-label={t('auditLog.actor')} className="admin-cell-email">
                  {entry.actor_email ?? t('common.none')}
                </td>
                <td data-label={t('auditLog.action')}>{t(`auditLog.actions.${actionKey(entry.action)}`, { defaultValue: entry.action })}</td>
                <td data-label={t('auditLog.target')}>
                  <Target entry={entry} />
                </td>
                <td data-label={t('auditLog.details')} className="admin-cell-details">
                  {details || t('common.none')}
                </td>
              </tr>
            );
          })}
        </AdminTable>
      )}
    </AdminListPage>
  );
}
