import { useTranslation } from 'react-i18next';
import { Page, PageLink, Section, StepList, TextList, useList, type TitledText } from './page-parts';

export default function PulsPage() {
  const { t } = useTranslation('pages');
  const facts = useList('puls.facts.items');
  const steps = useList<TitledText>('puls.steps.items');
  const when = useList('puls.when.items');

  return (
    <Page title={t('puls.title')} lead={t('puls.lead')}>
      <Section title={t('puls.facts.title')} id="puls-facts" className="public-highlight">
        <TextList items={facts} />
      </Section>

      <Section title={t('puls.steps.title')} id="puls-steps">
        <StepList items={steps} />
      </Section>

      <Section title={t('puls.when.title')} id="puls-when">
        <TextList items={when} />
        <p>{t('puls.languages')}</p>
      </Section>

      <p className="public-actions">
        <PageLink to="register" className="btn btn-primary">
          {t('conductingResearch.cta.register')}
        </PageLink>
        <PageLink to="reports" className="btn btn-secondary">
          {t('reports.title')}
        </PageLink>
      </p>
    </Page>
  );
}
