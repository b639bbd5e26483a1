/** A published award year's result: eligible or which rules failed, the place in the size class, the awards won with their certificate and badge. */
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { AWARD_MIN_EMPLOYEES, AWARD_SIZE_CLASS_BOUNDS, type AwardRule, type AwardSizeClass } from '../../../shared/award';
import type { AwardCompanyYear, AwardWon } from '../../../shared/schemas/award';
import { boundsText, finishByDate, placeKey } from '../../lib/award';
import { formatDate } from '../../lib/dates';
import { useLocale } from '../../i18n/use-locale';
import { awardFileUrl } from './profile-api';

/** A size class with its bounds: "Small companies (20–50 employees)". */
function sizeClassText(t: TFunction, sizeClass: AwardSizeClass): string {
  const bounds = boundsText(AWARD_SIZE_CLASS_BOUNDS[sizeClass]);
  const range = bounds.open ? t('award.employeesFrom', bounds) : t('award.employeesRange', bounds);
  return t('award.classWithRange', { name: t(`award.classes.${sizeClass}`), range });
}

/** Why the survey did not take part, rule by rule (the company sees the rules, not the administrator's notes). */
function ruleText(t: TFunction, rule: AwardRule, year: number): string {
  switch (rule) {
    case 'izz':
      return t('award.rules.izz');
    case 'first_of_year':
      return t('award.rules.firstOfYear', { year });
    case 'min_employees':
      return t('award.rules.minEmployees', { count: AWARD_MIN_EMPLOYEES });
    case 'finished_by':
      return t('award.rules.finishedBy', { date: formatDate(finishByDate(year)) });
    case 'occupancy':
      return t('award.rules.occupancy');
  }
}

function awardName(t: TFunction, award: AwardWon, sizeClass: AwardSizeClass | null): string {
  if (award.kind !== 'class') return t(`award.categories.${award.kind}`);
  const place = t(`award.place.${placeKey(award.place)}`, { place: award.place });
  return sizeClass ? t('award.classPlace', { place, name: t(`award.classes.${sizeClass}`) }) : place;
}

export function AwardResult({ item }: { item: AwardCompanyYear }) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const result = item.result;
  if (!result) return null;
  return (
    <div className="award-result" data-testid="award-result">
      <h3>{t('award.result.title')}</h3>
      {result.eligible ? (
        <p className="award-verdict award-verdict-ok">{t('award.result.eligible')}</p>
      ) : (
        <>
          <p className="award-verdict">{t('award.result.notEligible')}</p>
          <ul className="award-failed">
            {result.failed.map((rule) => (
              <li key={rule}>{ruleText(t, rule, item.year)}</li>
            ))}
            {result.excluded && <li>{t('award.result.excluded')}</li>}
          </ul>
        </>
      )}
      {result.eligible && result.size_class && (
        <dl className="award-facts">
          <div>
            <dt>{t('award.result.sizeClass')}</dt>
            <dd>{sizeClassText(t, result.size_class)}</dd>
          </div>
          {result.rank !== null && (
            <div>
              <dt>{t('award.result.rank')}</dt>
              <dd data-testid="award-rank">
                {result.class_count === null ? result.rank : t('award.result.rankOf', { rank: result.rank, total: result.class_count })}
              </dd>
            </div>
          )}
        </dl>
      )}
      {result.awards.length > 0 ? (
        <>
          <h3>{t('award.result.awards')}</h3>
          <ul className="award-won">
            {result.awards.map((award) => {
              const name = awardName(t, award, result.size_class);
              return (
                <li key={award.kind} className="award-won-item">
                  <span className="award-won-name">{name}</span>
                  <span className="download-list">
                    <a
                      className="btn btn-secondary btn-small"
                      href={awardFileUrl(item.year, 'certificate', award.kind, locale)}
                      download
                      aria-label={t('award.certificateOf', { award: name })}
                    >
                      {t('award.certificate')}
                    </a>
                    <a className="btn btn-secondary btn-small" href={awardFileUrl(item.year, 'badge', award.kind, locale)} download aria-label={t('award.badgeOf', { award: name })}>
                      {t('award.badge')}
                    </a>
                  </span>
                </li>
              );
            })}
          </ul>
        </>
      ) : (
        result.eligible && <p>{t('award.result.none')}</p>
      )}
    </div>
  );
}
