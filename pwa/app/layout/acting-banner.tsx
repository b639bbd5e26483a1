import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { localizedPath } from '../../../shared/routes';
import { useLocale } from '../../i18n/use-locale';
import { ApiError, api } from '../../lib/api';
import { refreshUser, useShell } from '../../session/shell-store';
import './admin-shell.css';

/**
 * Shown on every page while an administrator acts as a company's user (login-as-client):
 * whose account this is, and a way back to the administrator's own session.
 */
export function ActingBanner() {
  const { t } = useTranslation('admin');
  const { user } = useShell();
  const locale = useLocale();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!user?.acting_admin) return null;
  // The e-mail goes in as a React text node (never parsed as markup), in bold.
  const [before = '', after = ''] = t('acting.text', { email: '\u0000' }).split('\u0000');

  const stop = async () => {
    setBusy(true);
    setError(null);
    try {
      await api('/api/admin/login-as-client/stop', { method: 'POST' });
      await refreshUser();
      await navigate(localizedPath('adminCompanies', locale));
    } catch (e) {
      setError(e instanceof ApiError && e.message ? e.message : t('acting.stopFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <aside className="acting-banner" aria-label={t('acting.label')} data-testid="acting-banner">
      <div className="container acting-banner-inner">
        <p className="acting-banner-text">
          {before}
          <strong className="acting-banner-email">{user.email}</strong>
          {after}
        </p>
        <button type="button" className="btn btn-small acting-banner-stop" disabled={busy} onClick={() => void stop()}>
          {busy ? t('acting.stopping') : t('acting.stop')}
        </button>
        {error && (
          <p className="acting-banner-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </aside>
  );
}
