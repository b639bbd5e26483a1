import { useTranslation } from 'react-i18next';
import { EmptyStatePage } from './page-parts';

/** A single blog post (/blogi/:slug). No posts exist yet, so every slug shows the same notice. */
export default function BlogPostPage() {
  const { t } = useTranslation('pages');
  return (
    <EmptyStatePage
      title={t('blogPost.title')}
      emptyTitle={t('blogPost.emptyTitle')}
      emptyText={t('blogPost.emptyText')}
      link="blogs"
      linkText={t('blogPost.emptyLink')}
    />
  );
}
