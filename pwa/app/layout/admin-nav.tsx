import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { RouteId } from '../../../shared/routes';
import { LocalizedLink, LocalizedNavLink } from '../../components/ui/localized-link';
import { useLocalizedPath } from '../../i18n/use-locale';
import { api } from '../api';
import { setUser } from '../shell-store';
import './admin-shell.css';

const ADMIN_LINKS: { id: RouteId; key: string; end?: boolean }[] = [
  { id: 'admin', key: 'home', end: true },
  { id: 'adminCompanies', key: 'companies' },
  { id: 'adminOutbox', key: 'outbox' },
  { id: 'adminTestimonials', key: 'testimonials' },
  { id: 'adminAuditLog', key: 'auditLog' },
  { id: 'loginAsClient', key: 'loginAsClient' },
];

/** Administrator pages show this navigation instead of the main header. */
export function AdminNav() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const path = useLocalizedPath();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const logout = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await api('/api/auth/logout', { method: 'POST' });
      setUser(null);
      await navigate(path('home'));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

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
            <button type="button" className="admin-topbar-link admin-logout" disabled={busy} onClick={() => void logout()}>
              {busy ? t('nav.loggingOut') : t('nav.logout')}
            </button>
          </div>
        </div>
      </div>
      {failed && (
        <div className="container">
          <p className="notice notice-error admin-logout-error" role="alert">
            {t('nav.logoutFailed')}
          </p>
        </div>
      )}
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
