import { useTranslation } from 'react-i18next';
import { EmptyStatePage } from './page-parts';

/** Blog posts come with their own issue; until then an honest empty state. */
export default function BlogsPage() {
  const { t } = useTranslation('pages');
  return (
    <EmptyStatePage
      title={t('blogs.title')}
      lead={t('blogs.lead')}
      emptyTitle={t('blogs.emptyTitle')}
      emptyText={t('blogs.emptyText')}
      link="conductingResearch"
      linkText={t('blogs.emptyLink')}
    />
  );
}
