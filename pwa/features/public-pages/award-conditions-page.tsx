import { useTranslation } from 'react-i18next';
import { CardList, Page, Section, TextList, useList, type TitledText } from './page-parts';

interface OccupancyRow {
  range: string;
  value: string;
}

/**
 * The Best Employer award rules (product-decisions.md). The page is always reachable by its URL,
 * also in markets ('ba', 'si') where the header hides its navigation entry.
 */
export default function AwardConditionsPage() {
  const { t } = useTranslation('pages');
  const eligibility = useList('awardConditions.eligibility.items');
  const rows = useList<OccupancyRow>('awardConditions.occupancy.rows');
  const classes = useList<TitledText>('awardConditions.classes.items');
  const special = useList('awardConditions.special.items');

  return (
    <Page title={t('awardConditions.title')} lead={t('awardConditions.lead')}>
      <Section title={t('awardConditions.eligibility.title')} id="award-eligibility">
        <TextList items={eligibility} />
      </Section>

      <Section title={t('awardConditions.occupancy.title')} id="award-occupancy">
        <div className="public-table-wrap">
          <table className="public-table">
            <thead>
              <tr>
                <th scope="col">{t('awardConditions.occupancy.employees')}</th>
                <th scope="col">{t('awardConditions.occupancy.minimum')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={i}>
                  <th scope="row">{row.range}</th>
                  <td>{row.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      <Section title={t('awardConditions.classes.title')} id="award-classes">
        <CardList items={classes} />
      </Section>

      <div className="public-columns">
        <Section title={t('awardConditions.ranking.title')} id="award-ranking">
          <p>{t('awardConditions.ranking.text')}</p>
        </Section>
        <Section title={t('awardConditions.special.title')} id="award-special">
          <p>{t('awardConditions.special.text')}</p>
          <TextList items={special} />
        </Section>
      </div>

      <Section title={t('awardConditions.publication.title')} id="award-publication">
        <p>{t('awardConditions.publication.text')}</p>
      </Section>
    </Page>
  );
}
