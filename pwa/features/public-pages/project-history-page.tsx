import { useTranslation } from 'react-i18next';
import { Page, useList } from './page-parts';

interface Milestone {
  period: string;
  title: string;
  text: string;
}

export default function ProjectHistoryPage() {
  const { t } = useTranslation('pages');
  const items = useList<Milestone>('projectHistory.items');

  return (
    <Page title={t('projectHistory.title')} lead={t('projectHistory.lead')}>
      <ol className="public-timeline">
        {items.map((item, i) => (
          <li key={i}>
            <p className="public-timeline-period">{item.period}</p>
            <h2>{item.title}</h2>
            <p>{item.text}</p>
          </li>
        ))}
      </ol>
    </Page>
  );
}
