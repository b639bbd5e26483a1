import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '../../../shared/schemas/user';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { ProfileDetailsForm } from './profile-details-form';
import { EmailChangeSection, LogoSection, SessionsSection } from './profile-sections';
import { getProfile } from './profile-api';
import './profile.css';

export default function ProfileEditPage() {
  const { t } = useTranslation('account');
  const [profile, setProfile] = useState<Profile | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useDocumentTitle(t('profile.title'));

  useEffect(() => {
    const controller = new AbortController();
    getProfile(controller.signal).then(setProfile, (err: unknown) => {
      if (!(err instanceof DOMException && err.name === 'AbortError')) setFailed(err instanceof Error ? err.message : t('form.loadError'));
    });
    return () => controller.abort();
  }, [attempt, t]);

  return (
    <div className="page profile-page">
      <div className="container profile-container">
        <header className="page-header">
          <h1>{t('profile.title')}</h1>
          <p className="lead">{t('profile.lead')}</p>
        </header>
        {failed && !profile && (
          <div className="notice notice-error" role="alert">
            <p>{failed}</p>
            <button
              type="button"
              className="btn btn-secondary btn-small"
              onClick={() => {
                setFailed(null);
                setAttempt((n) => n + 1);
              }}
            >
              {t('form.retry')}
            </button>
          </div>
        )}
        {!profile && !failed && (
          <p className="hint" role="status">
            {t('form.loading')}
          </p>
        )}
        {profile && (
          <div className="stack-lg">
            <LogoSection profile={profile} onChange={setProfile} />
            <ProfileDetailsForm profile={profile} onSaved={setProfile} />
            <EmailChangeSection profile={profile} onRequested={(email) => setProfile((p) => (p ? { ...p, pending_email: email } : p))} />
            <SessionsSection />
          </div>
        )}
      </div>
    </div>
  );
}
