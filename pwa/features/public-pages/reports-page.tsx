import { useTranslation } from 'react-i18next';
import { CardList, Page, Section, TextList, useList, type TitledText } from './page-parts';

export default function ReportsPage() {
  const { t } = useTranslation('pages');
  const kinds = useList<TitledText>('reports.kinds.items');
  const formats = useList('reports.formats.items');
  const timing = useList('reports.timing.items');

  return (
    <Page title={t('reports.title')} lead={t('reports.lead')}>
      <Section title={t('reports.kinds.title')} id="reports-kinds">
        <CardList items={kinds} />
      </Section>

      <Section title={t('reports.formats.title')} id="reports-formats">
        <TextList items={formats} />
      </Section>

      <div className="public-columns">
        <Section title={t('reports.filters.title')} id="reports-filters">
          <p>{t('reports.filters.text')}</p>
        </Section>
        <Section title={t('reports.threshold.title')} id="reports-threshold" className="public-highlight">
          <p>{t('reports.threshold.text')}</p>
        </Section>
      </div>

      <Section title={t('reports.timing.title')} id="reports-timing">
        <TextList items={timing} />
      </Section>
    </Page>
  );
}
