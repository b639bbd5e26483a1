import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '../../components/ui/localized-link';
import { useResource } from '../../lib/use-resource';
import { AdminFilters, AdminListPage, AdminTable, SelectFilter, oneOf, useListParams } from './admin-list-page';
import { ApplicationStateBadge, formatPeriod } from './application-state';
import { APPLICATION_FILTERS, APPLICATION_TYPE_FILTERS, listApplications } from './applications-api';
import { formatDateTime } from './format';

/** The administrator's list of survey applications, by state (default: what waits for review) and type. */
export default function ApplicationsPage() {
  const { t } = useTranslation('admin');
  const { params, page, update, setPage } = useListParams({ state: 'review', type: 'all' });
  const state = oneOf(APPLICATION_FILTERS, params.get('state'), 'review');
  const type = oneOf(APPLICATION_TYPE_FILTERS, params.get('type'), 'all');
  const list = useResource((signal) => listApplications({ state, type, page }, signal), `${state}|${type}|${page}`);

  return (
    <AdminListPage
      title={t('applications.title')}
      lead={t('applications.lead')}
      filters={
        <AdminFilters>
          <SelectFilter
            label={t('applications.stateFilter')}
            value={state}
            options={APPLICATION_FILTERS}
            optionLabel={(s) => t(`applications.filters.${s}`)}
            onChange={(value) => update({ state: value })}
          />
          <SelectFilter
            label={t('applications.typeFilter')}
            value={type}
            options={APPLICATION_TYPE_FILTERS}
            optionLabel={(s) => t(`applications.types.${s}`)}
            onChange={(value) => update({ type: value })}
          />
        </AdminFilters>
      }
      list={list}
      empty={state === 'review' && type === 'all' ? t('applications.emptyReview') : t('applications.empty')}
      onPage={setPage}
    >
      {(items, busy) => (
        <AdminTable
          testId="applications-table"
          caption={`${t('applications.caption')}: ${t(`applications.filters.${state}`)}`}
          columns={[
            t('applications.survey'),
            t('applications.company'),
            t('applications.type'),
            t('applications.state'),
            t('applications.dates'),
            t('applications.respondents'),
            t('applications.submitted'),
          ]}
          busy={busy}
        >
          {items.map((a) => (
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
        </AdminTable>
      )}
    </AdminListPage>
  );
}
