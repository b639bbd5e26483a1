import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyStatePage } from './page-parts';

/** Past winners of a year (/pretekli-nagrajenci/:slug, the slug is the year). Results arrive with the award issue. */
export default function PastWinnersPage() {
  const { t } = useTranslation('pages');
  const { slug = '' } = useParams();
  const year = /^\d{4}$/.test(slug) ? slug : null;
  return (
    <EmptyStatePage
      title={year ? t('pastWinners.titleWithYear', { year }) : t('pastWinners.title')}
      emptyTitle={t('pastWinners.emptyTitle')}
      emptyText={t('pastWinners.emptyText')}
      link="awardConditions"
      linkText={t('pastWinners.emptyLink')}
    />
  );
}
