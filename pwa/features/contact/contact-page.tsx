import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../i18n/use-locale';
import { ContactForm } from './contact-form';
import { telHref, useSiteContact } from './use-site-contact';
import { useDocumentTitle } from '../../components/ui/use-document-title';
import './contact.css';

export default function ContactPage() {
  const { t } = useTranslation('pages');
  const path = useLocalizedPath();
  const contact = useSiteContact();
  useDocumentTitle(t('contact.title'));

  return (
    <div className="page contact-page">
      <div className="container">
        <header className="page-header">
          <h1>{t('contact.title')}</h1>
          <p className="lead">{t('contact.lead')}</p>
        </header>
        <div className="contact-layout">
          <section className="contact-form-section" aria-labelledby="contact-form-title">
            <h2 id="contact-form-title">{t('contact.form.title')}</h2>
            <ContactForm />
            <p className="hint contact-privacy">
              {t('contact.form.privacy')} <Link to={path('gdpr')}>{t('contact.form.privacyLink')}</Link>
            </p>
          </section>
          <aside className="card contact-details" aria-labelledby="contact-details-title">
            <h2 id="contact-details-title">{t('contact.details.title')}</h2>
            {contact.status === 'loading' && <p className="hint">{t('contact.details.loading')}</p>}
            {contact.status === 'unavailable' && <p className="hint">{t('contact.details.unavailable')}</p>}
            {contact.status === 'ready' && (
              <dl>
                {contact.email && (
                  <>
                    <dt>{t('contact.details.email')}</dt>
                    <dd>
                      <a href={`mailto:${contact.email}`}>{contact.email}</a>
                    </dd>
                  </>
                )}
                {contact.phone && (
                  <>
                    <dt>{t('contact.details.phone')}</dt>
                    <dd>
                      <a href={telHref(contact.phone)}>{contact.phone}</a>
                    </dd>
                  </>
                )}
              </dl>
            )}
          </aside>
        </div>
      </div>
    </div>
  );
}
