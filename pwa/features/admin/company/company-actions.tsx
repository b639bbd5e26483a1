import { useTranslation } from 'react-i18next';
import type { AdminCompany, CompanyAction } from '../admin-api';

/** Verify, disable or enable the company (each asks first), and log in as its user. */
export function CompanyActions({
  company,
  hasUsers,
  acting,
  onConfirm,
  onLoginAs,
}: {
  company: AdminCompany;
  hasUsers: boolean;
  acting: boolean;
  onConfirm: (action: CompanyAction) => void;
  onLoginAs: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <section className="card admin-actions-card" aria-labelledby="company-actions">
      <h2 id="company-actions">{t('company.actions')}</h2>
      <div className="actions">
        {!company.verified_at && (
          <button type="button" className="btn btn-primary" onClick={() => onConfirm('verify')}>
            {t('company.verify')}
          </button>
        )}
        {company.disabled_at ? (
          <button type="button" className="btn btn-secondary" onClick={() => onConfirm('enable')}>
            {t('company.enable')}
          </button>
        ) : (
          <button type="button" className="btn btn-secondary btn-danger-outline" onClick={() => onConfirm('disable')}>
            {t('company.disable')}
          </button>
        )}
        {!company.disabled_at && (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={acting || !hasUsers}
            aria-describedby={!hasUsers ? 'company-act-why' : undefined}
            onClick={onLoginAs}
          >
            {acting ? t('company.loggingIn') : t('company.loginAs')}
          </button>
        )}
      </div>
      {!company.disabled_at && !hasUsers && (
        <p className="hint" id="company-act-why">
          {t('loginAsClient.noUser')}
        </p>
      )}
    </section>
  );
}
