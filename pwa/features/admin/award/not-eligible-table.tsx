import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AwardEntry } from '../../../../shared/schemas/award';
import type { NumberFormat } from '../../../lib/number-format';
import { EmptyState } from '../admin-parts';
import type { AwardYearAdmin } from '../award-api';
import { notEligibleReasons, occupancyText } from '../award-format';
import { formatDate } from '../format';
import { CompanyCell, ScrollTable } from './award-table-parts';

/** The surveys that are not eligible, each failed rule in words; while the year is open an excluded one can be included again. */
export function NotEligibleTable({
  data,
  entries,
  f,
  busy,
  onInclude,
}: {
  data: AwardYearAdmin;
  entries: AwardEntry[];
  f: NumberFormat;
  busy: boolean;
  onInclude: (entry: AwardEntry) => void;
}) {
  const { t } = useTranslation('admin');
  const headingId = useId();
  const open = data.status === 'open';
  return (
    <section className="award-section" data-testid="award-not-eligible">
      <h2 id={headingId}>{t('award.notEligible.title')}</h2>
      {entries.length === 0 ? (
        <EmptyState>{t('award.notEligible.empty')}</EmptyState>
      ) : (
        <ScrollTable labelledBy={headingId}>
          <table className="admin-table award-table">
            <caption className="visually-hidden">{t('award.notEligible.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('award.columns.company')}</th>
                <th scope="col">{t('award.columns.survey')}</th>
                <th scope="col" className="award-num">{t('award.columns.employees')}</th>
                <th scope="col" className="award-num">{t('award.columns.responses')}</th>
                <th scope="col" className="award-num">{t('award.columns.occupancy')}</th>
                <th scope="col">{t('award.columns.finished')}</th>
                <th scope="col">{t('award.columns.reasons')}</th>
                {open && (
                  <th scope="col">
                    <span className="visually-hidden">{t('common.actions')}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => {
                const reasons = notEligibleReasons(e, { year: data.year, entries: data.entries, t, f });
                return (
                  <tr key={e.survey_id}>
                    <CompanyCell entry={e} />
                    <td>{e.survey_name}</td>
                    <td className="award-num">{f.num(e.employees)}</td>
                    <td className="award-num">{f.num(e.responses)}</td>
                    <td className="award-num">{occupancyText(f, e)}</td>
                    <td className="admin-cell-nowrap">{formatDate(e.finished_at)}</td>
                    <td className="award-reasons">
                      {reasons.length > 0 && (
                        <ul>
                          {reasons.map((text) => (
                            <li key={text}>{text}</li>
                          ))}
                        </ul>
                      )}
                    </td>
                    {open && (
                      <td className="admin-cell-actions">
                        {e.excluded && (
                          <button
                            type="button"
                            className="btn btn-secondary btn-small"
                            disabled={busy}
                            aria-label={t('award.includeOf', { company: e.company_name })}
                            onClick={() => onInclude(e)}
                          >
                            {t('award.include')}
                          </button>
                        )}
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollTable>
      )}
    </section>
  );
}
