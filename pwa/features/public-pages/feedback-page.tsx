import { useTranslation } from 'react-i18next';
import { EmptyStatePage } from './page-parts';

/** Client testimonials ('user experiences'); companies submit them in their profile (later issue). */
export default function FeedbackPage() {
  const { t } = useTranslation('pages');
  return (
    <EmptyStatePage
      title={t('feedback.title')}
      lead={t('feedback.lead')}
      emptyTitle={t('feedback.emptyTitle')}
      emptyText={t('feedback.emptyText')}
      link="conductingResearch"
      linkText={t('feedback.emptyLink')}
    />
  );
}
