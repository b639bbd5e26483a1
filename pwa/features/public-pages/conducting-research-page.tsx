import { useTranslation } from 'react-i18next';
import { Page, PageLink, Section, StepList, TextList, useList, type TitledText } from './page-parts';

export default function ConductingResearchPage() {
  const { t } = useTranslation('pages');
  const timeline = useList<TitledText>('conductingResearch.timeline.items');
  const modes = useList('conductingResearch.modes.items');
  const codes = useList('conductingResearch.codes.items');
  const tips = useList('conductingResearch.tips.items');

  return (
    <Page title={t('conductingResearch.title')} lead={t('conductingResearch.lead')}>
      <Section title={t('conductingResearch.timeline.title')} id="research-timeline">
        <StepList items={timeline} />
      </Section>

      <div className="public-columns">
        <Section title={t('conductingResearch.modes.title')} id="research-modes">
          <TextList items={modes} />
        </Section>
        <Section title={t('conductingResearch.codes.title')} id="research-codes">
          <p>{t('conductingResearch.codes.text')}</p>
          <TextList items={codes} />
          <p>{t('conductingResearch.codes.paper')}</p>
        </Section>
      </div>

      <Section title={t('conductingResearch.participants.title')} id="research-participants">
        <p className="notice notice-info">{t('conductingResearch.participants.text')}</p>
      </Section>

      <Section title={t('conductingResearch.tips.title')} id="research-tips">
        <TextList items={tips} />
      </Section>

      <section className="section public-cta" aria-labelledby="research-cta">
        <h2 id="research-cta">{t('conductingResearch.cta.title')}</h2>
        <p className="public-actions">
          <PageLink to="register" className="btn btn-primary">
            {t('conductingResearch.cta.register')}
          </PageLink>
          <PageLink to="calculator" className="btn btn-secondary">
            {t('conductingResearch.cta.calculator')}
          </PageLink>
        </p>
      </section>
    </Page>
  );
}
