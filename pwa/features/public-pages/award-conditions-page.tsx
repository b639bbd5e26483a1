import { useTranslation } from 'react-i18next';
import {
  AWARD_MIN_EMPLOYEES,
  AWARD_OCCUPANCY_THRESHOLDS,
  AWARD_PLACES,
  AWARD_SIZE_CLASSES,
  AWARD_SIZE_CLASS_BOUNDS,
  AWARD_SPECIAL_CATEGORIES,
} from '../../../shared/award';
import { useShell } from '../../session/shell-store';
import { LocalizedLink } from '../../components/ui/localized-link';
import { useLocale } from '../../i18n/use-locale';
import { boundsText, finishByDay } from '../../lib/award';
import { formatNumber, formatPercent } from '../../../shared/format';
import { CardList, Page, Section, TextList } from './page-parts';

/**
 * The Best Employer award rules (product-decisions.md). Every number on the page comes from shared/award.ts,
 * the constants the server's computation applies, so the page cannot state a rule the computation does not.
 * The page is always reachable by its URL, also in markets ('ba', 'si') where the header hides its entry.
 */
export default function AwardConditionsPage() {
  const { t } = useTranslation('pages');
  const locale = useLocale();
  const { availableYears } = useShell();

  const eligibility = [
    t('awardConditions.eligibility.izz'),
    t('awardConditions.eligibility.firstOfYear'),
    t('awardConditions.eligibility.minEmployees', { count: AWARD_MIN_EMPLOYEES }),
    t('awardConditions.eligibility.finishedBy', { date: finishByDay(locale) }),
    t('awardConditions.eligibility.occupancy'),
  ];
  const classes = AWARD_SIZE_CLASSES.map((id) => {
    const bounds = boundsText(AWARD_SIZE_CLASS_BOUNDS[id]);
    return {
      title: t(`awardConditions.classes.${id}`),
      text: bounds.open ? t('awardConditions.classes.rangeOpen', bounds) : t('awardConditions.classes.range', bounds),
    };
  });

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
              {AWARD_OCCUPANCY_THRESHOLDS.map((row) => (
                <tr key={row.minEmployees}>
                  <th scope="row">
                    {row.maxEmployees === null
                      ? t('awardConditions.occupancy.rangeOpen', { from: formatNumber(row.minEmployees, locale) })
                      : t('awardConditions.occupancy.range', { from: formatNumber(row.minEmployees, locale), to: formatNumber(row.maxEmployees, locale) })}
                  </th>
                  <td>{formatPercent(row.minPct, locale)}</td>
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
          <p>{t('awardConditions.ranking.places', { places: AWARD_PLACES })}</p>
        </Section>
        <Section title={t('awardConditions.special.title')} id="award-special">
          <p>{t('awardConditions.special.text')}</p>
          <TextList items={AWARD_SPECIAL_CATEGORIES.map((id) => t(`awardConditions.special.categories.${id}`))} />
        </Section>
      </div>

      <Section title={t('awardConditions.publication.title')} id="award-publication">
        <p>{t('awardConditions.publication.text')}</p>
      </Section>

      {availableYears.length > 0 && (
        <Section title={t('awardConditions.pastWinners.title')} id="award-past-winners">
          <p>{t('awardConditions.pastWinners.text')}</p>
          <ul className="award-year-links">
            {availableYears.map((year) => (
              <li key={year}>
                <LocalizedLink className="btn btn-secondary btn-small" to="pastWinners" params={{ slug: String(year) }}>
                  {String(year)}
                </LocalizedLink>
              </li>
            ))}
          </ul>
        </Section>
      )}
    </Page>
  );
}
