import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { localizedPath } from '../../shared/routes';
import { useLocale } from '../i18n/use-locale';
import { api } from '../lib/api';
import { setUser } from './shell-store';

/** Logs out: the server revokes the session (POST /api/auth/logout), then the home page. */
export function LogoutButton({ className = 'btn btn-secondary btn-small' }: { className?: string }) {
  const { t } = useTranslation('common');
  const locale = useLocale();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const onClick = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await api('/api/auth/logout', { method: 'POST' });
      setUser(null);
      navigate(localizedPath('home', locale));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className={className} onClick={() => void onClick()} disabled={busy} data-testid="logout-button">
        {t('header.logout')}
      </button>
      {failed && (
        <span className="field-error" role="alert">
          {t('error.retry')}
        </span>
      )}
    </>
  );
}
