import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LocalizedLink } from '../../components/ui/localized-link';
import { AdminPage, EmptyState, ErrorState, LoadingState, Pagination } from './admin-parts';
import { ApplicationStateBadge, formatPeriod } from './application-state';
import {
  APPLICATION_FILTERS,
  APPLICATION_TYPE_FILTERS,
  listApplications,
  type ApplicationFilter,
  type ApplicationTypeFilter,
} from './applications-api';
import { formatDateTime, parsePage } from './format';
import { useResource } from '../../lib/use-resource';

function parseFilter(value: string | null): ApplicationFilter {
  return (APPLICATION_FILTERS as readonly string[]).includes(value ?? '') ? (value as ApplicationFilter) : 'review';
}
function parseType(value: string | null): ApplicationTypeFilter {
  return (APPLICATION_TYPE_FILTERS as readonly string[]).includes(value ?? '') ? (value as ApplicationTypeFilter) : 'all';
}

/** The administrator's list of survey applications, by state (default: what waits for review) and type. */
export default function ApplicationsPage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const state = parseFilter(params.get('state'));
  const type = parseType(params.get('type'));
  const page = parsePage(params.get('page'));
  const stateId = useId();
  const typeId = useId();

  const update = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === '' || (k === 'state' && v === 'review') || (k === 'type' && v === 'all') || (k === 'page' && v === '1')) next.delete(k);
      else next.set(k, v);
    }
    setParams(next);
  };

  const list = useResource((signal) => listApplications({ state, type, page }, signal), `${state}|${type}|${page}`);
  const data = list.data;

  return (
    <AdminPage title={t('applications.title')} lead={t('applications.lead')}>
      <form className="admin-filters" onSubmit={(e) => e.preventDefault()}>
        <div className="field admin-filter-status">
          <label htmlFor={stateId}>{t('applications.stateFilter')}</label>
          <select id={stateId} value={state} onChange={(e) => update({ state: e.target.value, page: null })}>
            {APPLICATION_FILTERS.map((s) => (
              <option key={s} value={s}>
                {t(`applications.filters.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field admin-filter-status">
          <label htmlFor={typeId}>{t('applications.typeFilter')}</label>
          <select id={typeId} value={type} onChange={(e) => update({ type: e.target.value, page: null })}>
            {APPLICATION_TYPE_FILTERS.map((s) => (
              <option key={s} value={s}>
                {t(`applications.types.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </form>

      {list.status === 'error' && <ErrorState error={list.error} onRetry={list.reload} />}
      {list.status === 'loading' && !data && <LoadingState />}
      {data && data.items.length === 0 && list.status !== 'loading' && (
        <EmptyState>{state === 'review' && type === 'all' ? t('applications.emptyReview') : t('applications.empty')}</EmptyState>
      )}
      {data && data.items.length > 0 && (
        <div className="admin-table-wrap" aria-busy={list.status === 'loading' || undefined}>
          <table className="admin-table admin-table-cards" data-testid="applications-table">
            <caption className="visually-hidden">
              {t('applications.caption')}: {t(`applications.filters.${state}`)}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('applications.survey')}</th>
                <th scope="col">{t('applications.company')}</th>
                <th scope="col">{t('applications.type')}</th>
                <th scope="col">{t('applications.state')}</th>
                <th scope="col">{t('applications.dates')}</th>
                <th scope="col">{t('applications.respondents')}</th>
                <th scope="col">{t('applications.submitted')}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((a) => (
                <tr key={a.id} data-state={a.state}>
                  <th scope="row" className="admin-cell-title">
                    <LocalizedLink to="adminApplication" params={{ id: String(a.id) }}>
                      {a.name || t('applications.unnamed')}
                    </LocalizedLink>
                  </th>
                  <td data-label={t('applications.company')}>{a.company_name}</td>
                  <td data-label={t('applications.type')}>{t(`surveyTypes.${a.type}`)}</td>
                  <td data-label={t('applications.state')}>
                    <ApplicationStateBadge state={a.state} />
                  </td>
                  <td data-label={t('applications.dates')} className="admin-cell-nowrap">
                    {formatPeriod(a.start_date, a.end_date) || t('common.none')}
                  </td>
                  <td data-label={t('applications.respondents')}>
                    {a.respondents ? t('applications.respondentsValue', { online: a.respondents.online, offline: a.respondents.offline }) : t('common.none')}
                  </td>
                  <td data-label={t('applications.submitted')}>{formatDateTime(a.submitted_at) || t('common.none')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && data.total > 0 && <Pagination page={data.page} pageSize={data.page_size} total={data.total} onPage={(p) => update({ page: String(p) })} />}
    </AdminPage>
  );
}
