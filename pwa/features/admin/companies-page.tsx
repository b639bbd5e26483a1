import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '../../components/ui/localized-link';
import { useResource } from '../../lib/use-resource';
import { COMPANY_STATUS_FILTERS, listCompanies } from './admin-api';
import { AdminFilters, AdminListPage, AdminTable, SelectFilter, oneOf, useListParams } from './admin-list-page';
import { CompanyStateBadge, EmailStateBadge } from './company-state';
import { formatDate } from './format';
import { useDebouncedValue } from './use-debounced-value';

/** The search form: what is typed goes into ?q= after a pause (or on Enter); Back/forward shows the URL's text. */
function SearchFilters({ q, onSearch, children }: { q: string; onSearch: (q: string, replace?: boolean) => void; children: ReactNode }) {
  const { t } = useTranslation('admin');
  const [input, setInput] = useState(q);
  const debounced = useDebouncedValue(input.trim(), 300);
  const id = useId();

  // Back/forward changed ?q=: show it in the box.
  useEffect(() => {
    setInput((current) => (current.trim() === q ? current : q));
  }, [q]);

  // The debounced search text goes into the URL (replacing the entry, so Back leaves the page).
  useEffect(() => {
    if (debounced !== q) onSearch(debounced, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  return (
    <AdminFilters search onSubmit={() => onSearch(input.trim())}>
      <div className="field admin-filter-search">
        <label htmlFor={id}>{t('companies.search')}</label>
        <input
          id={id}
          type="search"
          value={input}
          placeholder={t('companies.searchPlaceholder')}
          autoComplete="off"
          onChange={(e) => setInput(e.target.value)}
        />
      </div>
      {children}
    </AdminFilters>
  );
}

export default function CompaniesPage() {
  const { t } = useTranslation('admin');
  const { params, page, update, setPage } = useListParams({ status: 'all' });
  const q = params.get('q') ?? '';
  const status = oneOf(COMPANY_STATUS_FILTERS, params.get('status'), 'all');
  const companies = useResource((signal) => listCompanies({ q, status, page }, signal), `${q}|${status}|${page}`);

  return (
    <AdminListPage
      title={t('companies.title')}
      lead={t('companies.lead')}
      filters={
        <SearchFilters q={q} onSearch={(text, replace) => update({ q: text }, replace)}>
          <SelectFilter
            label={t('common.statusFilter')}
            value={status}
            options={COMPANY_STATUS_FILTERS}
            optionLabel={(s) => t(`companies.status.${s}`)}
            onChange={(value) => update({ status: value })}
          />
        </SearchFilters>
      }
      list={companies}
      empty={q || status !== 'all' ? t('companies.empty') : t('companies.emptyAll')}
      onPage={setPage}
    >
      {(items, busy) => (
        <AdminTable
          testId="companies-table"
          caption={q ? t('companies.captionFiltered', { q }) : t('companies.caption')}
          columns={[t('companies.name'), t('companies.taxNumber'), t('companies.place'), t('companies.email'), t('companies.registered'), t('companies.state')]}
          busy={busy}
        >
          {items.map((c) => (
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
        </AdminTable>
      )}
    </AdminListPage>
  );
}
