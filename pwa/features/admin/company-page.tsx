import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LocalizedLink } from '../../components/ui/localized-link';
import { ApiError } from '../../lib/api';
import { changeCompany, getCompany, type AdminCompany, type CompanyAction } from './admin-api';
import { ActionNotice, AdminPage, Badge, ConfirmDialog, ErrorState, LoadingState, useErrorText, type Notice } from './admin-parts';
import { CompanyStateBadge, EmailStateBadge } from './company-state';
import { formatDate, formatDateTime } from './format';
import { TestimonialCard } from './testimonial-card';
import { useActAsClient } from './use-act-as-client';
import { useResource } from '../../lib/use-resource';

function CompanyData({ company }: { company: AdminCompany }) {
  const { t } = useTranslation('admin');
  const rows: [string, string][] = [
    [t('company.taxNumber'), company.tax_number],
    [t('company.country'), t(`countries.${company.country}`, { defaultValue: company.country.toUpperCase() })],
    [t('company.address'), [company.street, company.house_number].filter(Boolean).join(' ')],
    [t('company.city'), company.city],
    [t('company.industry'), [company.industry, company.activity].filter(Boolean).join(' – ')],
    [t('company.size'), t(`sizes.${company.size}`, { defaultValue: company.size })],
    [t('company.employees'), company.employees.total ? String(company.employees.total) : ''],
    [t('company.registered'), formatDateTime(company.created_at)],
    [t('company.verifiedAt'), formatDateTime(company.verified_at)],
    [t('company.disabledAt'), formatDateTime(company.disabled_at)],
  ];
  return (
    <>
      {company.logo_url && <img className="admin-company-logo" src={company.logo_url} alt={t('company.logoAlt', { name: company.name })} />}
      <dl className="admin-dl">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
    </>
  );
}

export default function CompanyPage() {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams();
  const view = useResource((signal) => getCompany(id, signal), id);
  const errorText = useErrorText();
  const actAs = useActAsClient();
  const [confirm, setConfirm] = useState<CompanyAction | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [acting, setActing] = useState(false);
  const data = view.data;
  const company = data?.company;

  const run = async (action: CompanyAction) => {
    if (!data) return;
    try {
      const updated = await changeCompany(data.company.id, action);
      view.replace({ ...data, company: { ...data.company, ...updated } });
      setNotice({ kind: 'success', text: t(`company.${action === 'verify' ? 'verified' : action === 'disable' ? 'disabled' : 'enabled'}`) });
    } catch (error) {
      setNotice({ kind: 'error', text: errorText(error) });
    }
    setConfirm(null);
  };

  const loginAs = async () => {
    if (!company) return;
    setActing(true);
    setNotice(null);
    try {
      await actAs(company.id);
    } catch (error) {
      setNotice({ kind: 'error', text: errorText(error) });
      setActing(false);
      // Disabled meanwhile (another administrator): show the company as it is now, without the button.
      if (error instanceof ApiError && error.code === 'company-disabled') view.reload();
    }
  };

  return (
    <AdminPage title={company?.name ?? t('company.title')}>
      <p className="admin-back">
        <LocalizedLink to="adminCompanies">
          <span aria-hidden="true">← </span>
          {t('company.back')}
        </LocalizedLink>
      </p>
      {view.status === 'error' && !data && <ErrorState error={view.error} onRetry={view.reload} />}
      {view.status === 'loading' && !data && <LoadingState />}
      {data && company && (
        <div className="admin-detail">
          <p className="badges admin-detail-state">
            <CompanyStateBadge company={company} />
          </p>
          <ActionNotice notice={notice} />

          <section className="card admin-actions-card" aria-labelledby="company-actions">
            <h2 id="company-actions">{t('company.actions')}</h2>
            <div className="actions">
              {!company.verified_at && (
                <button type="button" className="btn btn-primary" onClick={() => setConfirm('verify')}>
                  {t('company.verify')}
                </button>
              )}
              {company.disabled_at ? (
                <button type="button" className="btn btn-secondary" onClick={() => setConfirm('enable')}>
                  {t('company.enable')}
                </button>
              ) : (
                <button type="button" className="btn btn-secondary btn-danger-outline" onClick={() => setConfirm('disable')}>
                  {t('company.disable')}
                </button>
              )}
              {!company.disabled_at && (
                <button
                  type="button"
                  className="btn btn-secondary"
                  disabled={acting || data.users.length === 0}
                  aria-describedby={data.users.length === 0 ? 'company-act-why' : undefined}
                  onClick={() => void loginAs()}
                >
                  {acting ? t('company.loggingIn') : t('company.loginAs')}
                </button>
              )}
            </div>
            {!company.disabled_at && data.users.length === 0 && (
              <p className="hint" id="company-act-why">
                {t('loginAsClient.noUser')}
              </p>
            )}
          </section>

          <section className="card" aria-labelledby="company-data">
            <h2 id="company-data">{t('company.data')}</h2>
            <CompanyData company={company} />
          </section>

          <section className="card" aria-labelledby="company-testimonial">
            <h2 id="company-testimonial">{t('company.testimonial')}</h2>
            {data.testimonial ? (
              <>
                <TestimonialCard testimonial={data.testimonial} headingLevel={3} />
                <p>
                  <LocalizedLink to="adminTestimonials">{t('company.manageTestimonials')}</LocalizedLink>
                </p>
              </>
            ) : (
              <p className="hint">{t('company.noTestimonial')}</p>
            )}
          </section>

          <section className="card admin-users-card" aria-labelledby="company-users">
            <h2 id="company-users">{t('company.users')}</h2>
            {data.users.length === 0 ? (
              <p className="hint">{t('company.noUsers')}</p>
            ) : (
              <table className="admin-table admin-table-cards admin-table-plain">
                <caption className="visually-hidden">{t('company.usersCaption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('company.userEmail')}</th>
                    <th scope="col">{t('company.userName')}</th>
                    <th scope="col">{t('company.phone')}</th>
                    <th scope="col">{t('company.emailVerification')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.users.map((u) => (
                    <tr key={u.id}>
                      <th scope="row" className="admin-cell-title admin-cell-email">
                        {u.email}
                      </th>
                      <td data-label={t('company.userName')}>{u.name || t('common.none')}</td>
                      <td data-label={t('company.phone')}>{u.phone || t('common.none')}</td>
                      <td data-label={t('company.emailVerification')}>
                        <span className="badges">
                          <EmailStateBadge verifiedAt={u.email_verified_at} />
                          {u.email_verified_at && <span className="hint">{formatDate(u.email_verified_at)}</span>}
                          {u.disabled_at && <Badge tone="bad">{t('state.disabled')}</Badge>}
                        </span>
                        {u.pending_email && <p className="hint admin-pending-email">{t('company.pendingEmail', { email: u.pending_email })}</p>}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>

          {(['verify', 'disable', 'enable'] as const).map((action) => (
            <ConfirmDialog
              key={action}
              open={confirm === action}
              title={t(`company.confirm.${action}Title`, { name: company.name })}
              text={t(`company.confirm.${action}Text`)}
              confirmLabel={t(`company.${action}`)}
              danger={action === 'disable'}
              onConfirm={() => run(action)}
              onClose={() => setConfirm(null)}
            />
          ))}
        </div>
      )}
    </AdminPage>
  );
}
