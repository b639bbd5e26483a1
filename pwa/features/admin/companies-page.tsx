import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LocalizedLink } from '../../components/ui/localized-link';
import { COMPANY_STATUS_FILTERS, listCompanies, type CompanyStatusFilter } from './admin-api';
import { AdminPage, EmptyState, ErrorState, LoadingState, Pagination } from './admin-parts';
import { CompanyStateBadge, EmailStateBadge } from './company-state';
import { formatDate, parsePage } from './format';
import { useDebouncedValue } from './use-debounced-value';
import { useResource } from '../../lib/use-resource';

function parseStatus(value: string | null): CompanyStatusFilter {
  return (COMPANY_STATUS_FILTERS as readonly string[]).includes(value ?? '') ? (value as CompanyStatusFilter) : 'all';
}

export default function CompaniesPage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const status = parseStatus(params.get('status'));
  const page = parsePage(params.get('page'));
  const [input, setInput] = useState(q);
  const debounced = useDebouncedValue(input.trim(), 300);
  const searchId = useId();
  const statusId = useId();

  const update = (patch: Record<string, string | null>, replace = false) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === '' || (k === 'status' && v === 'all') || (k === 'page' && v === '1')) next.delete(k);
      else next.set(k, v);
    }
    setParams(next, { replace });
  };

  // Back/forward changed ?q=: show it in the box.
  useEffect(() => {
    setInput((current) => (current.trim() === q ? current : q));
  }, [q]);

  // The debounced search text goes into the URL (replacing the entry, so Back leaves the page).
  useEffect(() => {
    if (debounced !== q) update({ q: debounced, page: null }, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const companies = useResource((signal) => listCompanies({ q, status, page }, signal), `${q}|${status}|${page}`);
  const data = companies.data;

  return (
    <AdminPage title={t('companies.title')} lead={t('companies.lead')}>
      <form className="admin-filters" role="search" onSubmit={(e) => { e.preventDefault(); update({ q: input.trim(), page: null }); }}>
        <div className="field admin-filter-search">
          <label htmlFor={searchId}>{t('companies.search')}</label>
          <input
            id={searchId}
            type="search"
            value={input}
            placeholder={t('companies.searchPlaceholder')}
            autoComplete="off"
            onChange={(e) => setInput(e.target.value)}
          />
        </div>
        <div className="field admin-filter-status">
          <label htmlFor={statusId}>{t('common.statusFilter')}</label>
          <select id={statusId} value={status} onChange={(e) => update({ status: e.target.value, page: null })}>
            {COMPANY_STATUS_FILTERS.map((s) => (
              <option key={s} value={s}>
                {t(`companies.status.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </form>

      {companies.status === 'error' && <ErrorState error={companies.error} onRetry={companies.reload} />}
      {companies.status === 'loading' && !data && <LoadingState />}
      {data && data.items.length === 0 && companies.status !== 'loading' && (
        <EmptyState>{q || status !== 'all' ? t('companies.empty') : t('companies.emptyAll')}</EmptyState>
      )}
      {data && data.items.length > 0 && (
        <div className="admin-table-wrap" aria-busy={companies.status === 'loading' || undefined}>
          <table className="admin-table admin-table-cards" data-testid="companies-table">
            <caption className="visually-hidden">{q ? t('companies.captionFiltered', { q }) : t('companies.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('companies.name')}</th>
                <th scope="col">{t('companies.taxNumber')}</th>
                <th scope="col">{t('companies.place')}</th>
                <th scope="col">{t('companies.email')}</th>
                <th scope="col">{t('companies.registered')}</th>
                <th scope="col">{t('companies.state')}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((c) => (
                <tr key={c.id}>
                  <th scope="row" className="admin-cell-title">
                    <LocalizedLink to="adminCompany" params={{ id: String(c.id) }}>
                      {c.name}
                    </LocalizedLink>
                  </th>
                  <td data-label={t('companies.taxNumber')}>{c.tax_number}</td>
                  <td data-label={t('companies.place')}>{[c.city, c.country?.toUpperCase()].filter(Boolean).join(', ')}</td>
                  <td data-label={t('companies.email')} className="admin-cell-email">
                    {c.user_email ?? t('common.none')}
                  </td>
                  <td data-label={t('companies.registered')}>{formatDate(c.created_at)}</td>
                  <td data-label={t('companies.state')}>
                    <span className="badges">
                      <CompanyStateBadge company={c} />
                      {c.user_email && <EmailStateBadge verifiedAt={c.email_verified_at} />}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && data.total > 0 && (
        <Pagination page={data.page} pageSize={data.page_size} total={data.total} onPage={(p) => update({ page: String(p) })} />
      )}
    </AdminPage>
  );
}
