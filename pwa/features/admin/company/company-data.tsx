import { useTranslation } from 'react-i18next';
import type { AdminCompany } from '../admin-api';
import { formatDateTime } from '../format';

/** The company's registered data and logo. */
export function CompanyData({ company }: { company: AdminCompany }) {
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
