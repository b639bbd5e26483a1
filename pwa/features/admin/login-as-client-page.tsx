import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalizedLink } from '../../components/ui/localized-link';
import { ApiError } from '../../lib/api';
import { listCompanies } from './admin-api';
import { ActionNotice, AdminPage, EmptyState, ErrorState, LoadingState, useErrorText, type Notice } from './admin-parts';
import { CompanyStateBadge } from './company-state';
import { useActAsClient } from './use-act-as-client';
import { useDebouncedValue } from './use-debounced-value';
import { useResource } from '../../lib/use-resource';

/** Why acting as a company is not offered: it has no user to sign in as (the demo market's companies), or it is disabled. */
export function actAsUnavailable(company: { user_email: string | null; disabled_at: string | null }): 'no-user' | 'disabled' | null {
  return company.disabled_at ? 'disabled' : company.user_email ? null : 'no-user';
}

/** /login-as-client: find a company and act as its user (same API as the company page's button). */
export default function LoginAsClientPage() {
  const { t } = useTranslation('admin');
  const [input, setInput] = useState('');
  const q = useDebouncedValue(input.trim(), 300);
  const searchId = useId();
  const results = useResource((signal) => listCompanies({ q, status: 'all', page: 1 }, signal), q);
  const actAs = useActAsClient();
  const errorText = useErrorText();
  const [busy, setBusy] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const items = results.data?.items;

  const act = async (id: number) => {
    setBusy(id);
    setNotice(null);
    try {
      await actAs(id);
    } catch (error) {
      setNotice({ kind: 'error', text: errorText(error) });
      setBusy(null);
      // Disabled meanwhile (another administrator): the list shows it disabled, its button off.
      if (error instanceof ApiError && error.code === 'company-disabled') results.reload();
    }
  };

  return (
    <AdminPage title={t('loginAsClient.title')} lead={t('loginAsClient.lead')}>
      <form className="admin-filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <div className="field admin-filter-search">
          <label htmlFor={searchId}>{t('loginAsClient.search')}</label>
          <input
            id={searchId}
            type="search"
            value={input}
            placeholder={t('loginAsClient.searchPlaceholder')}
            autoComplete="off"
            onChange={(e) => setInput(e.target.value)}
          />
        </div>
      </form>
      <ActionNotice notice={notice} />
      {results.status === 'error' && <ErrorState error={results.error} onRetry={results.reload} />}
      {results.status === 'loading' && !items && <LoadingState />}
      {items && items.length === 0 && results.status !== 'loading' && <EmptyState>{t('loginAsClient.empty')}</EmptyState>}
      {items && items.length > 0 && (
        <div className="admin-table-wrap" aria-busy={results.status === 'loading' || undefined}>
          <table className="admin-table admin-table-cards">
            <caption className="visually-hidden">{t('loginAsClient.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('companies.name')}</th>
                <th scope="col">{t('companies.email')}</th>
                <th scope="col">{t('companies.state')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((c) => (
                <tr key={c.id}>
                  <th scope="row" className="admin-cell-title">
                    <LocalizedLink to="adminCompany" params={{ id: String(c.id) }}>
                      {c.name}
                    </LocalizedLink>
                  </th>
                  <td data-label={t('companies.email')} className="admin-cell-email">
                    {c.user_email ?? t('common.none')}
                  </td>
                  <td data-label={t('companies.state')}>
                    <CompanyStateBadge company={c} />
                  </td>
                  <td className="admin-cell-actions">
                    <button
                      type="button"
                      className="btn btn-primary btn-small"
                      disabled={busy !== null || !c.user_email || Boolean(c.disabled_at)}
                      aria-label={t('loginAsClient.actAs', { name: c.name })}
                      aria-describedby={actAsUnavailable(c) ? `act-why-${String(c.id)}` : undefined}
                      onClick={() => void act(c.id)}
                    >
                      {t('loginAsClient.act')}
                    </button>
                    {actAsUnavailable(c) && (
                      <p className="hint admin-act-why" id={`act-why-${String(c.id)}`}>
                        {t(actAsUnavailable(c) === 'disabled' ? 'loginAsClient.companyDisabled' : 'loginAsClient.noUser')}
                      </p>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminPage>
  );
}
