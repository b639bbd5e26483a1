import { useTranslation } from 'react-i18next';
import type { RouteId } from '../../../shared/routes';
import { LocalizedLink, LocalizedNavLink } from '../../components/ui/localized-link';
import { LogoutButton } from '../../session/logout-button';
import './admin-shell.css';

const ADMIN_LINKS: { id: RouteId; key: string; end?: boolean }[] = [
  { id: 'adminApplications', key: 'applications' },
  { id: 'admin', key: 'home', end: true },
  { id: 'adminCompanies', key: 'companies' },
  { id: 'adminOutbox', key: 'outbox' },
  { id: 'adminPrices', key: 'prices' },
  { id: 'adminTestimonials', key: 'testimonials' },
  { id: 'adminAward', key: 'award' },
  { id: 'adminBlogs', key: 'blogs' },
  { id: 'adminAuditLog', key: 'auditLog' },
  { id: 'loginAsClient', key: 'loginAsClient' },
];

/** Administrator pages show this navigation instead of the main header. */
export function AdminNav() {
  const { t } = useTranslation('admin');
  return (
    <header className="admin-header" data-testid="admin-nav">
      <div className="admin-topbar">
        <div className="container admin-topbar-inner">
          <LocalizedLink to="admin" className="admin-brand">
            {t('nav.title')}
          </LocalizedLink>
          <div className="admin-topbar-actions">
            <LocalizedLink to="home" className="admin-topbar-link">
              {t('nav.backToSite')}
            </LocalizedLink>
            <LogoutButton className="admin-topbar-link admin-logout" />
          </div>
        </div>
      </div>
      <nav className="admin-nav" aria-label={t('nav.label')}>
        <ul className="container admin-nav-list">
          {ADMIN_LINKS.map(({ id, key, end }) => (
            <li key={id}>
              <LocalizedNavLink to={id} end={end} className="admin-nav-link">
                {t(`nav.${key}`)}
              </LocalizedNavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
