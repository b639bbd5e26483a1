import { useTranslation } from 'react-i18next';
import type { AdminCompanyDetail } from '../admin-api';
import { Badge } from '../admin-parts';
import { EmailStateBadge } from '../company-state';
import { formatDate } from '../format';

/** The company's user accounts: e-mail, name, phone and the e-mail's verification. */
export function CompanyUsers({ users }: { users: AdminCompanyDetail['users'] }) {
  const { t } = useTranslation('admin');
  return (
    <section className="card admin-users-card" aria-labelledby="company-users">
      <h2 id="company-users">{t('company.users')}</h2>
      {users.length === 0 ? (
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
            {users.map((u) => (
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
  );
}
