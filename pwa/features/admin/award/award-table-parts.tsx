/** What the award's tables share: the company cell with its markers, a sideways-scrolling frame, the ranking order. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AwardEntry } from '../../../../shared/schemas/award';
import { Badge } from '../admin-parts';

export const byRank = (a: AwardEntry, b: AwardEntry) => (a.rank ?? Infinity) - (b.rank ?? Infinity) || a.company_name.localeCompare(b.company_name);

/** The company cell: its name and the markers the administrator must see (name withheld, excluded). */
export function CompanyCell({ entry }: { entry: AwardEntry }) {
  const { t } = useTranslation('admin');
  return (
    <th scope="row" className="award-company">
      <span className="award-company-name">{entry.company_name}</span>
      {entry.withdrawn_name && (
        <span className="award-markers">
          <Badge tone="neutral">{t('award.withdrawnName')}</Badge>
        </span>
      )}
      {entry.excluded && <span className="award-excluded">{t('award.excludedMarker', { reason: entry.excluded.reason })}</span>}
    </th>
  );
}

/** A table that scrolls sideways inside its own frame on narrow screens (keyboard users can focus it to scroll). */
export function ScrollTable({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <div className="admin-table-wrap award-table-scroll" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </div>
  );
}
