import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../i18n/use-locale';
import { useDocumentTitle } from '../../components/ui/use-document-title';

/**
 * Rendered for routes whose screens arrive with later issues (accounts, applications, the
 * questionnaire, profile, reports). Several of them have no header or footer, so the notice
 * carries its own way back.
 */
export default function UpcomingPage() {
  const { t } = useTranslation('pages');
  const path = useLocalizedPath();
  useDocumentTitle(t('upcoming.title'));

  return (
    <div className="page">
      <div className="container">
        <div className="empty-state" style={{ marginTop: '2rem' }}>
          <h1>{t('upcoming.title')}</h1>
          <p>{t('upcoming.text')}</p>
          <p style={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', justifyContent: 'center' }}>
            <Link to={path('home')} className="btn btn-primary">
              {t('upcoming.home')}
            </Link>
            <Link to={path('contact')} className="btn btn-secondary">
              {t('upcoming.contact')}
            </Link>
          </p>
        </div>
      </div>
    </div>
  );
}
