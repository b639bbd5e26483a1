import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LocalizedLink } from '../../components/ui/localized-link';
import { listAuditLog, type AuditEntry } from './admin-api';
import { AdminPage, EmptyState, ErrorState, LoadingState, Pagination } from './admin-parts';
import { actionKey, detailsText, formatDateTime, parsePage } from './format';
import { useResource } from '../../lib/use-resource';

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
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get('page'));
  const log = useResource((signal) => listAuditLog(page, signal), String(page));
  const data = log.data;

  return (
    <AdminPage title={t('auditLog.title')} lead={t('auditLog.lead')}>
      {log.status === 'error' && <ErrorState error={log.error} onRetry={log.reload} />}
      {log.status === 'loading' && !data && <LoadingState />}
      {data && data.items.length === 0 && log.status !== 'loading' && <EmptyState>{t('auditLog.empty')}</EmptyState>}
      {data && data.items.length > 0 && (
        <div className="admin-table-wrap" aria-busy={log.status === 'loading' || undefined}>
          <table className="admin-table admin-table-cards" data-testid="audit-table">
            <caption className="visually-hidden">{t('auditLog.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('auditLog.at')}</th>
                <th scope="col">{t('auditLog.actor')}</th>
                <th scope="col">{t('auditLog.action')}</th>
                <th scope="col">{t('auditLog.target')}</th>
                <th scope="col">{t('auditLog.details')}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((entry) => {
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
            </tbody>
          </table>
        </div>
      )}
      {data && data.total > 0 && (
        <Pagination
          page={data.page}
          pageSize={data.page_size}
          total={data.total}
          onPage={(p) => {
            const next = new URLSearchParams(params);
            if (p > 1) next.set('page', String(p));
            else next.delete('page');
            setParams(next);
          }}
        />
      )}
    </AdminPage>
  );
}
