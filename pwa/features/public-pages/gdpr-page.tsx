import { useTranslation } from 'react-i18next';
import { LegalSections, Page, PageLink, useList, type LegalSection } from './page-parts';

export default function GdprPage() {
  const { t } = useTranslation('pages');
  const sections = useList<LegalSection>('gdpr.sections');
  return (
    <Page title={t('gdpr.title')} lead={t('gdpr.lead')} className="legal-page">
      <LegalSections sections={sections} idPrefix="gdpr" />
      <p>
        <PageLink to="contact" className="btn btn-secondary">
          {t('common.contactUs')}
        </PageLink>
      </p>
    </Page>
  );
}
