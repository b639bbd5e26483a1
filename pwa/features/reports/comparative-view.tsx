/**
 * The comparative report on the web, one of three variants of ComparativeFigures rendered as they come:
 * - 'years': the trend (ESI and eNPS, and the nine categories as small multiples), then participation, categories and
 *   statements (collapsible per category) with one column per survey;
 * - 'groups': the whole survey and each group as columns, each group's difference from the whole survey;
 * - 'group-years': per group a small trend and small tables with the years as columns.
 * Every value carries its change; ▲ / ▼ (with words for screen readers) only where `significant` says so. A hidden
 * column is marked in every cell with its reason, never dropped. Headings in the UI language, question texts in the
 * report language.
 */
import type { ReactNode } from 'react';
import type { ComparativeFigures } from '../../../shared/schemas/comparison';
import { GroupsView, GroupYearsView, YearsView } from './comparative-variants';
import './comparison.css';

export { hiddenReasonText } from './comparative-cells';

export function ComparativeView({ figures }: { figures: ComparativeFigures }) {
  let body: ReactNode;
  if (figures.variant === 'years') body = <YearsView figures={figures} />;
  else if (figures.variant === 'groups') body = <GroupsView figures={figures} />;
  else body = <GroupYearsView figures={figures} />;
  return (
    <div className="report" data-testid="report" data-variant={figures.variant}>
      {body}
    </div>
  );
}
