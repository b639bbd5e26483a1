import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AWARD_SIZE_CLASS_BOUNDS, type AwardSizeClass } from '../../../../shared/award';
import type { AwardEntry } from '../../../../shared/schemas/award';
import type { NumberFormat } from '../../../lib/number-format';
import { Badge, EmptyState } from '../admin-parts';
import { awardName, employeesText, occupancyText } from '../award-format';
import { CompanyCell, ScrollTable } from './award-table-parts';

/** The ranking of one size class; while the year is open each survey can be excluded. */
export function ClassTable({
  sizeClass,
  entries,
  open,
  f,
  busy,
  onExclude,
}: {
  sizeClass: AwardSizeClass;
  entries: AwardEntry[];
  open: boolean;
  f: NumberFormat;
  busy: boolean;
  onExclude: (entry: AwardEntry) => void;
}) {
  const { t } = useTranslation('admin');
  const headingId = useId();
  const name = t(`award.classes.${sizeClass}`);
  const range = employeesText(t, AWARD_SIZE_CLASS_BOUNDS[sizeClass]);
  return (
    // Not a landmark itself: its table frame is the region named by the heading.
    <section className="award-section" data-testid={`award-class-${sizeClass}`}>
      <h2 id={headingId}>
        {name} <span className="award-heading-range">({range})</span>
      </h2>
      {entries.length === 0 ? (
        <EmptyState>{t('award.classEmpty')}</EmptyState>
      ) : (
        <ScrollTable labelledBy={headingId}>
          <table className="admin-table award-table">
            <caption className="visually-hidden">{t('award.classCaption', { name, range })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('award.columns.rank')}</th>
                <th scope="col">{t('award.columns.company')}</th>
                <th scope="col">{t('award.columns.survey')}</th>
                <th scope="col" className="award-num">{t('award.columns.employees')}</th>
                <th scope="col" className="award-num">{t('award.columns.responses')}</th>
                <th scope="col" className="award-num">{t('award.columns.occupancy')}</th>
                <th scope="col" className="award-num">{t('award.columns.esi')}</th>
                <th scope="col" className="award-num">{t('award.columns.enps')}</th>
                <th scope="col">{t('award.columns.awards')}</th>
                {open && (
                  <th scope="col">
                    <span className="visually-hidden">{t('common.actions')}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.survey_id}>
                  <td className="award-num award-rank">{e.rank ?? t('common.none')}</td>
                  <CompanyCell entry={e} />
                  <td>{e.survey_name}</td>
                  <td className="award-num">{f.num(e.employees)}</td>
                  <td className="award-num">{f.num(e.responses)}</td>
                  <td className="award-num">{occupancyText(f, e)}</td>
                  <td className="award-num">{f.num(e.esi, 1)}</td>
                  <td className="award-num">{f.signed(e.enps, 1)}</td>
                  <td>
                    {e.awards.length > 0 ? (
                      <span className="badges">
                        {e.awards.map((a) => (
                          <Badge key={a.kind} tone="ok">
                            {awardName(t, a)}
                          </Badge>
                        ))}
                      </span>
                    ) : (
                      t('common.none')
                    )}
                  </td>
                  {open && (
                    <td className="admin-cell-actions">
                      <button
                        type="button"
                        className="btn btn-secondary btn-small btn-danger-outline"
                        disabled={busy}
                        aria-label={t('award.excludeOf', { company: e.company_name })}
                        onClick={() => onExclude(e)}
                      >
                        {t('award.exclude')}
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
    </section>
  );
}
