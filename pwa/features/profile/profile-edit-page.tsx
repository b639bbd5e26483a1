import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import { useResource } from '../../lib/use-resource';
import { ProfileDetailsForm } from './profile-details-form';
import { EmailChangeSection, LogoSection, SessionsSection } from './profile-sections';
import { getProfile } from './profile-api';
import './profile.css';

export default function ProfileEditPage() {
  const { t, i18n } = useTranslation('account');
  // Loaded again when the language changes, as the page always did (the request carries the language as X-Locale).
  const resource = useResource((signal) => getProfile(signal), i18n.language);
  const profile = resource.data;
  const setProfile = resource.replace;
  const failed = resource.status === 'error' ? (resource.error instanceof Error ? resource.error.message : t('form.loadError')) : null;
  useDocumentTitle(t('profile.title'));

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
            <button type="button" className="btn btn-secondary btn-small" onClick={resource.reload}>
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
            <EmailChangeSection profile={profile} onRequested={(email) => resource.update((p) => ({ ...p, pending_email: email }))} />
            <SessionsSection />
          </div>
        )}
      </div>
    </div>
  );
}
