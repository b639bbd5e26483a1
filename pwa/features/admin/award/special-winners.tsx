import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AWARD_SPECIAL_CATEGORIES } from '../../../../shared/award';
import type { NumberFormat } from '../../../lib/number-format';
import { Badge } from '../admin-parts';
import type { AwardYearAdmin } from '../award-api';
import { specialFigure } from '../award-format';

/** The winners of each special category, with the figure that won it. */
export function SpecialWinners({ data, f }: { data: AwardYearAdmin; f: NumberFormat }) {
  const { t } = useTranslation('admin');
  const headingId = useId();
  return (
    <section className="award-section" aria-labelledby={headingId} data-testid="award-special">
      <h2 id={headingId}>{t('award.special.title')}</h2>
      <ul className="award-special-list">
        {AWARD_SPECIAL_CATEGORIES.map((category) => {
          const winners = data.entries.filter((e) => e.awards.some((a) => a.kind === category));
          return (
            <li key={category} className="card">
              <h3>{t(`award.special.categories.${category}`)}</h3>
              {winners.length === 0 ? (
                <p className="hint">{t('award.special.none')}</p>
              ) : (
                <ul className="award-special-winners">
                  {winners.map((e) => (
                    <li key={e.survey_id}>
                      <strong>{e.company_name}</strong> <span className="hint">{specialFigure(t, f, category, e)}</span>
                      {e.withdrawn_name && (
                        <>
                          {' '}
                          <Badge tone="neutral">{t('award.withdrawnName')}</Badge>
                        </>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
