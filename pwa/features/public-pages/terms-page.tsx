import { useTranslation } from 'react-i18next';
import { LegalSections, Page, PageLink, useList, type LegalSection } from './page-parts';

export default function TermsPage() {
  const { t } = useTranslation('pages');
  const sections = useList<LegalSection>('termsOfService.sections');
  return (
    <Page title={t('termsOfService.title')} lead={t('termsOfService.lead')} className="legal-page">
      <LegalSections sections={sections} idPrefix="terms" />
      <p>
        <PageLink to="contact" className="btn btn-secondary">
          {t('common.contactUs')}
        </PageLink>
      </p>
    </Page>
  );
}
