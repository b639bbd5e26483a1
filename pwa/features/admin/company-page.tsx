/**
 * One company as the administrator sees it (admin/podjetja/:id): its state and actions (verify, disable, enable, log
 * in as its user), its data, its testimonial and its user accounts.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LocalizedLink } from '../../components/ui/localized-link';
import { ApiError } from '../../lib/api';
import { useResource } from '../../lib/use-resource';
import { changeCompany, getCompany, type CompanyAction } from './admin-api';
import { ActionNotice, AdminPage, ConfirmDialog, ErrorState, LoadingState, useErrorText, type Notice } from './admin-parts';
import { CompanyStateBadge } from './company-state';
import { TestimonialCard } from './testimonial-card';
import { useActAsClient } from './use-act-as-client';
import { CompanyActions } from './company/company-actions';
import { CompanyData } from './company/company-data';
import { CompanyUsers } from './company/company-users';

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
          <CompanyActions
            company={company}
            hasUsers={data.users.length > 0}
            acting={acting}
            onConfirm={setConfirm}
            onLoginAs={() => void loginAs()}
          />

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

          <CompanyUsers users={data.users} />

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
